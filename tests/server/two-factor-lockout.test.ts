import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TWO_FACTOR } from '../../contracts/two-factor.ts';
import { linkIn, startTestServer, type TestServer } from '../helpers/server.ts';
import { twoFactorSteps } from './two-factor-fixtures.ts';

const LIMIT = TWO_FACTOR.attemptsPerAccount;
const WINDOW_S = TWO_FACTOR.accountWindowMs / 1000;

/** Wrong two-factor codes from someone who knows the password must not lock the owner out. */
describe('two-factor: the per-account limit on wrong codes', () => {
  let server: TestServer;
  let steps: ReturnType<typeof twoFactorSteps>;
  beforeAll(async () => {
    server = await startTestServer();
    steps = twoFactorSteps(server);
  });
  afterAll(() => server.close());

  /** The mails that tell the owner someone with the password is guessing codes. */
  async function guessingMails(email: string) {
    await server.app.deps.mailer.drain();
    return server.mails.filter(
      (mail) => mail.to === email && mail.text.includes('someone who knows your password tried to sign in'),
    );
  }

  it('refuses TOTP codes with Retry-After once the limit is reached, until the window ends', async () => {
    const account = await steps.withTwoFactor('retry');
    expect(await steps.wrongCodes(account, LIMIT)).toEqual(Array(LIMIT).fill(401));
    const challenge = await steps.passwordStep(account);
    const limited = await steps.codeStep(challenge, steps.codeOf(account.secret));
    expect([limited.statusCode, limited.json().error]).toEqual([429, 'rate_limited']);
    expect(limited.headers['retry-after']).toBe(String(WINDOW_S));

    server.clock.advance(60_000);
    const later = await steps.codeStep(challenge, steps.codeOf(account.secret));
    expect([later.statusCode, later.headers['retry-after']]).toEqual([429, String(WINDOW_S - 60)]);

    server.clock.advance((WINDOW_S - 60) * 1000);
    const open = await steps.codeStep(await steps.passwordStep(account), steps.codeOf(account.secret));
    expect(open.statusCode).toBe(200);
  });

  it('never refuses a recovery code: the owner signs in, and turns two-factor off, while TOTP codes are locked', async () => {
    const account = await steps.withTwoFactor('recovery');
    await steps.wrongCodes(account, LIMIT + 3);
    const challenge = await steps.passwordStep(account);
    expect((await steps.codeStep(challenge, steps.codeOf(account.secret))).statusCode).toBe(429);
    const signedIn = await steps.codeStep(challenge, account.recovery[0]!);
    expect(signedIn.statusCode).toBe(200);

    const headers = { authorization: `Bearer ${signedIn.json().access_token}` };
    const off = await steps.post(
      '/auth/v1/two-factor/disable',
      { password: account.password, code: account.recovery[1]! },
      headers,
    );
    expect([off.statusCode, off.json()]).toEqual([200, { ok: true }]);
  });

  it('mails the owner once per lock, with a link to change the password', async () => {
    const account = await steps.withTwoFactor('warned');
    await steps.wrongCodes(account, LIMIT - 1);
    expect(await guessingMails(account.email)).toEqual([]);
    await steps.wrongCodes(account, 1);
    const [warning, ...more] = await guessingMails(account.email);
    expect(more).toEqual([]);
    expect(warning!.subject).toBe('Someone who knows your password tried to sign in to NODR Dashboard');
    expect(linkIn(warning, '/settings')).toBe(`${server.config.publicUrl}/settings`);

    // Further guesses in the same lock (all refused) mail nothing more.
    expect(await steps.wrongCodes(account, 4)).toEqual(Array(4).fill(429));
    expect(await guessingMails(account.email)).toHaveLength(1);

    // A new lock after the window is a new warning.
    server.clock.advance(TWO_FACTOR.accountWindowMs);
    await steps.wrongCodes(account, LIMIT);
    expect(await guessingMails(account.email)).toHaveLength(2);
  });
});
