import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUserByEmail } from '../../server/accounts/accounts.repository.ts';
import { issueLink, redeemLink } from '../../server/accounts/links.ts';
import { emailLinks, users } from '../../server/db/schema.ts';
import { MAIL_LIMITS } from '../../server/lib/mail-limits.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { freshIp, mailedHash, send, signUp } from './auth-helpers.ts';

const HOUR = 3_600_000;

describe('e-mail links', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ publicUrl: 'https://dash.example.org' });
  });
  afterAll(() => server.close());

  const register = (login: string, headers: Record<string, string> = {}) =>
    send(
      server,
      'POST',
      '/auth/guest/register',
      { login, offer: false, subscription: true },
      { ip: freshIp(), headers },
    );
  const setPassword = (hash: string, password = 'secret1', ip = freshIp()) =>
    send(server, 'POST', '/auth/guest/set-new-password', { hash, password, confirm: password }, { ip });
  const recover = (login: string) =>
    send(
      server,
      'POST',
      '/auth/guest/recovery-password',
      { login, url: 'http://attacker.example/resPassword' },
      { ip: freshIp() },
    );

  it('builds links from PUBLIC_URL only, on a line of their own, whatever the Host header and paths say', async () => {
    const response = await register('links-host@example.com', { host: 'attacker.example' });
    expect(response.statusCode).toBe(200);
    const mail = await server.lastMailTo('links-host@example.com');
    const lines = mail!.text.split('\n');
    const link = lines.find((line) => line.includes('/createPassword/'));
    expect(link).toMatch(/^https:\/\/dash\.example\.org\/createPassword\/[A-Za-z0-9_-]{43}$/);
    expect(mail!.text).not.toContain('attacker');
    expect(mail!.subject).toBeTruthy();
  });

  it('accepts a create-password link just before 24 h and refuses it at 24 h', async () => {
    await register('create-before@example.com');
    await register('create-at@example.com');
    const before = await mailedHash(server, 'create-before@example.com', '/createPassword/');
    const at = await mailedHash(server, 'create-at@example.com', '/createPassword/');
    server.clock.advance(24 * HOUR - 1);
    expect((await setPassword(before)).statusCode).toBe(200);
    server.clock.advance(1);
    const expired = await setPassword(at);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ error: 'invalid_link' });
  });

  it('accepts a reset link just before 1 h and refuses it at and after 1 h', async () => {
    const accounts = await Promise.all(
      ['reset-a@example.com', 'reset-b@example.com', 'reset-c@example.com'].map((email) =>
        signUp(server, email),
      ),
    );
    for (const account of accounts) expect((await recover(account.email)).statusCode).toBe(200);
    const [justBefore, exactlyAt, after] = await Promise.all(
      accounts.map((account) => mailedHash(server, account.email, '/resPassword/')),
    );
    server.clock.advance(HOUR - 1);
    expect((await setPassword(justBefore!, 'changed1')).statusCode).toBe(200);
    server.clock.advance(1);
    expect((await setPassword(exactlyAt!, 'changed1')).json()).toMatchObject({ error: 'invalid_link' });
    server.clock.advance(60_000);
    expect((await setPassword(after!, 'changed1')).statusCode).toBe(400);
  });

  it('lets exactly one of 20 concurrent redemptions of one link succeed', async () => {
    await register('race@example.com');
    const hash = await mailedHash(server, 'race@example.com', '/createPassword/');
    const responses = await Promise.all(Array.from({ length: 20 }, () => setPassword(hash)));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 400)).toHaveLength(19);
    for (const response of responses.filter((r) => r.statusCode === 400)) {
      expect(response.json()).toMatchObject({ error: 'invalid_link' });
    }
  });

  it('uses a link once', async () => {
    await register('once@example.com');
    const hash = await mailedHash(server, 'once@example.com', '/createPassword/');
    expect((await setPassword(hash)).statusCode).toBe(200);
    expect((await setPassword(hash, 'another1')).json()).toMatchObject({ error: 'invalid_link' });
  });

  it('binds a link to its purpose', async () => {
    const account = await signUp(server, 'purpose@example.com');
    const user = await findUserByEmail(server.db, account.email);
    const now = server.clock.now();
    for (const purpose of ['change_email', 'delete_account'] as const) {
      const hash = await issueLink(server.db, { userId: user!.id, purpose, ttlMs: HOUR, now });
      expect((await setPassword(hash)).json()).toMatchObject({ error: 'invalid_link' });
    }
    await recover(account.email);
    const resetHash = await mailedHash(server, account.email, '/resPassword/');
    await expect(redeemLink(server.db, resetHash, 'create_password', now)).rejects.toMatchObject({
      code: 'invalid_link',
    });
    await expect(redeemLink(server.db, resetHash, 'change_email', now)).rejects.toMatchObject({
      code: 'invalid_link',
    });
    expect((await setPassword(resetHash)).statusCode).toBe(200);
  });

  it('invalidates an older create-password link when a newer one is sent', async () => {
    await register('twice@example.com');
    const first = await mailedHash(server, 'twice@example.com', '/createPassword/');
    server.clock.advance(MAIL_LIMITS.addressMinute.windowMs);
    await register('twice@example.com');
    const second = await mailedHash(server, 'twice@example.com', '/createPassword/');
    expect(second).not.toBe(first);
    expect((await setPassword(first)).json()).toMatchObject({ error: 'invalid_link' });
    expect((await setPassword(second)).statusCode).toBe(200);
  });

  it('makes one account and leaves one live link when the same address registers concurrently', async () => {
    const email = 'concurrent@example.com';
    for (let round = 0; round < 2; round += 1) {
      const responses = await Promise.all(Array.from({ length: 5 }, () => register(email)));
      expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200]);
      // The account and its link are made after the answer.
      await server.app.deps.mailer.drain();
      // The next round (a pending address now) in a new rate-limit window.
      server.clock.advance(HOUR);
    }
    const matching = await server.db.select().from(users).where(eq(users.email, email));
    expect(matching).toHaveLength(1);
    const live = await server.db
      .select()
      .from(emailLinks)
      .where(
        and(eq(emailLinks.userId, matching[0]!.id), isNull(emailLinks.usedAt), isNull(emailLinks.revokedAt)),
      );
    expect(live).toHaveLength(1);
  });

  it('invalidates an older reset link when a newer one is sent', async () => {
    const account = await signUp(server, 'reset-twice@example.com');
    await recover(account.email);
    const first = await mailedHash(server, account.email, '/resPassword/');
    server.clock.advance(MAIL_LIMITS.addressMinute.windowMs);
    await recover(account.email);
    const second = await mailedHash(server, account.email, '/resPassword/');
    expect((await setPassword(first, 'changed1')).json()).toMatchObject({ error: 'invalid_link' });
    expect((await setPassword(second, 'changed1')).statusCode).toBe(200);
  });

  it('refuses unknown and malformed hashes with invalid_link', async () => {
    for (const hash of ['x', 'A'.repeat(43), 'не-ссылка', '../../etc/passwd']) {
      const response = await setPassword(hash);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: 'invalid_link' });
    }
  });

  it('checks the password rules before using a link, and keeps the link usable', async () => {
    await register('rules@example.com');
    const hash = await mailedHash(server, 'rules@example.com', '/createPassword/');
    const short = await send(server, 'POST', '/auth/guest/set-new-password', {
      hash,
      password: '12345',
      confirm: '12345',
    });
    expect(short.json()).toEqual({ error: 'weak_password', message: 'Minimum 6 symbols are required' });
    const mismatch = await send(server, 'POST', '/auth/guest/set-new-password', {
      hash,
      password: '123456',
      confirm: '123457',
    });
    expect(mismatch.json()).toEqual({ error: 'password_mismatch', message: 'Passwords do not match' });
    const long = 'p'.repeat(1025);
    expect((await setPassword(hash, long)).statusCode).toBe(400);
    expect((await setPassword(hash, 'p'.repeat(1024))).statusCode).toBe(200);
  });
});
