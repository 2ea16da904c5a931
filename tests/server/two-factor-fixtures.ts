import { Secret, TOTP } from 'otpauth';
import { expect } from 'vitest';
import { TWO_FACTOR } from '../../contracts/two-factor.ts';
import type { TestServer } from '../helpers/server.ts';
import { type Account, freshIp, send, signUp } from './auth-helpers.ts';

export type TwoFactorAccount = Account & { secret: string; recovery: string[] };

/** The steps of two-factor sign-in through HTTP, on one test server and its manual clock. */
export function twoFactorSteps(server: TestServer) {
  let users = 0;
  const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
    server.app.inject({ method: 'POST', url, payload: body as object, headers });

  /** The code an authenticator app shows now (the server's clock). */
  const codeOf = (secret: string) =>
    new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: server.clock.now().getTime() });

  /** Lets the next TOTP period begin, so a fresh code is not a replay of the last one. */
  const nextPeriod = () => server.clock.advance(TWO_FACTOR.periodSeconds * 1000);

  async function withTwoFactor(prefix: string): Promise<TwoFactorAccount> {
    users += 1;
    const account = await signUp(server, `${prefix}${users}@example.com`);
    const { secret } = (await post('/auth/v1/two-factor/setup', {}, account.headers)).json();
    const enabled = await post('/auth/v1/two-factor/enable', { code: codeOf(secret) }, account.headers);
    expect(enabled.statusCode).toBe(200);
    nextPeriod();
    return { ...account, secret, recovery: enabled.json().recovery_codes };
  }

  /** The password step: the challenge of the code step. */
  async function passwordStep(account: Account): Promise<string> {
    const response = await send(
      server,
      'POST',
      '/auth/guest/auth',
      { login: account.email, password: account.password },
      { ip: freshIp() },
    );
    expect(response.json()).toMatchObject({ two_factor_required: true });
    return response.json().challenge as string;
  }

  const codeStep = (challenge: string, code: string) =>
    post('/auth/guest/auth/two-factor', { challenge, code });

  /** `count` wrong codes for the account, over as many challenges as the per-challenge limit needs. */
  async function wrongCodes(account: Account, count: number): Promise<number[]> {
    const statuses: number[] = [];
    let challenge = '';
    for (let i = 0; i < count; i += 1) {
      if (i % TWO_FACTOR.attemptsPerChallenge === 0) challenge = await passwordStep(account);
      statuses.push((await codeStep(challenge, '000000')).statusCode);
    }
    return statuses;
  }

  return { post, codeOf, nextPeriod, withTwoFactor, passwordStep, codeStep, wrongCodes };
}
