import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_GONE } from '../../contracts/password-link.ts';
import { AUTH_LIMITS } from '../../server/accounts/rate-limits.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { freshIp, mailedHash, send, signUp } from './auth-helpers.ts';

const HOUR = 3_600_000;
const CHECK = '/auth/guest/link/check';

/** spec 2: the create- and reset-password pages ask whether their link still works when they open. */
describe('password link check', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const check = (hash: string, purpose: string, ip = freshIp()) =>
    send(server, 'POST', CHECK, { hash, purpose }, { ip });
  const setPassword = (hash: string) =>
    send(
      server,
      'POST',
      '/auth/guest/set-new-password',
      { hash, password: 'secret1', confirm: 'secret1' },
      { ip: freshIp() },
    );
  const createLink = async (email: string) => {
    await send(server, 'POST', '/auth/guest/register', { login: email }, { ip: freshIp() });
    return mailedHash(server, email, '/createPassword/');
  };

  it('answers 200 for a live create-password link without using it, and 410 once it is used', async () => {
    const hash = await createLink('check-create@example.com');
    for (let i = 0; i < 3; i++) {
      const live = await check(hash, 'create_password');
      expect(live.statusCode).toBe(200);
      expect(live.json()).toEqual({ ok: true });
    }
    expect((await setPassword(hash)).statusCode).toBe(200);
    const used = await check(hash, 'create_password');
    expect(used.statusCode).toBe(410);
    expect(used.json()).toEqual(LINK_GONE);
  });

  it('answers 410 for an expired reset link, a link of the other purpose and a bogus hash', async () => {
    const account = await signUp(server, 'check-reset@example.com');
    await send(server, 'POST', '/auth/guest/recovery-password', { login: account.email }, { ip: freshIp() });
    const hash = await mailedHash(server, account.email, '/resPassword/');
    expect((await check(hash, 'reset_password')).statusCode).toBe(200);
    expect((await check(hash, 'create_password')).json()).toEqual(LINK_GONE);
    expect((await check('no-such-link', 'reset_password')).statusCode).toBe(410);
    server.clock.advance(HOUR);
    expect((await check(hash, 'reset_password')).statusCode).toBe(410);
  });

  it('refuses a missing or unknown purpose and an empty hash with 400', async () => {
    const bodies: Record<string, string>[] = [
      { hash: 'abc' },
      { hash: 'abc', purpose: 'delete_account' },
      { hash: '', purpose: 'reset_password' },
    ];
    for (const body of bodies) {
      const response = await send(server, 'POST', CHECK, body, { ip: freshIp() });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    }
  });

  it('limits checks per IP', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i <= AUTH_LIMITS.linkCheckIp.max; i++)
      statuses.push((await check('no-such-link', 'create_password', ip)).statusCode);
    expect(statuses.slice(0, -1).every((status) => status === 410)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
