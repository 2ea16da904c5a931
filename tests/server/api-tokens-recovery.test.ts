import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages } from '../../contracts/account-rules.ts';
import { API_TOKEN_ERRORS } from '../../contracts/api-tokens.ts';
import { PROFILE_LIMITS } from '../../server/accounts/profile-common.ts';
import { linkIn, type SignedInUser, startTestServer, type TestServer } from '../helpers/server.ts';
import { freshIp, mailedHash, send } from './auth-helpers.ts';
import { call, createAccount, hashOf, PASSWORD, paths } from './profile-fixtures.ts';

/**
 * API tokens and the account's recovery: creating a token asks for the current password, and changing the password,
 * resetting it by a mailed link or deleting the account ends every token, so a stolen session cannot leave a token
 * behind that outlives the owner taking the account back.
 */
describe('API tokens and account recovery', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  function createToken(user: SignedInUser, body: Record<string, unknown>, ip?: string) {
    return server.app.inject({
      method: 'POST',
      url: '/auth/v1/tokens',
      headers: user.headers,
      payload: { name: 'CI script', teamId: user.teamId, scope: 'write', ...body },
      ...(ip ? { remoteAddress: ip } : {}),
    });
  }

  async function tokenOf(user: SignedInUser): Promise<string> {
    const created = await createToken(user, { password: PASSWORD });
    expect(created.statusCode, created.body).toBe(201);
    return created.json().token;
  }

  function listNodes(token: string, teamId: number, ip?: string) {
    return server.app.inject({
      method: 'POST',
      url: `/api/v1/nodres/team/${teamId}`,
      headers: bearer(token),
      ...(ip ? { remoteAddress: ip } : {}),
    });
  }

  it('asks for the current password to create a token, with the e-mail change rule and error', async () => {
    const user = await createAccount(server);
    const missing = await createToken(user, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    const wrong = await createToken(user, { password: 'not-the-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: 'incorrect_password', message: accountMessages.incorrectPassword });
    const right = await createToken(user, { password: PASSWORD });
    expect(right.statusCode, right.body).toBe(201);
    expect(right.json()).not.toHaveProperty('password');
  });

  it('counts wrong passwords against the limit every password check shares (429)', async () => {
    const user = await createAccount(server);
    for (let attempt = 0; attempt < PROFILE_LIMITS.passwordCheck.max; attempt += 1) {
      expect((await createToken(user, { password: 'guess' })).statusCode).toBe(400);
    }
    const limited = await createToken(user, { password: PASSWORD });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toBe('rate_limited');
  });

  it('ends every token of the account when the password changes, and the mail says so', async () => {
    const user = await createAccount(server);
    const tokens = [await tokenOf(user), await tokenOf(user)];
    for (const token of tokens) expect((await listNodes(token, user.teamId)).statusCode).toBe(200);
    const changed = await call(
      server,
      'POST',
      paths.changePassword(user),
      { password: PASSWORD, new_password: 'new-secret-2', confirm: 'new-secret-2' },
      user,
    );
    expect(changed.statusCode, changed.body).toBe(200);
    for (const token of tokens) {
      const refused = await listNodes(token, user.teamId);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual(API_TOKEN_ERRORS.invalid);
    }
    expect(
      (await server.app.inject({ method: 'GET', url: '/auth/v1/tokens', headers: user.headers })).json(),
    ).toEqual([]);
    const mail = await server.lastMailTo(user.email);
    expect(mail?.subject).toBe('Your NODR Dashboard password has changed');
    expect(mail?.text).toContain('Your 2 API tokens were revoked');
  });

  it('says nothing about tokens in the password change mail of an account without any', async () => {
    const user = await createAccount(server);
    const changed = await call(
      server,
      'POST',
      paths.changePassword(user),
      { password: PASSWORD, new_password: 'new-secret-2', confirm: 'new-secret-2' },
      user,
    );
    expect(changed.statusCode).toBe(200);
    expect((await server.lastMailTo(user.email))?.text).not.toContain('API token');
  });

  it('ends every token of the account on a password reset by a mailed link, and mails that it did', async () => {
    const user = await createAccount(server);
    const token = await tokenOf(user);
    await send(server, 'POST', '/auth/guest/recovery-password', { login: user.email }, { ip: freshIp() });
    const hash = await mailedHash(server, user.email, '/resPassword/');
    const reset = await send(
      server,
      'POST',
      '/auth/guest/set-new-password',
      { hash, password: 'brand-new', confirm: 'brand-new' },
      { ip: freshIp() },
    );
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await listNodes(token, user.teamId)).statusCode).toBe(401);
    const mail = await server.lastMailTo(user.email);
    expect(mail?.text).toContain('Your API token was revoked');
  });

  it('ends every token when the account deletion is confirmed', async () => {
    const user = await createAccount(server);
    const token = await tokenOf(user);
    const requested = await call(server, 'DELETE', paths.deleteUser(user), { password: PASSWORD }, user);
    expect(requested.statusCode, requested.body).toBe(200);
    // Still the owner's until the deletion is confirmed by the mailed link.
    expect((await listNodes(token, user.teamId)).statusCode).toBe(200);
    const link = linkIn(await server.lastMailTo(user.email), '/deleteUserAccount/');
    const accepted = await call(server, 'DELETE', paths.acceptDeletion, { hash: hashOf(link) });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await listNodes(token, user.teamId)).statusCode).toBe(401);
  });

  it('lists when and from which address each token was last used', async () => {
    const user = await createAccount(server);
    const token = await tokenOf(user);
    const list = async () =>
      (await server.app.inject({ method: 'GET', url: '/auth/v1/tokens', headers: user.headers })).json();
    expect((await list())[0]).toMatchObject({ lastUsedAt: null, lastUsedIp: null });
    expect((await listNodes(token, user.teamId, '203.0.113.7')).statusCode).toBe(200);
    expect((await list())[0]).toMatchObject({
      lastUsedAt: server.clock.now().toISOString(),
      lastUsedIp: '203.0.113.7',
    });
    // Written at most once a minute, the address with the time.
    server.clock.advance(61_000);
    expect((await listNodes(token, user.teamId, '2001:db8::5')).statusCode).toBe(200);
    expect((await list())[0]).toMatchObject({ lastUsedIp: '2001:db8::5' });
  });
});
