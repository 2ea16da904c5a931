import { array, create } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVITY } from '../../contracts/account-activity.ts';
import type { MailMessage } from '../../server/lib/mail.ts';
import { ActivityEntryStruct } from '../../src/api/sessions.ts';
import { linkIn, startTestServer, type TestServer } from '../helpers/server.ts';
import { get } from './auth-helpers.ts';
import { twoFactorSteps } from './two-factor-fixtures.ts';

const INVALID_CODE = { error: 'invalid_code', message: 'Incorrect code' };

/** Each two-factor change leaves an entry in Recent activity and a mail to the owner. */
describe('two-factor: activity entries and mails', () => {
  let server: TestServer;
  let steps: ReturnType<typeof twoFactorSteps>;
  beforeAll(async () => {
    server = await startTestServer();
    steps = twoFactorSteps(server);
  });
  afterAll(() => server.close());

  async function newestActivity(headers: { authorization: string }) {
    const response = await get(server, '/auth/v1/activity', headers);
    expect(response.statusCode).toBe(200);
    return create(response.json(), array(ActivityEntryStruct))[0];
  }

  /** The newest mail to `email`, which must link to Settings for a password change. */
  async function newestMail(email: string): Promise<MailMessage> {
    const mail = await server.lastMailTo(email);
    expect(linkIn(mail, '/settings')).toBe(`${server.config.publicUrl}/settings`);
    return mail!;
  }

  it('records and mails turning two-factor on', async () => {
    const account = await steps.withTwoFactor('on');
    expect(await newestActivity(account.headers)).toMatchObject({ kind: ACTIVITY.twoFactorEnabled });
    expect((await newestMail(account.email)).subject).toBe(
      'Two-factor sign-in is on for your NODR Dashboard account',
    );
  });

  it('records and mails a sign-in with a recovery code, with the codes left; a TOTP sign-in stays a sign-in', async () => {
    const account = await steps.withTwoFactor('recovered');
    const signedIn = await steps.codeStep(await steps.passwordStep(account), account.recovery[0]!);
    const headers = { authorization: `Bearer ${signedIn.json().access_token}` };
    expect(await newestActivity(headers)).toMatchObject({ kind: ACTIVITY.signInRecoveryCode });
    const mail = await newestMail(account.email);
    expect(mail.subject).toBe('A recovery code was used to sign in to NODR Dashboard');
    expect(mail.text).toContain('9 unused recovery code(s) left');

    await steps.codeStep(await steps.passwordStep(account), steps.codeOf(account.secret));
    expect(await newestActivity(headers)).toMatchObject({ kind: ACTIVITY.signIn });
  });

  it('makes new recovery codes with the password and a code, ends the old ones, records and mails it', async () => {
    const account = await steps.withTwoFactor('renewed');
    const url = '/auth/v1/two-factor/recovery-codes';
    const wrong = await steps.post(url, { password: account.password, code: '000000' }, account.headers);
    expect([wrong.statusCode, wrong.json()]).toEqual([400, INVALID_CODE]);
    const badPassword = await steps.post(url, { password: 'not-it', code: '123456' }, account.headers);
    expect([badPassword.statusCode, badPassword.json().error]).toEqual([400, 'incorrect_password']);
    expect((await steps.post(url, { password: account.password, code: '1' })).statusCode).toBe(401);

    const made = await steps.post(
      url,
      { password: account.password, code: steps.codeOf(account.secret) },
      account.headers,
    );
    expect(made.statusCode).toBe(200);
    const codes: string[] = made.json().recovery_codes;
    expect(codes).toHaveLength(10);
    expect(codes.some((code) => account.recovery.includes(code))).toBe(false);
    expect(await newestActivity(account.headers)).toMatchObject({ kind: ACTIVITY.recoveryCodesCreated });
    expect((await newestMail(account.email)).subject).toBe(
      'New recovery codes for your NODR Dashboard account',
    );

    const old = await steps.codeStep(await steps.passwordStep(account), account.recovery[0]!);
    expect([old.statusCode, old.json()]).toEqual([401, INVALID_CODE]);
    const fresh = await steps.codeStep(await steps.passwordStep(account), codes[0]!);
    expect(fresh.statusCode).toBe(200);
  });

  it('records and mails turning two-factor off', async () => {
    const account = await steps.withTwoFactor('off');
    const off = await steps.post(
      '/auth/v1/two-factor/disable',
      { password: account.password, code: steps.codeOf(account.secret) },
      account.headers,
    );
    expect(off.statusCode).toBe(200);
    expect(await newestActivity(account.headers)).toMatchObject({ kind: ACTIVITY.twoFactorDisabled });
    expect((await newestMail(account.email)).subject).toBe(
      'Two-factor sign-in is off for your NODR Dashboard account',
    );
  });
});
