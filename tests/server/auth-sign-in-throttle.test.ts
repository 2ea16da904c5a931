import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_COOKIE } from '../../server/accounts/device-cookie.ts';
import { SIGN_IN_LIMITS } from '../../server/accounts/sign-in-throttle.ts';
import { buildApp } from '../../server/app.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { freshIp, send, signUp } from './auth-helpers.ts';

/** Strangers are slowed, the owner's known browser keeps signing in. */
describe('sign-in throttling by account, client and device', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  /** Signs in (or tries to) and returns the status and the device cookie the answer set, if any. */
  async function attempt(email: string, password: string, ip: string, device?: string) {
    const headers: Record<string, string> = device ? { cookie: `${DEVICE_COOKIE}=${device}` } : {};
    const response = await send(
      server,
      'POST',
      '/auth/guest/auth',
      { login: email, password },
      { ip, headers },
    );
    const cookie = response.cookies.find((set) => set.name === DEVICE_COOKIE);
    return { status: response.statusCode, body: response.json(), cookie };
  }

  async function knownBrowser(email: string, password: string) {
    const { status, cookie } = await attempt(email, password, freshIp());
    expect(status).toBe(200);
    return cookie!;
  }

  it('lets the known browser in at once after 100 failures from other addresses, and keeps strangers out', async () => {
    const owner = await signUp(server, 'owner-throttle@example.com');
    const device = await knownBrowser(owner.email, owner.password);
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/auth/guest' });
    expect(device.secure).toBeFalsy();

    const statuses: number[] = [];
    for (let i = 0; i < 100; i += 1)
      statuses.push((await attempt(owner.email, `guess-${i}`, freshIp())).status);
    const free = SIGN_IN_LIMITS.untrusted.free;
    expect(statuses.slice(0, free).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(free).every((status) => status === 429)).toBe(true);

    // The owner, from the browser that signed in before, on yet another address: in at once.
    const owners = await attempt(owner.email, owner.password, freshIp(), device.value);
    expect(owners.status).toBe(200);
    expect(owners.body.access_token).toEqual(expect.any(String));
    // The same browser keeps its device id.
    expect(owners.cookie?.value.split('.')[1]).toBe(device.value.split('.')[1]);

    // A stranger with the right password from a new address is still slowed, with the usual answer.
    const stranger = await attempt(owner.email, owner.password, freshIp());
    expect(stranger.status).toBe(429);
    expect(stranger.body).toEqual({
      error: 'rate_limited',
      message: 'Too many attempts. Please wait a moment and try again.',
    });
  });

  it('does not trust a forged device cookie or one of another account', async () => {
    const owner = await signUp(server, 'owner-forged@example.com');
    const other = await signUp(server, 'other-forged@example.com');
    const othersDevice = await knownBrowser(other.email, other.password);
    const [, deviceId, signature] = othersDevice.value.split('.');
    for (let i = 0; i < SIGN_IN_LIMITS.untrusted.free; i += 1) await attempt(owner.email, 'nope', freshIp());
    const forgeries = [
      othersDevice.value,
      `${owner.userId}.${deviceId}.${signature}`,
      `${owner.userId}.${deviceId}`,
      `${owner.userId}.${deviceId}.${signature}.extra`,
      '\u00ff'.repeat(3000),
    ];
    for (const forged of forgeries)
      expect((await attempt(owner.email, owner.password, freshIp(), forged)).status).toBe(429);
  });

  it('slows one client on one account progressively, without touching other clients', async () => {
    const owner = await signUp(server, 'owner-progressive@example.com');
    const ip = freshIp();
    const { free, baseDelayMs } = SIGN_IN_LIMITS.accountClient;
    const statuses: number[] = [];
    for (let i = 0; i <= free; i += 1) statuses.push((await attempt(owner.email, 'wrong', ip)).status);
    expect(statuses).toEqual([...Array(free).fill(401), 429]);
    // Another address may still try this account (below the account-wide limit for strangers).
    expect((await attempt(owner.email, owner.password, freshIp())).status).toBe(200);

    server.clock.advance(baseDelayMs);
    expect((await attempt(owner.email, 'wrong', ip)).status).toBe(401);
    // The next failure locks twice as long.
    server.clock.advance(baseDelayMs);
    expect((await attempt(owner.email, owner.password, ip)).status).toBe(429);
    server.clock.advance(baseDelayMs);
    expect((await attempt(owner.email, owner.password, ip)).status).toBe(200);
  });

  it("locks out one device that keeps failing, not the owner's other browsers", async () => {
    const owner = await signUp(server, 'owner-devices@example.com');
    const stolen = await knownBrowser(owner.email, owner.password);
    const laptop = await knownBrowser(owner.email, owner.password);
    for (let i = 0; i < SIGN_IN_LIMITS.untrusted.free; i += 1) await attempt(owner.email, 'nope', freshIp());
    const ip = freshIp();
    for (let i = 0; i < SIGN_IN_LIMITS.device.free; i += 1)
      expect((await attempt(owner.email, `guess-${i}`, ip, stolen.value)).status).toBe(401);
    // That device now counts as a stranger, and strangers are locked out of this account.
    expect((await attempt(owner.email, owner.password, freshIp(), stolen.value)).status).toBe(429);
    expect((await attempt(owner.email, owner.password, ip, laptop.value)).status).toBe(200);
  });

  it('holds the per-IP ceiling across accounts', async () => {
    const ip = freshIp();
    const { max } = SIGN_IN_LIMITS.ip;
    const statuses: number[] = [];
    for (let i = 0; i <= max; i += 1)
      statuses.push((await attempt(`ceiling${i}@example.com`, 'x', ip)).status);
    expect(statuses.slice(0, max).every((status) => status === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('keeps a device cookie valid after a restart: its key comes from the secret in the database', async () => {
    const owner = await signUp(server, 'owner-restart@example.com');
    const device = await knownBrowser(owner.email, owner.password);
    const restarted = await buildApp({
      config: server.config,
      database: server.database,
      clock: server.clock,
      logger: false,
    });
    try {
      const signInTo = (ip: string, cookie?: string) =>
        restarted.inject({
          method: 'POST',
          url: '/auth/guest/auth',
          payload: { login: owner.email, password: owner.password },
          remoteAddress: ip,
          headers: cookie ? { cookie: `${DEVICE_COOKIE}=${cookie}` } : {},
        });
      for (let i = 0; i < SIGN_IN_LIMITS.untrusted.free; i += 1)
        await restarted.inject({
          method: 'POST',
          url: '/auth/guest/auth',
          payload: { login: owner.email, password: 'nope' },
          remoteAddress: freshIp(),
        });
      expect((await signInTo(freshIp())).statusCode).toBe(429);
      expect((await signInTo(freshIp(), device.value)).statusCode).toBe(200);
    } finally {
      await restarted.close();
    }
  });
});

describe('the device cookie behind https', () => {
  it('is Secure when PUBLIC_URL is https', async () => {
    const server = await startTestServer({ publicUrl: 'https://dash.example.com' });
    try {
      const owner = await signUp(server, 'owner-https@example.com');
      const response = await send(
        server,
        'POST',
        '/auth/guest/auth',
        { login: owner.email, password: owner.password },
        { ip: freshIp() },
      );
      const cookie = response.cookies.find((set) => set.name === DEVICE_COOKIE);
      expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Strict' });
    } finally {
      await server.close();
    }
  });
});
