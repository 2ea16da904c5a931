import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../server/accounts/passwords.ts';
import { sessions, teams, users } from '../../server/db/schema.ts';
import { hashToken, randomToken } from '../../server/lib/tokens.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { asUser, call, createAccount, PASSWORD, paths } from './profile-fixtures.ts';

async function secondSession(server: TestServer, userId: number) {
  const token = randomToken();
  const [row] = await server.db
    .insert(sessions)
    .values({
      userId,
      tokenHash: hashToken(token),
      expiresAt: new Date(server.clock.now().getTime() + 3_600_000),
    })
    .returning({ id: sessions.id });
  return { id: row!.id, headers: { authorization: `Bearer ${token}` } };
}

const change = (password: string, newPassword: string, confirm = newPassword) => ({
  password,
  new_password: newPassword,
  confirm,
});

describe('change password', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('refuses a wrong current password with the text the screen shows', async () => {
    const user = await createAccount(server);
    const response = await call(
      server,
      'POST',
      paths.changePassword(user),
      change('wrong-one', 'new-secret'),
      user,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'incorrect_password', message: 'Incorrect password' });
  });

  it('applies the spec 5 rules to the new password', async () => {
    const user = await createAccount(server);
    const short = await call(server, 'POST', paths.changePassword(user), change(PASSWORD, '12345'), user);
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Minimum 6 symbols are required');
    const mismatch = await call(
      server,
      'POST',
      paths.changePassword(user),
      change(PASSWORD, '123456', '1234567'),
      user,
    );
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe('Passwords do not match');
    const tooLong = await call(
      server,
      'POST',
      paths.changePassword(user),
      change(PASSWORD, 'x'.repeat(1025)),
      user,
    );
    expect(tooLong.statusCode).toBe(400);
  });

  it('stores the new password and its date, and signs out every other session and its event stream', async () => {
    const user = await createAccount(server);
    const other = await secondSession(server, user.userId);
    let streamClosed = false;
    server.app.deps.hub.onSessionRevoked(other.id, () => {
      streamClosed = true;
    });
    const response = await call(
      server,
      'POST',
      paths.changePassword(user),
      { ...change(PASSWORD, 'brand-new-secret'), user_id: user.userId, team_id: user.teamId },
      user,
    );
    expect(response.statusCode).toBe(200);
    const body = asUser(response.json());
    expect(body.id).toBe(user.userId);
    expect(body.changePasswordAt).toBe(server.clock.now().toISOString());

    const [row] = await server.db.select().from(users).where(eq(users.id, user.userId));
    expect(await verifyPassword(row!.passwordHash, 'brand-new-secret')).toBe(true);
    expect(await verifyPassword(row!.passwordHash, PASSWORD)).toBe(false);

    expect(streamClosed).toBe(true);
    const byOther = await call(server, 'POST', paths.precheck(user), {}, { ...user, headers: other.headers });
    expect(byOther.statusCode).toBe(401);
    const byOwn = await call(server, 'POST', paths.precheck(user), {}, user);
    expect(byOwn.statusCode).toBe(200);
    expect((await server.lastMailTo(user.email))?.subject).toMatch(/password has changed/);
  });

  it('refuses a team the caller is not a member of', async () => {
    const user = await createAccount(server);
    const [team] = await server.db.insert(teams).values({ name: 'Elsewhere' }).returning();
    const response = await call(
      server,
      'POST',
      `v1/profile_settings/user/${user.userId}/team/${team!.id}/change_password`,
      change(PASSWORD, 'brand-new-secret'),
      user,
    );
    expect(response.statusCode).toBe(403);
  });

  it('is rate-limited per user, and the limit passes with time', async () => {
    const user = await createAccount(server);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      const response = await call(
        server,
        'POST',
        paths.changePassword(user),
        change('wrong-one', 'new-secret'),
        user,
      );
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
    server.clock.advance(15 * 60_000);
    const later = await call(
      server,
      'POST',
      paths.changePassword(user),
      change(PASSWORD, 'new-secret'),
      user,
    );
    expect(later.statusCode).toBe(200);
  });
});
