import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_LIMITS } from '../../server/accounts/rate-limits.ts';
import { SIGN_IN_LIMITS } from '../../server/accounts/sign-in-throttle.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { type Fields, freshIp, mailedHash, send, signIn, signUp } from './auth-helpers.ts';

const RATE_LIMITED = {
  error: 'rate_limited',
  message: 'Too many attempts. Please wait a moment and try again.',
};

describe('rate limits on the guest calls', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  /** Sends `count` requests and returns their statuses. */
  async function hammer(
    url: string,
    count: number,
    fields: (i: number) => Fields,
    ip: (i: number) => string,
  ) {
    const statuses: number[] = [];
    for (let i = 0; i < count; i += 1)
      statuses.push((await send(server, 'POST', url, fields(i), { ip: ip(i) })).statusCode);
    return statuses;
  }

  it('limits sign-in per address, then lets the owner recover the password and sign in again', async () => {
    const owner = await signUp(server, 'victim@example.com');
    const attacker = freshIp();
    const max = SIGN_IN_LIMITS.untrusted.free;
    // From many addresses, so that only the per-address limit can trip.
    const statuses = await hammer(
      '/auth/guest/auth',
      max + 2,
      () => ({ login: owner.email, password: 'guess-guess' }),
      () => freshIp(),
    );
    expect(statuses.slice(0, max).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(max)).toEqual([429, 429]);
    const blocked = await send(
      server,
      'POST',
      '/auth/guest/auth',
      { login: owner.email, password: owner.password },
      { ip: attacker },
    );
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(RATE_LIMITED);

    // Sign-in failures do not count against recovery: the owner can still get a reset link.
    const recovery = await send(
      server,
      'POST',
      '/auth/guest/recovery-password',
      { login: owner.email },
      { ip: freshIp() },
    );
    expect(recovery.statusCode).toBe(200);
    const hash = await mailedHash(server, owner.email, '/resPassword/');
    const reset = await send(
      server,
      'POST',
      '/auth/guest/set-new-password',
      { hash, password: 'fresh-pass', confirm: 'fresh-pass' },
      { ip: freshIp() },
    );
    expect(reset.statusCode).toBe(200);
    await signIn(server, owner.email, 'fresh-pass');
  });

  it('limits sign-in per client IP across addresses, and lifts the limit after the window', async () => {
    const ip = freshIp();
    const { max, windowMs } = SIGN_IN_LIMITS.ip;
    const statuses = await hammer(
      '/auth/guest/auth',
      max + 1,
      (i) => ({ login: `probe${i}@example.com`, password: 'whatever' }),
      () => ip,
    );
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, max).every((status) => status === 401)).toBe(true);
    server.clock.advance(windowMs);
    expect(
      (
        await send(
          server,
          'POST',
          '/auth/guest/auth',
          { login: 'x@example.com', password: 'whatever' },
          { ip },
        )
      ).statusCode,
    ).toBe(401);
  });

  it('limits register per address and per IP', async () => {
    const perAddress = AUTH_LIMITS.registerAddress.max;
    const byAddress = await hammer(
      '/auth/guest/register',
      perAddress + 1,
      () => ({ login: 'many@example.com' }),
      () => freshIp(),
    );
    expect(byAddress.slice(0, perAddress).every((status) => status === 200)).toBe(true);
    expect(byAddress.at(-1)).toBe(429);
    const ip = freshIp();
    const perIp = AUTH_LIMITS.registerIp.max;
    const byIp = await hammer(
      '/auth/guest/register',
      perIp + 1,
      (i) => ({ login: `ip-reg${i}@example.com` }),
      () => ip,
    );
    expect(byIp.slice(0, perIp).every((status) => status === 200)).toBe(true);
    expect(byIp.at(-1)).toBe(429);
  });

  it('limits recovery per address and per IP, for known and unknown addresses alike', async () => {
    const perAddress = AUTH_LIMITS.recoveryAddress.max;
    const known = await signUp(server, 'recovery-limit@example.com');
    for (const login of [known.email, 'unknown-rl@example.com']) {
      const statuses = await hammer(
        '/auth/guest/recovery-password',
        perAddress + 1,
        () => ({ login }),
        () => freshIp(),
      );
      expect(statuses.slice(0, perAddress).every((status) => status === 200)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
    }
    const ip = freshIp();
    const perIp = AUTH_LIMITS.recoveryIp.max;
    const byIp = await hammer(
      '/auth/guest/recovery-password',
      perIp + 1,
      (i) => ({ login: `ip-rec${i}@example.com` }),
      () => ip,
    );
    expect(byIp.at(-1)).toBe(429);
  });

  it('limits set-password per IP and per address', async () => {
    const ip = freshIp();
    const perIp = AUTH_LIMITS.setPasswordIp.max;
    const fields = { hash: 'no-such-link', password: 'secret1', confirm: 'secret1' };
    const byIp = await hammer(
      '/auth/guest/set-new-password',
      perIp + 1,
      () => fields,
      () => ip,
    );
    expect(byIp.slice(0, perIp).every((status) => status === 400)).toBe(true);
    expect(byIp.at(-1)).toBe(429);

    const account = await signUp(server, 'setpw-limit@example.com');
    await send(server, 'POST', '/auth/guest/recovery-password', { login: account.email }, { ip: freshIp() });
    const hash = await mailedHash(server, account.email, '/resPassword/');
    // A new window: signing up spent one set-password of this address.
    server.clock.advance(AUTH_LIMITS.setPasswordAddress.windowMs);
    // Only a live link names an address: many concurrent tries with one live link go over the address's limit.
    const perAddress = AUTH_LIMITS.setPasswordAddress.max;
    const tries = Array.from({ length: perAddress + 5 }, () =>
      send(
        server,
        'POST',
        '/auth/guest/set-new-password',
        { hash, password: 'abcdef', confirm: 'abcdef' },
        { ip: freshIp() },
      ),
    );
    const statuses = (await Promise.all(tries)).map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 400)).toHaveLength(perAddress - 1);
  });
});
