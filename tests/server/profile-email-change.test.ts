import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema.ts';
import { linkIn, startTestServer, type TestServer } from '../helpers/server.ts';
import { asUser, call, createAccount, hashOf, PASSWORD, paths } from './profile-fixtures.ts';

let n = 0;
const freshAddress = () => `new-${++n}-${Date.now()}@example.net`;

describe('change e-mail', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('checks the password and the address, with human messages', async () => {
    const user = await createAccount(server);
    const other = await createAccount(server);
    const wrong = await call(
      server,
      'POST',
      paths.changeEmail(user),
      { password: 'nope', email: freshAddress() },
      user,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: 'incorrect_password', message: 'Incorrect password' });

    const invalid = await call(
      server,
      'POST',
      paths.changeEmail(user),
      { password: PASSWORD, email: 'not-an-address' },
      user,
    );
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe('Invalid e-mail');

    const same = await call(
      server,
      'POST',
      paths.changeEmail(user),
      { password: PASSWORD, email: user.email.toUpperCase() },
      user,
    );
    expect(same.statusCode).toBe(400);
    expect(same.json().error).toBe('same_email');

    const taken = await call(
      server,
      'POST',
      paths.changeEmail(user),
      { password: PASSWORD, email: other.email },
      user,
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      error: 'email_taken',
      message: expect.stringMatching(/already used/),
    });
  });

  it('holds the address as pending, mails the link to the new address and a notice to the old one, then switches', async () => {
    const user = await createAccount(server);
    const address = freshAddress();
    const events: (number | string)[] = [];
    server.app.deps.hub.subscribe(user.teamId, (event) => events.push(event.value));
    const response = await call(
      server,
      'POST',
      paths.changeEmail(user),
      {
        userId: user.userId,
        user_id: user.userId,
        team_id: user.teamId,
        password: PASSWORD,
        email: `  ${address.toUpperCase()} `,
        url: 'http://evil.example/changeEmail',
      },
      user,
    );
    expect(response.statusCode).toBe(200);
    const pending = asUser(response.json());
    expect(pending).toMatchObject({ email: user.email, statusChangeEmail: 10, newChangeEmail: address });

    const link = linkIn(await server.lastMailTo(address), '/changeEmail/');
    // The link is built from PUBLIC_URL, never from the url the caller sent.
    expect(link.startsWith(`${server.config.publicUrl}/changeEmail/`)).toBe(true);
    expect((await server.lastMailTo(user.email))?.text).toContain(address);

    const accepted = await call(server, 'POST', paths.acceptEmail, { hash: hashOf(link) });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ ok: true });
    const [row] = await server.db.select().from(users).where(eq(users.id, user.userId));
    expect(row).toMatchObject({ email: address, statusChangeEmail: 0, newChangeEmail: null });
    expect((await server.lastMailTo(user.email))?.subject).toMatch(/has changed/);
    expect(events).toContain(30);

    const again = await call(server, 'POST', paths.acceptEmail, { hash: hashOf(link) });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe('invalid_link');
  });

  it('resends at most once a minute, and only the newest link works', async () => {
    const user = await createAccount(server);
    const nothing = await call(server, 'POST', paths.resendEmail(user), { userId: user.userId }, user);
    expect(nothing.statusCode).toBe(400);

    const address = freshAddress();
    await call(server, 'POST', paths.changeEmail(user), { password: PASSWORD, email: address }, user);
    const first = linkIn(await server.lastMailTo(address), '/changeEmail/');
    // The request and the resend share one confirmation mail a minute.
    const sameMinute = await call(server, 'POST', paths.resendEmail(user), { userId: user.userId }, user);
    expect(sameMinute.statusCode).toBe(429);
    server.clock.advance(60_000);
    const resent = await call(
      server,
      'POST',
      paths.resendEmail(user),
      { userId: user.userId, url: 'x' },
      user,
    );
    expect(resent.statusCode).toBe(200);
    expect(asUser(resent.json()).statusChangeEmail).toBe(10);
    const second = linkIn(await server.lastMailTo(address), '/changeEmail/');
    expect(second).not.toBe(first);

    const tooSoon = await call(server, 'POST', paths.resendEmail(user), { userId: user.userId }, user);
    expect(tooSoon.statusCode).toBe(429);
    server.clock.advance(60_000);
    const later = await call(server, 'POST', paths.resendEmail(user), { userId: user.userId }, user);
    expect(later.statusCode).toBe(200);
    const third = linkIn(await server.lastMailTo(address), '/changeEmail/');

    for (const old of [first, second]) {
      const response = await call(server, 'POST', paths.acceptEmail, { hash: hashOf(old) });
      expect(response.statusCode).toBe(400);
    }
    expect((await call(server, 'POST', paths.acceptEmail, { hash: hashOf(third) })).statusCode).toBe(200);
  });

  it('revokes the request and its link', async () => {
    const user = await createAccount(server);
    const address = freshAddress();
    await call(server, 'POST', paths.changeEmail(user), { password: PASSWORD, email: address }, user);
    const link = linkIn(await server.lastMailTo(address), '/changeEmail/');
    const revoked = await call(server, 'POST', paths.revokeEmail(user), { user_id: user.userId }, user);
    expect(revoked.statusCode).toBe(200);
    expect(asUser(revoked.json())).toMatchObject({ statusChangeEmail: 0, newChangeEmail: null });
    const accepted = await call(server, 'POST', paths.acceptEmail, { hash: hashOf(link) });
    expect(accepted.statusCode).toBe(400);
    expect(accepted.json().error).toBe('invalid_link');
  });

  it('answers revoke without a body too', async () => {
    const user = await createAccount(server);
    const response = await call(server, 'POST', paths.revokeEmail(user), undefined, user);
    expect(response.statusCode).toBe(200);
  });

  it('fails cleanly with 409 when the address was taken meanwhile, and keeps the old address', async () => {
    const user = await createAccount(server);
    const address = freshAddress();
    await call(server, 'POST', paths.changeEmail(user), { password: PASSWORD, email: address }, user);
    const link = linkIn(await server.lastMailTo(address), '/changeEmail/');
    await createAccount(server, { email: address });
    const response = await call(server, 'POST', paths.acceptEmail, { hash: hashOf(link) });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe('email_taken');
    const [row] = await server.db.select().from(users).where(eq(users.id, user.userId));
    expect(row!.email).toBe(user.email);
  });

  it('lets only one of two accounts have the same new address', async () => {
    const first = await createAccount(server);
    const second = await createAccount(server);
    const address = freshAddress();
    await call(server, 'POST', paths.changeEmail(first), { password: PASSWORD, email: address }, first);
    const firstLink = linkIn(await server.lastMailTo(address), '/changeEmail/');
    await call(server, 'POST', paths.changeEmail(second), { password: PASSWORD, email: address }, second);
    const secondLink = linkIn(await server.lastMailTo(address), '/changeEmail/');
    const answers = await Promise.all(
      [firstLink, secondLink].map((link) => call(server, 'POST', paths.acceptEmail, { hash: hashOf(link) })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
  });
});
