import { eq } from 'drizzle-orm';
import { array, create } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ACTIVITY } from '../../contracts/account-activity.ts';
import { recordActivity } from '../../server/accounts/activity.ts';
import { accountActivity, sessions, users } from '../../server/db/schema.ts';
import { hashToken } from '../../server/lib/tokens.ts';
import { ActivityEntryStruct } from '../../src/api/sessions.ts';
import { linkIn, startTestServer, type TestServer } from '../helpers/server.ts';
import { freshIp, get, mailedHash, send, signUp } from './auth-helpers.ts';
import { hashOf } from './profile-fixtures.ts';

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const DAY = 24 * 3_600_000;

describe('recent activity: GET /auth/v1/activity', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  async function activity(headers: { authorization: string }) {
    const response = await get(server, '/auth/v1/activity', headers);
    expect(response.statusCode).toBe(200);
    return create(response.json(), array(ActivityEntryStruct));
  }

  const kinds = async (headers: { authorization: string }) =>
    (await activity(headers)).map((entry) => entry.kind);

  const signInAttempt = (email: string, password: string, ip: string) =>
    send(
      server,
      'POST',
      '/auth/guest/auth',
      { login: email, password },
      { ip, headers: { 'user-agent': CHROME_WINDOWS } },
    );

  it('records sign-ins and failed sign-ins with time, address and device, newest first', async () => {
    const account = await signUp(server, 'activity-signin@example.com');
    expect((await signInAttempt(account.email, 'wrong-password', '203.0.113.5')).statusCode).toBe(401);
    server.clock.advance(1_000);
    expect((await signInAttempt(account.email, account.password, '203.0.113.6')).statusCode).toBe(200);
    const [signIn, failed, created] = await activity(account.headers);
    expect(signIn).toMatchObject({
      kind: ACTIVITY.signIn,
      ip: '203.0.113.6',
      device: 'Chrome on Windows',
      at: server.clock.now().toISOString(),
    });
    expect(failed).toMatchObject({
      kind: ACTIVITY.signInFailed,
      ip: '203.0.113.5',
      device: 'Chrome on Windows',
    });
    expect(created?.kind).toBe(ACTIVITY.passwordSetFromLink);
    // A wrong address names no account, so it is nobody's event.
    expect((await signInAttempt('nobody@example.com', 'x', freshIp())).statusCode).toBe(401);
  });

  it("shows only the caller's own events", async () => {
    const owner = await signUp(server, 'activity-owner@example.com');
    const other = await signUp(server, 'activity-other@example.com');
    await signInAttempt(other.email, 'wrong', freshIp());
    const ownEvents = await activity(owner.headers);
    const otherIds = new Set((await activity(other.headers)).map((entry) => entry.id));
    expect(ownEvents.some((entry) => otherIds.has(entry.id))).toBe(false);
  });

  it('records password change, e-mail change and deletion steps, and signing browsers out', async () => {
    const account = await signUp(server, 'activity-flows@example.com');
    const base = `/auth/v1/profile_settings/user/${account.userId}`;
    const fields = { password: account.password };
    const post = (url: string, body: Record<string, string | number> = {}) =>
      send(server, 'POST', url, body, { headers: account.headers, ip: freshIp() });

    const changed = await post(`${base}/team/${account.teamId}/change_password`, {
      ...fields,
      new_password: 'second-secret',
      confirm: 'second-secret',
    });
    expect(changed.statusCode).toBe(200);
    const password = 'second-secret';
    expect(
      (await post(`${base}/team/${account.teamId}/change_email`, { password, email: 'new-1@example.com' }))
        .statusCode,
    ).toBe(200);
    expect((await post(`${base}/change_email/revoke`)).statusCode).toBe(200);
    // One confirmation mail a minute per user.
    server.clock.advance(61_000);
    expect(
      (await post(`${base}/team/${account.teamId}/change_email`, { password, email: 'new-2@example.com' }))
        .statusCode,
    ).toBe(200);
    server.clock.advance(61_000);
    expect((await post(`${base}/change_email/resend`)).statusCode).toBe(200);
    const hash = hashOf(linkIn(await server.lastMailTo('new-2@example.com'), '/changeEmail/'));
    const accepted = await send(server, 'POST', '/auth/v1/profile_settings/change_email/accept', { hash });
    expect(accepted.statusCode).toBe(200);
    const deletion = await server.app.inject({
      method: 'DELETE',
      url: `/auth/v1/user/${account.userId}`,
      headers: { ...account.headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `password=${password}`,
    });
    expect(deletion.statusCode).toBe(200);
    server.clock.advance(61_000);
    expect((await post(`/auth/v1/user/${account.userId}/resend`)).statusCode).toBe(200);
    expect((await post(`/auth/v1/user/${account.userId}/revoke`)).statusCode).toBe(200);
    const second = (await signInAttempt('new-2@example.com', password, freshIp())).json().access_token;
    const third = (await signInAttempt('new-2@example.com', password, freshIp())).json().access_token;
    const [secondRow] = await server.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(second)));
    await server.app.inject({
      method: 'DELETE',
      url: `/auth/v1/sessions/${secondRow!.id}`,
      headers: account.headers,
    });
    await server.app.inject({ method: 'DELETE', url: '/auth/v1/sessions/others', headers: account.headers });
    expect((await get(server, '/auth/v1/check', { authorization: `Bearer ${third}` })).statusCode).toBe(401);
    await get(server, '/auth/v1/logout', account.headers);

    const rows = await server.db
      .select({ kind: accountActivity.kind })
      .from(accountActivity)
      .where(eq(accountActivity.userId, account.userId))
      .orderBy(accountActivity.id);
    expect(rows.map((row) => row.kind)).toEqual([
      ACTIVITY.passwordSetFromLink,
      ACTIVITY.passwordChanged,
      ACTIVITY.emailChangeRequested,
      ACTIVITY.emailChangeCancelled,
      ACTIVITY.emailChangeRequested,
      ACTIVITY.emailChangeResent,
      ACTIVITY.emailChangeConfirmed,
      ACTIVITY.deletionRequested,
      ACTIVITY.deletionResent,
      ACTIVITY.deletionCancelled,
      ACTIVITY.signIn,
      ACTIVITY.signIn,
      ACTIVITY.sessionRevoked,
      ACTIVITY.otherSessionsRevoked,
      ACTIVITY.signOut,
    ]);
  });

  it('writes no event when the change it records fails, even late in its transaction', async () => {
    const account = await signUp(server, 'activity-atomic@example.com');
    const before = await kinds(account.headers);
    const wrong = await send(
      server,
      'POST',
      `/auth/v1/profile_settings/user/${account.userId}/team/${account.teamId}/change_password`,
      { password: 'not-my-password', new_password: 'another1', confirm: 'another1' },
      { headers: account.headers },
    );
    expect(wrong.statusCode).toBe(400);
    // The mail is queued after the event in the same transaction: when it fails, both the new password and the
    // event are rolled back.
    const mailFails = vi.spyOn(server.app.deps.mailer, 'send').mockRejectedValueOnce(new Error('disk full'));
    const failed = await send(
      server,
      'POST',
      `/auth/v1/profile_settings/user/${account.userId}/team/${account.teamId}/change_password`,
      { password: account.password, new_password: 'another1', confirm: 'another1' },
      { headers: account.headers },
    );
    mailFails.mockRestore();
    expect(failed.statusCode).toBe(500);
    expect(await kinds(account.headers)).toEqual(before);
    expect((await signInAttempt(account.email, account.password, freshIp())).statusCode).toBe(200);
  });

  it('never holds a token, a password or a link secret', async () => {
    const account = await signUp(server, 'activity-secrets@example.com');
    await send(server, 'POST', '/auth/guest/recovery-password', { login: account.email }, { ip: freshIp() });
    const hash = await mailedHash(server, account.email, '/resPassword/');
    const reset = await send(
      server,
      'POST',
      '/auth/guest/set-new-password',
      { hash, password: 'reset-secret', confirm: 'reset-secret' },
      { ip: freshIp() },
    );
    const token: string = reset.json().access_token;
    await signInAttempt(account.email, 'typo-secret', freshIp());
    const headers = { authorization: `Bearer ${token}` };
    const rows = await server.db
      .select()
      .from(accountActivity)
      .where(eq(accountActivity.userId, account.userId));
    const listed = JSON.stringify((await get(server, '/auth/v1/activity', headers)).json());
    const [user] = await server.db.select().from(users).where(eq(users.id, account.userId));
    for (const secret of [
      token,
      hashToken(token),
      account.token,
      hashToken(account.token),
      hash,
      hashToken(hash),
      account.password,
      'reset-secret',
      'typo-secret',
      user!.passwordHash!,
    ]) {
      expect(JSON.stringify(rows)).not.toContain(secret);
      expect(listed).not.toContain(secret);
    }
    expect(rows.map((row) => row.kind).sort()).toEqual(
      [ACTIVITY.passwordSetFromLink, ACTIVITY.passwordSetFromLink, ACTIVITY.signInFailed].sort(),
    );
  });

  it('keeps 90 days: older events are hidden at once and pruned at the next write', async () => {
    const account = await signUp(server, 'activity-prune@example.com');
    const start = server.clock.now();
    await recordActivity(server.db, {
      userId: account.userId,
      kind: ACTIVITY.signIn,
      ip: '192.0.2.1',
      userAgent: '',
      at: new Date(start.getTime() - 89 * DAY),
    });
    expect(await kinds(account.headers)).toHaveLength(2);
    server.clock.advance(DAY + 1_000);
    // The 89-day-old event is now past 90 days: hidden though not yet deleted.
    const stored = () =>
      server.db.select().from(accountActivity).where(eq(accountActivity.userId, account.userId));
    expect(await kinds(account.headers)).toEqual([ACTIVITY.passwordSetFromLink]);
    expect(await stored()).toHaveLength(2);
    await signInAttempt(account.email, 'wrong', freshIp());
    const left = await stored();
    expect(left.map((row) => row.kind).sort()).toEqual([ACTIVITY.passwordSetFromLink, ACTIVITY.signInFailed]);
  });
});
