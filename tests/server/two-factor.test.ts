import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECOVERY_CODE, TWO_FACTOR } from '../../contracts/two-factor.ts';
import { totpRecoveryCodes, userTotp } from '../../server/db/schema.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { type Account, freshIp, get, mailedHash, send, signUp } from './auth-helpers.ts';

const INVALID_CODE = { error: 'invalid_code', message: 'Incorrect code' };
const EXPIRED = {
  error: 'challenge_expired',
  message: 'This sign-in has expired. Please enter your e-mail and password again.',
};

/** TOTP set-up in Settings and the code step of sign-in. */
describe('two-factor sign-in', () => {
  let server: TestServer;
  let users = 0;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
    server.app.inject({ method: 'POST', url, payload: body as object, headers });

  /** The code an authenticator app shows now (the server's clock), `steps` periods later when given. */
  const codeOf = (secret: string, steps = 0) =>
    new TOTP({ secret: Secret.fromBase32(secret) }).generate({
      timestamp: server.clock.now().getTime() + steps * TWO_FACTOR.periodSeconds * 1000,
    });

  /** Lets the next TOTP period begin, so a fresh code is not a replay of the last one. */
  const nextPeriod = () => server.clock.advance(TWO_FACTOR.periodSeconds * 1000);

  async function withTwoFactor(): Promise<Account & { secret: string; recovery: string[] }> {
    users += 1;
    const account = await signUp(server, `totp${users}@example.com`);
    const setUp = await post('/auth/v1/two-factor/setup', {}, account.headers);
    expect(setUp.statusCode).toBe(200);
    const { secret } = setUp.json();
    const enabled = await post('/auth/v1/two-factor/enable', { code: codeOf(secret) }, account.headers);
    expect(enabled.statusCode).toBe(200);
    nextPeriod();
    return { ...account, secret, recovery: enabled.json().recovery_codes };
  }

  async function passwordStep(account: Account, password = account.password) {
    const response = await send(
      server,
      'POST',
      '/auth/guest/auth',
      { login: account.email, password },
      { ip: freshIp() },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).not.toHaveProperty('access_token');
    expect(response.cookies).toEqual([]);
    expect(response.json()).toMatchObject({ two_factor_required: true, challenge: expect.any(String) });
    return response.json().challenge as string;
  }

  const codeStep = (challenge: string, code: string) =>
    post('/auth/guest/auth/two-factor', { challenge, code });

  it('sets up with a QR URI and the secret, enables with a code, and hands out 10 hashed recovery codes', async () => {
    users += 1;
    const account = await signUp(server, `setup${users}@example.com`);
    expect((await get(server, '/auth/v1/two-factor', account.headers)).json()).toEqual({ enabled: false });
    const setUp = (await post('/auth/v1/two-factor/setup', {}, account.headers)).json();
    expect(setUp.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setUp.uri).toMatch(/^otpauth:\/\/totp\/NODR%20Dashboard:setup\d+%40example\.com\?/);
    expect(setUp.uri).toContain(`secret=${setUp.secret}`);
    const wrong = await post('/auth/v1/two-factor/enable', { code: '000000' }, account.headers);
    expect([wrong.statusCode, wrong.json()]).toEqual([400, INVALID_CODE]);

    const enabled = await post('/auth/v1/two-factor/enable', { code: codeOf(setUp.secret) }, account.headers);
    expect(enabled.statusCode).toBe(200);
    const codes: string[] = enabled.json().recovery_codes;
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(RECOVERY_CODE);
    expect((await get(server, '/auth/v1/two-factor', account.headers)).json()).toEqual({ enabled: true });

    const [stored] = await server.db.select().from(userTotp).where(eq(userTotp.userId, account.userId));
    expect(stored!.secret).not.toContain(setUp.secret);
    const hashes = await server.db
      .select()
      .from(totpRecoveryCodes)
      .where(eq(totpRecoveryCodes.userId, account.userId));
    expect(hashes.map((row) => row.codeHash).filter((hash) => codes.includes(hash))).toEqual([]);
    expect(hashes).toHaveLength(10);

    // A second set-up cannot replace a factor that is on.
    expect((await post('/auth/v1/two-factor/setup', {}, account.headers)).statusCode).toBe(409);
  });

  it('asks for the code after the password and starts the session with a right code only', async () => {
    const account = await withTwoFactor();
    const challenge = await passwordStep(account);
    const wrong = await codeStep(challenge, '123456');
    expect([wrong.statusCode, wrong.json()]).toEqual([401, INVALID_CODE]);
    const right = await codeStep(challenge, codeOf(account.secret));
    expect(right.statusCode).toBe(200);
    expect(right.cookies.map((cookie) => cookie.name).sort()).toEqual(['nodr_device', 'nodr_session']);
    const headers = { authorization: `Bearer ${right.json().access_token}` };
    expect((await get(server, '/auth/v1/check', headers)).json().id).toBe(account.userId);

    // The challenge is single-use.
    const again = await codeStep(challenge, codeOf(account.secret, 1));
    expect([again.statusCode, again.json()]).toEqual([400, EXPIRED]);
  });

  it('refuses a code used before within its window, and an expired challenge', async () => {
    const account = await withTwoFactor();
    const code = codeOf(account.secret);
    expect((await codeStep(await passwordStep(account), code)).statusCode).toBe(200);
    const replay = await codeStep(await passwordStep(account), code);
    expect([replay.statusCode, replay.json()]).toEqual([401, INVALID_CODE]);

    const late = await passwordStep(account);
    server.clock.advance(TWO_FACTOR.challengeTtlMs);
    const expired = await codeStep(late, codeOf(account.secret));
    expect([expired.statusCode, expired.json()]).toEqual([400, EXPIRED]);
    expect((await codeStep('not-a-challenge', '123456')).statusCode).toBe(400);
  });

  it('lets one code through once under concurrent requests, on one challenge or on many', async () => {
    const account = await withTwoFactor();
    const challenges = await Promise.all(Array.from({ length: 5 }, () => passwordStep(account)));
    const code = codeOf(account.secret);
    const spread = await Promise.all(challenges.map((challenge) => codeStep(challenge, code)));
    expect(spread.filter((response) => response.statusCode === 200)).toHaveLength(1);
    nextPeriod();
    const one = await passwordStep(account);
    const next = codeOf(account.secret);
    const same = await Promise.all(Array.from({ length: 5 }, () => codeStep(one, next)));
    const statuses = same.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    // The others lost the race on the step (401 invalid_code) or on the challenge (400 challenge_expired).
    expect(statuses.filter((status) => status !== 200).every((status) => [400, 401].includes(status))).toBe(
      true,
    );
  });

  it('accepts each recovery code once, typed with spaces or capitals', async () => {
    const account = await withTwoFactor();
    const [first] = account.recovery;
    const typed = ` ${first!.replace('-', ' ').toUpperCase()} `;
    expect((await codeStep(await passwordStep(account), typed)).statusCode).toBe(200);
    const reused = await codeStep(await passwordStep(account), first!);
    expect([reused.statusCode, reused.json()]).toEqual([401, INVALID_CODE]);
  });

  it('spends a challenge after 5 wrong codes and answers 429 after 10 wrong codes for the account', async () => {
    const account = await withTwoFactor();
    const challenge = await passwordStep(account);
    for (let i = 0; i < TWO_FACTOR.attemptsPerChallenge; i += 1)
      expect((await codeStep(challenge, '000000')).statusCode).toBe(401);
    expect((await codeStep(challenge, codeOf(account.secret))).json()).toEqual(EXPIRED);

    const second = await passwordStep(account);
    const left = TWO_FACTOR.attemptsPerAccount - TWO_FACTOR.attemptsPerChallenge;
    for (let i = 0; i < left - 1; i += 1) expect((await codeStep(second, '000000')).statusCode).toBe(401);
    const third = await passwordStep(account);
    expect((await codeStep(third, '000000')).statusCode).toBe(401);
    const limited = await codeStep(third, codeOf(account.secret));
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toBe('rate_limited');
    server.clock.advance(TWO_FACTOR.accountWindowMs);
    expect((await codeStep(await passwordStep(account), codeOf(account.secret))).statusCode).toBe(200);
  });

  it('still asks for the code after a password reset by e-mail', async () => {
    const account = await withTwoFactor();
    await send(server, 'POST', '/auth/guest/recovery-password', { login: account.email }, { ip: freshIp() });
    const hash = await mailedHash(server, account.email, '/resPassword/');
    const reset = await send(
      server,
      'POST',
      '/auth/guest/set-new-password',
      { hash, password: 'brand-new', confirm: 'brand-new' },
      { ip: freshIp() },
    );
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).not.toHaveProperty('access_token');
    expect(reset.json().two_factor_required).toBe(true);
    // The old session ended with the reset; the reset's challenge wants the code like a sign-in.
    expect((await get(server, '/auth/v1/check', account.headers)).statusCode).toBe(401);
    expect((await codeStep(reset.json().challenge, codeOf(account.secret))).statusCode).toBe(200);
    nextPeriod();
    const challenge = await passwordStep(account, 'brand-new');
    expect((await codeStep(challenge, codeOf(account.secret))).statusCode).toBe(200);
  });

  it('turns off only with the password and a code, and then signs in without one', async () => {
    const account = await withTwoFactor();
    const url = '/auth/v1/two-factor/disable';
    const code = codeOf(account.secret);
    const badPassword = await post(url, { password: 'not-it', code }, account.headers);
    expect([badPassword.statusCode, badPassword.json().error]).toEqual([400, 'incorrect_password']);
    const badCode = await post(url, { password: account.password, code: '000000' }, account.headers);
    expect([badCode.statusCode, badCode.json()]).toEqual([400, INVALID_CODE]);
    const open = await passwordStep(account);
    expect((await post(url, { password: account.password, code }, account.headers)).json()).toEqual({
      ok: true,
    });
    // A challenge from before is void once the factor is off.
    expect((await codeStep(open, codeOf(account.secret, 1))).statusCode).toBe(400);
    const signIn = await send(
      server,
      'POST',
      '/auth/guest/auth',
      { login: account.email, password: account.password },
      { ip: freshIp() },
    );
    expect(signIn.json().access_token).toEqual(expect.any(String));
    expect((await post(url, { password: account.password, code }, account.headers)).statusCode).toBe(400);
  });

  it('limits password guesses on turning it off: 429 once the account has spent its attempts', async () => {
    const account = await withTwoFactor();
    const url = '/auth/v1/two-factor/disable';
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= TWO_FACTOR.attemptsPerAccount; attempt += 1) {
      statuses.push((await post(url, { password: 'not-it', code: '000000' }, account.headers)).statusCode);
    }
    expect(statuses.slice(0, TWO_FACTOR.attemptsPerAccount).every((status) => status === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('refuses outsiders, unknown fields, NUL bytes and wrong types with a 4xx', async () => {
    const account = await withTwoFactor();
    const outsider = await post('/auth/v1/two-factor/setup', {});
    expect(outsider.statusCode).toBe(401);
    expect((await get(server, '/auth/v1/two-factor')).statusCode).toBe(401);
    expect((await post('/auth/v1/two-factor/disable', { password: 'x', code: '1' })).statusCode).toBe(401);
    const bodies: [string, unknown][] = [
      ['/auth/v1/two-factor/setup', { extra: 1 }],
      ['/auth/v1/two-factor/enable', { code: '123456', extra: 1 }],
      ['/auth/v1/two-factor/enable', { code: '12\u00003456' }],
      ['/auth/v1/two-factor/enable', { code: 'x'.repeat(10_000) }],
      ['/auth/v1/two-factor/disable', { password: account.password }],
      ['/auth/guest/auth/two-factor', { challenge: 'a', code: '123456', extra: true }],
      ['/auth/guest/auth/two-factor', { challenge: 'a\u0000', code: '123456' }],
      ['/auth/guest/auth/two-factor', { challenge: 'a' }],
    ];
    for (const [url, body] of bodies) {
      const response = await post(url, body, account.headers);
      expect(response.statusCode, `${url} ${JSON.stringify(body).slice(0, 40)}`).toBe(400);
      expect(response.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    }
    // Enabling without a set-up is refused.
    users += 1;
    const fresh = await signUp(server, `nosetup${users}@example.com`);
    expect((await post('/auth/v1/two-factor/enable', { code: '123456' }, fresh.headers)).statusCode).toBe(
      400,
    );
  });
});
