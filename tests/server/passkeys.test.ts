import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSKEY_ERRORS, PASSKEY_LIMITS } from '../../contracts/passkeys.ts';
import { TWO_FACTOR } from '../../contracts/two-factor.ts';
import { INVISIBLE_CHARACTERS } from '../../contracts/visible-text.ts';
import { accountActivity, passkeyCeremonies, passkeys } from '../../server/db/schema.ts';
import { linkIn, type SignedInUser, startTestServer, type TestServer } from '../helpers/server.ts';
import { SoftwareAuthenticator } from '../helpers/webauthn-authenticator.ts';
import { freshIp, mailedHash, send } from './auth-helpers.ts';
import { call, createAccount, hashOf, PASSWORD, paths } from './profile-fixtures.ts';

const ORIGIN = 'http://localhost:8080';
const SIGN_IN_FAILED = PASSKEY_ERRORS.signInFailed;
const NOT_ADDED = PASSKEY_ERRORS.notAdded;

/** Passkeys: adding them in Settings, signing in with them, and what happens to them around the account. */
describe('passkeys', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const json = (method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown, who?: SignedInUser) =>
    server.app.inject({
      method,
      url,
      remoteAddress: freshIp(),
      ...(body !== undefined && { payload: body as object }),
      headers: who ? who.headers : {},
    });

  async function addPasskey(who: SignedInUser, key = new SoftwareAuthenticator(ORIGIN), name = 'Laptop') {
    const options = await json('POST', '/auth/v1/passkeys/options', { password: PASSWORD }, who);
    expect(options.statusCode).toBe(200);
    const added = await json(
      'POST',
      '/auth/v1/passkeys',
      { name, response: key.register(options.json()) },
      who,
    );
    expect(added.statusCode).toBe(201);
    return { key, passkey: added.json() };
  }

  async function signInOptions(challenge?: string) {
    const options = await json('POST', '/auth/guest/passkeys/options', challenge ? { challenge } : {});
    expect(options.statusCode).toBe(200);
    return options.json();
  }

  const signIn = (response: unknown) => json('POST', '/auth/guest/passkeys/auth', { response });

  const kinds = async (userId: number) =>
    (await server.db.select().from(accountActivity).where(eq(accountActivity.userId, userId))).map(
      (row) => row.kind,
    );

  it('adds a passkey after the password, lists it with its dates, and records the change', async () => {
    const user = await createAccount(server);
    const wrong = await json('POST', '/auth/v1/passkeys/options', { password: 'not it' }, user);
    expect([wrong.statusCode, wrong.json()]).toEqual([400, PASSKEY_ERRORS.incorrectPassword]);

    const options = (await json('POST', '/auth/v1/passkeys/options', { password: PASSWORD }, user)).json();
    expect(options.rp).toEqual({ name: 'NODR Dashboard', id: 'localhost' });
    expect(options.authenticatorSelection).toMatchObject({
      residentKey: 'required',
      userVerification: 'required',
    });
    expect(options.user.name).toBe(user.email);
    // An opaque 16-byte handle, not the database id.
    expect(Buffer.from(options.user.id, 'base64url')).toHaveLength(16);
    expect(Buffer.from(options.user.id, 'base64url').toString()).not.toBe(String(user.userId));
    const key = new SoftwareAuthenticator(ORIGIN);
    const added = await json(
      'POST',
      '/auth/v1/passkeys',
      { name: '  Laptop  ', response: key.register(options) },
      user,
    );
    expect(added.statusCode).toBe(201);
    expect(added.json()).toEqual({
      id: expect.any(Number),
      name: 'Laptop',
      createdAt: server.clock.now().toISOString(),
      lastUsedAt: null,
    });
    expect((await json('GET', '/auth/v1/passkeys', undefined, user)).json()).toEqual([added.json()]);
    expect(await kinds(user.userId)).toContain('passkey_added');
    // The ceremony's challenge is kept as a hash only.
    const stored = await server.db.select().from(passkeyCeremonies);
    expect(stored.map((row) => row.challengeHash)).not.toContain(options.challenge);
  });

  it('signs in with a passkey alone: the same session as the password, with the cookies, last used and activity', async () => {
    const user = await createAccount(server);
    const { key, passkey } = await addPasskey(user);
    const options = await signInOptions();
    expect(options.rpId).toBe('localhost');
    expect(options.allowCredentials ?? []).toEqual([]);
    server.clock.advance(60_000);
    const answer = await signIn(key.assert(options));
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ token_type: 'Bearer', user_id: user.userId });
    expect(answer.cookies.map((cookie) => cookie.name).sort()).toEqual(
      ['nodr_device', 'nodr_session'].sort(),
    );
    const check = await json('GET', '/auth/v1/check', undefined, {
      ...user,
      headers: { authorization: `Bearer ${answer.json().access_token}` },
    });
    expect([check.statusCode, check.json().id]).toEqual([200, user.userId]);
    const [listed] = (await json('GET', '/auth/v1/passkeys', undefined, user)).json();
    expect(listed).toEqual({ ...passkey, lastUsedAt: server.clock.now().toISOString() });
    expect(await kinds(user.userId)).toContain('passkey_sign_in');
  });

  it('refuses an answer made for another origin, both when adding and when signing in', async () => {
    const user = await createAccount(server);
    const key = new SoftwareAuthenticator(ORIGIN);
    const options = (await json('POST', '/auth/v1/passkeys/options', { password: PASSWORD }, user)).json();
    const phished = key.register(options, 'https://evil.example');
    const added = await json('POST', '/auth/v1/passkeys', { name: 'X', response: phished }, user);
    expect([added.statusCode, added.json()]).toEqual([400, NOT_ADDED]);

    const { key: real } = await addPasskey(user);
    const answer = await signIn(real.assert(await signInOptions(), { origin: 'http://localhost:9999' }));
    expect([answer.statusCode, answer.json()]).toEqual([400, SIGN_IN_FAILED]);
  });

  it('spends a challenge once: a replayed assertion and a reused registration are refused', async () => {
    const user = await createAccount(server);
    const key = new SoftwareAuthenticator(ORIGIN);
    const options = (await json('POST', '/auth/v1/passkeys/options', { password: PASSWORD }, user)).json();
    const response = key.register(options);
    expect((await json('POST', '/auth/v1/passkeys', { name: 'A', response }, user)).statusCode).toBe(201);
    const again = await json('POST', '/auth/v1/passkeys', { name: 'B', response }, user);
    expect([again.statusCode, again.json()]).toEqual([400, NOT_ADDED]);

    const assertion = key.assert(await signInOptions());
    expect((await signIn(assertion)).statusCode).toBe(200);
    const replayed = await signIn(assertion);
    expect([replayed.statusCode, replayed.json()]).toEqual([400, SIGN_IN_FAILED]);
  });

  it('refuses a challenge past its lifetime', async () => {
    const user = await createAccount(server);
    const { key } = await addPasskey(user);
    const options = await signInOptions();
    server.clock.advance(PASSKEY_LIMITS.ceremonyTtlMs + 1);
    const late = await signIn(key.assert(options));
    expect([late.statusCode, late.json()]).toEqual([400, SIGN_IN_FAILED]);
  });

  it('refuses a signature counter that goes back (a cloned authenticator)', async () => {
    const user = await createAccount(server);
    const { key } = await addPasskey(user);
    expect((await signIn(key.assert(await signInOptions(), { counter: 5 }))).statusCode).toBe(200);
    const back = await signIn(key.assert(await signInOptions(), { counter: 3 }));
    expect([back.statusCode, back.json()]).toEqual([400, SIGN_IN_FAILED]);
    const same = await signIn(key.assert(await signInOptions(), { counter: 5 }));
    expect(same.statusCode).toBe(400);
    expect((await signIn(key.assert(await signInOptions(), { counter: 6 }))).statusCode).toBe(200);
  });

  it("refuses another user's ceremony and another user's credential", async () => {
    const alice = await createAccount(server);
    const bob = await createAccount(server);
    const options = (await json('POST', '/auth/v1/passkeys/options', { password: PASSWORD }, alice)).json();
    const key = new SoftwareAuthenticator(ORIGIN);
    const stolen = await json(
      'POST',
      '/auth/v1/passkeys',
      { name: 'X', response: key.register(options) },
      bob,
    );
    expect([stolen.statusCode, stolen.json()]).toEqual([400, NOT_ADDED]);

    const { passkey } = await addPasskey(alice);
    const removed = await json('DELETE', `/auth/v1/passkeys/${passkey.id}`, { password: PASSWORD }, bob);
    expect([removed.statusCode, removed.json()]).toEqual([404, PASSKEY_ERRORS.notFound]);
  });

  it('removes a passkey with the password only; a removed passkey signs no one in', async () => {
    const user = await createAccount(server);
    const { key, passkey } = await addPasskey(user);
    const wrong = await json('DELETE', `/auth/v1/passkeys/${passkey.id}`, { password: 'nope' }, user);
    expect([wrong.statusCode, wrong.json()]).toEqual([400, PASSKEY_ERRORS.incorrectPassword]);
    const removed = await json('DELETE', `/auth/v1/passkeys/${passkey.id}`, { password: PASSWORD }, user);
    expect([removed.statusCode, removed.json()]).toEqual([200, { ok: true }]);
    expect((await json('GET', '/auth/v1/passkeys', undefined, user)).json()).toEqual([]);
    expect(await kinds(user.userId)).toContain('passkey_removed');
    const answer = await signIn(key.assert(await signInOptions()));
    expect([answer.statusCode, answer.json()]).toEqual([400, SIGN_IN_FAILED]);
  });

  it('holds the limits of the contracts: passkeys per user and the name length', async () => {
    const user = await createAccount(server);
    const long = 'x'.repeat(PASSKEY_LIMITS.nameLength + 1);
    const options = (await json('POST', '/auth/v1/passkeys/options', { password: PASSWORD }, user)).json();
    const tooLong = await json(
      'POST',
      '/auth/v1/passkeys',
      { name: long, response: new SoftwareAuthenticator(ORIGIN).register(options) },
      user,
    );
    expect(tooLong.statusCode).toBe(400);
    const hidden = await json(
      'POST',
      '/auth/v1/passkeys',
      { name: 'Lap\u200Btop', response: new SoftwareAuthenticator(ORIGIN).register(options) },
      user,
    );
    expect([hidden.statusCode, hidden.json()]).toEqual([400, INVISIBLE_CHARACTERS.name]);
    await server.db.insert(passkeys).values(
      Array.from({ length: PASSKEY_LIMITS.perUser }, (_, i) => ({
        userId: user.userId,
        credentialId: `filler-${user.userId}-${i}`,
        publicKey: 'AA',
        name: `Key ${i}`,
      })),
    );
    const full = await json('POST', '/auth/v1/passkeys/options', { password: PASSWORD }, user);
    expect([full.statusCode, full.json()]).toEqual([409, PASSKEY_ERRORS.tooMany]);
  });

  it('account deletion removes every passkey', async () => {
    const user = await createAccount(server);
    await addPasskey(user);
    await addPasskey(user, new SoftwareAuthenticator(ORIGIN), 'Phone');
    await call(server, 'DELETE', paths.deleteUser(user), { password: PASSWORD }, user);
    const link = linkIn(await server.lastMailTo(user.email), '/deleteUserAccount/');
    expect((await call(server, 'DELETE', paths.acceptDeletion, { hash: hashOf(link) })).statusCode).toBe(200);
    expect(await server.db.select().from(passkeys).where(eq(passkeys.userId, user.userId))).toEqual([]);
  });

  it('a password reset keeps the passkeys and lists them in the confirmation mail', async () => {
    const user = await createAccount(server);
    const { key } = await addPasskey(user, new SoftwareAuthenticator(ORIGIN), 'Work laptop');
    await addPasskey(user, new SoftwareAuthenticator(ORIGIN), 'Phone');
    await send(server, 'POST', '/auth/guest/recovery-password', { login: user.email }, { ip: freshIp() });
    const hash = await mailedHash(server, user.email, '/resPassword/');
    const reset = await send(
      server,
      'POST',
      '/auth/guest/set-new-password',
      { hash, password: 'new-secret-2', confirm: 'new-secret-2' },
      { ip: freshIp() },
    );
    expect(reset.statusCode).toBe(200);
    const mail = await server.lastMailTo(user.email);
    expect(mail?.subject).toBe('Your NODR Dashboard password was reset');
    expect(mail?.text).toContain('Work laptop');
    expect(mail?.text).toContain('Phone');
    expect((await signIn(key.assert(await signInOptions()))).statusCode).toBe(200);
  });

  describe('with two-factor sign-in on', () => {
    async function withTwoFactor() {
      const user = await createAccount(server);
      const secret = (await json('POST', '/auth/v1/two-factor/setup', {}, user)).json().secret;
      const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate({
        timestamp: server.clock.now().getTime(),
      });
      expect((await json('POST', '/auth/v1/two-factor/enable', { code }, user)).statusCode).toBe(200);
      server.clock.advance(TWO_FACTOR.periodSeconds * 1000);
      return user;
    }

    async function passwordStep(user: SignedInUser): Promise<string> {
      const step = await send(
        server,
        'POST',
        '/auth/guest/auth',
        { login: user.email, password: PASSWORD },
        { ip: freshIp() },
      );
      expect(step.json().two_factor_required).toBe(true);
      return step.json().challenge;
    }

    it('a passkey alone still signs in: it is two factors already', async () => {
      const user = await withTwoFactor();
      const { key } = await addPasskey(user);
      const answer = await signIn(key.assert(await signInOptions()));
      expect([answer.statusCode, answer.json().user_id]).toEqual([200, user.userId]);
    });

    it("stands in for the code on the two-factor step, that account's passkey only, and spends the step", async () => {
      const user = await withTwoFactor();
      const other = await createAccount(server);
      const { key } = await addPasskey(user);
      const { key: othersKey } = await addPasskey(other);
      const challenge = await passwordStep(user);
      const options = await signInOptions(challenge);
      expect(options.allowCredentials).toEqual([
        { id: key.id, type: 'public-key', transports: ['internal'] },
      ]);
      const wrongUser = await signIn(othersKey.assert(options));
      expect([wrongUser.statusCode, wrongUser.json()]).toEqual([400, SIGN_IN_FAILED]);

      const bound = await signInOptions(challenge);
      const answer = await signIn(key.assert(bound));
      expect([answer.statusCode, answer.json().user_id]).toEqual([200, user.userId]);
      const spent = await json('POST', '/auth/guest/passkeys/options', { challenge });
      expect(spent.json().error).toBe('challenge_expired');
    });

    it('is never refused by the per-account limit on wrong codes', async () => {
      const user = await withTwoFactor();
      const { key } = await addPasskey(user);
      let challenge = '';
      for (let i = 0; i < TWO_FACTOR.attemptsPerAccount; i += 1) {
        if (i % TWO_FACTOR.attemptsPerChallenge === 0) challenge = await passwordStep(user);
        await json('POST', '/auth/guest/auth/two-factor', { challenge, code: '000000' });
      }
      const locked = await json('POST', '/auth/guest/auth/two-factor', {
        challenge: await passwordStep(user),
        code: '000000',
      });
      expect(locked.statusCode).toBe(429);
      const answer = await signIn(key.assert(await signInOptions(await passwordStep(user))));
      expect(answer.statusCode).toBe(200);
    });
  });

  it('answers nonsense with a 400, never a 5xx', async () => {
    const garbage = {
      id: 'abc',
      rawId: 'abc',
      type: 'public-key',
      clientExtensionResults: {},
      response: { clientDataJSON: 'bm90IGpzb24', authenticatorData: 'AA', signature: 'AA' },
    };
    const answer = await signIn(garbage);
    expect([answer.statusCode, answer.json()]).toEqual([400, SIGN_IN_FAILED]);
    const unknownChallenge = await json('POST', '/auth/guest/passkeys/options', { challenge: 'nope' });
    expect(unknownChallenge.statusCode).toBe(400);
  });
});
