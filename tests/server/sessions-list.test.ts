import { and, eq } from 'drizzle-orm';
import { array, create } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVITY } from '../../contracts/account-activity.ts';
import { accountActivity, sessions } from '../../server/db/schema.ts';
import { hashToken } from '../../server/lib/tokens.ts';
import { RevokedStruct, SignedInBrowserStruct } from '../../src/api/sessions.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { freshIp, get, send, signUp } from './auth-helpers.ts';

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('sessions: GET/DELETE /auth/v1/sessions', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  async function signInFrom(email: string, password: string, ip: string, userAgent: string) {
    const response = await send(
      server,
      'POST',
      '/auth/guest/auth',
      { login: email, password },
      { ip, headers: { 'user-agent': userAgent } },
    );
    expect(response.statusCode).toBe(200);
    return response.json().access_token as string;
  }

  async function sessionIdOf(token: string): Promise<number> {
    const [row] = await server.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    return row!.id;
  }

  function list(token: string) {
    return get(server, '/auth/v1/sessions', bearer(token));
  }

  function revoke(token: string, id: number | string) {
    return server.app.inject({ method: 'DELETE', url: `/auth/v1/sessions/${id}`, headers: bearer(token) });
  }

  /** Records which sessions the event hub was told to close (the event stream route closes on this). */
  function watchClosed(ids: number[]): number[] {
    const closed: number[] = [];
    for (const id of ids) server.app.deps.hub.onSessionRevoked(id, () => closed.push(id));
    return closed;
  }

  it('lists every signed-in browser of the user with its device, address and times, this one marked', async () => {
    const account = await signUp(server, 'list@example.com');
    const firefox = await signInFrom(account.email, account.password, '192.0.2.10', FIREFOX_LINUX);
    const iphone = await signInFrom(account.email, account.password, '198.51.100.7', SAFARI_IPHONE);
    const outsider = await signUp(server, 'list-outsider@example.com');

    const response = await list(firefox);
    expect(response.statusCode).toBe(200);
    const browsers = create(response.json(), array(SignedInBrowserStruct));
    expect(browsers).toHaveLength(3);
    const byId = new Map(browsers.map((browser) => [browser.id, browser]));
    expect(byId.get(await sessionIdOf(firefox))).toMatchObject({
      device: 'Firefox on Linux',
      ip: '192.0.2.10',
      current: true,
      createdAt: server.clock.now().toISOString(),
    });
    expect(byId.get(await sessionIdOf(iphone))).toMatchObject({
      device: 'Safari on iOS',
      ip: '198.51.100.7',
      current: false,
    });
    expect(browsers.filter((browser) => browser.current)).toHaveLength(1);
    expect(browsers[0]?.current).toBe(true);
    expect(byId.has(await sessionIdOf(outsider.token))).toBe(false);
    expect(JSON.stringify(response.json())).not.toContain(firefox);
  });

  it('signs out one browser: it gets 401 at once and its event streams close; the others stay', async () => {
    const account = await signUp(server, 'revoke-one@example.com');
    const other = await signInFrom(account.email, account.password, freshIp(), SAFARI_IPHONE);
    const otherId = await sessionIdOf(other);
    const closed = watchClosed([otherId, await sessionIdOf(account.token)]);

    const response = await revoke(account.token, otherId);
    expect(response.statusCode).toBe(200);
    expect(create(response.json(), RevokedStruct)).toEqual({ ok: true });
    expect(closed).toEqual([otherId]);
    expect((await get(server, '/auth/v1/check', bearer(other))).statusCode).toBe(401);
    expect((await list(other)).statusCode).toBe(401);
    expect((await get(server, '/auth/v1/check', account.headers)).statusCode).toBe(200);
    const remaining = create((await list(account.token)).json(), array(SignedInBrowserStruct));
    expect(remaining.map((browser) => browser.id)).toEqual([await sessionIdOf(account.token)]);
    // Replayed: the session is already ended.
    expect((await revoke(account.token, otherId)).statusCode).toBe(404);
  });

  it('signs out every other browser and keeps this one', async () => {
    const account = await signUp(server, 'revoke-others@example.com');
    const second = await signInFrom(account.email, account.password, freshIp(), FIREFOX_LINUX);
    const third = await signInFrom(account.email, account.password, freshIp(), SAFARI_IPHONE);
    const otherIds = [await sessionIdOf(second), await sessionIdOf(third)];
    const closed = watchClosed([...otherIds, await sessionIdOf(account.token)]);

    const response = await server.app.inject({
      method: 'DELETE',
      url: '/auth/v1/sessions/others',
      headers: account.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(create(response.json(), RevokedStruct)).toEqual({ ok: true, revoked: 2 });
    expect(closed.sort()).toEqual(otherIds.sort());
    for (const token of [second, third])
      expect((await get(server, '/auth/v1/check', bearer(token))).statusCode).toBe(401);
    const remaining = create((await list(account.token)).json(), array(SignedInBrowserStruct));
    expect(remaining.map((browser) => browser.current)).toEqual([true]);
  });

  it('lets exactly one of 10 concurrent sign-outs of one browser succeed, with one recorded event', async () => {
    const account = await signUp(server, 'revoke-race@example.com');
    const other = await signInFrom(account.email, account.password, freshIp(), FIREFOX_LINUX);
    const otherId = await sessionIdOf(other);
    const answers = await Promise.all(Array.from({ length: 10 }, () => revoke(account.token, otherId)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, ...Array(9).fill(404)]);
    const events = await server.db
      .select()
      .from(accountActivity)
      .where(
        and(eq(accountActivity.userId, account.userId), eq(accountActivity.kind, ACTIVITY.sessionRevoked)),
      );
    expect(events).toHaveLength(1);
  });

  it("answers 404 for another user's session and leaves it alive, the same as for a missing one", async () => {
    const owner = await signUp(server, 'owner-of-session@example.com');
    const intruder = await signUp(server, 'intruder@example.com');
    const ownerId = await sessionIdOf(owner.token);

    const foreign = await revoke(intruder.token, ownerId);
    const missing = await revoke(intruder.token, 2_000_000_000);
    expect(foreign.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
    expect(foreign.json()).toEqual({ error: 'not_found', message: 'No such session.' });
    expect((await get(server, '/auth/v1/check', owner.headers)).statusCode).toBe(200);

    const others = await server.app.inject({
      method: 'DELETE',
      url: '/auth/v1/sessions/others',
      headers: intruder.headers,
    });
    expect(others.json()).toEqual({ ok: true, revoked: 0 });
    expect((await get(server, '/auth/v1/check', owner.headers)).statusCode).toBe(200);
  });

  it('answers 401 to a signed-out, revoked or expired session on every new call', async () => {
    const account = await signUp(server, 'stale@example.com');
    const revoked = await signInFrom(account.email, account.password, freshIp(), FIREFOX_LINUX);
    await revoke(account.token, await sessionIdOf(revoked));
    const calls = [
      ['GET', '/auth/v1/sessions'],
      ['DELETE', '/auth/v1/sessions/others'],
      ['DELETE', `/auth/v1/sessions/${await sessionIdOf(account.token)}`],
      ['GET', '/auth/v1/activity'],
    ] as const;
    for (const [method, url] of calls) {
      for (const headers of [{}, bearer(revoked), bearer('x'.repeat(43))]) {
        const response = await server.app.inject({ method, url, headers });
        expect(response.statusCode, `${method} ${url}`).toBe(401);
        expect(response.json()).toMatchObject({ error: 'unauthorized' });
      }
    }
    expect((await get(server, '/auth/v1/check', account.headers)).statusCode).toBe(200);
  });

  it('refuses bad ids and any body with a 400, never a 5xx', async () => {
    const account = await signUp(server, 'bad-input@example.com');
    for (const id of ['abc', '0', '-1', '1.5', '99999999999', '%00']) {
      const response = await revoke(account.token, id);
      expect(response.statusCode, id).toBe(400);
      expect(response.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    }
    const withBody = await server.app.inject({
      method: 'DELETE',
      url: '/auth/v1/sessions/others',
      headers: { ...account.headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ all: true }),
    });
    expect(withBody.statusCode).toBe(400);
    expect((await get(server, '/auth/v1/check', account.headers)).statusCode).toBe(200);
  });

  it('stores a hostile user agent safely: NUL removed, at most 512 characters', async () => {
    const account = await signUp(server, 'agent@example.com');
    const token = await signInFrom(
      account.email,
      account.password,
      freshIp(),
      `Firefox/1\u0000${'x'.repeat(5000)}`,
    );
    const [row] = await server.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, await sessionIdOf(token)));
    expect(row!.userAgent).not.toContain('\u0000');
    expect(row!.userAgent).toHaveLength(512);
    expect((await list(token)).statusCode).toBe(200);
  });

  it('writes "last active" at most once a minute', async () => {
    const account = await signUp(server, 'last-active@example.com');
    const lastActive = async () =>
      create((await list(account.token)).json(), array(SignedInBrowserStruct))[0]!.lastActiveAt;
    const signedInAt = server.clock.now().toISOString();
    expect(await lastActive()).toBe(signedInAt);
    server.clock.advance(59_000);
    expect(await lastActive()).toBe(signedInAt);
    server.clock.advance(2_000);
    const later = server.clock.now().toISOString();
    expect(await lastActive()).toBe(later);
    server.clock.advance(30_000);
    expect(await lastActive()).toBe(later);
  });
});
