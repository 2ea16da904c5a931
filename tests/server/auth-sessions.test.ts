import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUserByEmail } from '../../server/accounts/accounts.repository.ts';
import { revokeOtherSessions, SESSION_TTL_MS } from '../../server/accounts/sessions.ts';
import { emailLinks, sessions } from '../../server/db/schema.ts';
import { hashToken } from '../../server/lib/tokens.ts';
import { form, startTestServer, type TestServer } from '../helpers/server.ts';
import { freshIp, get, mailedHash, send, signIn, signUp } from './auth-helpers.ts';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('sessions', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ publicUrl: 'https://dash.example.org' });
  });
  afterAll(() => server.close());

  async function sessionIdOf(token: string): Promise<number> {
    const [row] = await server.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    return row!.id;
  }

  /** Records which sessions the event hub was told to close. */
  function watchClosed(ids: number[]): number[] {
    const closed: number[] = [];
    for (const id of ids) server.app.deps.hub.onSessionRevoked(id, () => closed.push(id));
    return closed;
  }

  it('signs in with a 256-bit token, a Secure HttpOnly cookie for the event stream, and a 14-day lifetime', async () => {
    const account = await signUp(server, 'cookie@example.com');
    const response = await send(
      server,
      'POST',
      '/auth/guest/auth',
      { login: account.email, password: account.password },
      { ip: freshIp() },
    );
    const body = response.json();
    expect(body.token_type).toBe('Bearer');
    expect(body.user_id).toBe(account.userId);
    expect(Buffer.from(body.access_token, 'base64url')).toHaveLength(32);
    expect(Date.parse(body.expires_at) - server.clock.now().getTime()).toBe(SESSION_TTL_MS);
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toContain(`nodr_session=${body.access_token}`);
    expect(cookie).toMatch(/Max-Age=1209600/);
    expect(cookie).toContain('Path=/api/v1/sse');
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('Secure');
    expect(cookie).toContain('SameSite=Strict');
  });

  it('stores only hashes of tokens and link secrets, and argon2id hashes of passwords', async () => {
    const account = await signUp(server, 'stored@example.com');
    const rows = await server.db.select().from(sessions).where(eq(sessions.userId, account.userId));
    expect(JSON.stringify(rows)).not.toContain(account.token);
    expect(rows.map((row) => row.tokenHash)).toContain(hashToken(account.token));
    const user = await findUserByEmail(server.db, account.email);
    expect(user!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(user!.passwordHash).not.toContain(account.password);
    await send(server, 'POST', '/auth/guest/recovery-password', { login: account.email }, { ip: freshIp() });
    const hash = await mailedHash(server, account.email, '/resPassword/');
    const links = await server.db.select().from(emailLinks).where(eq(emailLinks.userId, account.userId));
    expect(JSON.stringify(links)).not.toContain(hash);
    expect(links.map((link) => link.tokenHash)).toContain(hashToken(hash));
  });

  it('expires a session 14 days after sign-in', async () => {
    const account = await signUp(server, 'expiry@example.com');
    server.clock.advance(SESSION_TTL_MS - 1);
    expect((await get(server, '/auth/v1/check', account.headers)).statusCode).toBe(200);
    server.clock.advance(1);
    const expired = await get(server, '/auth/v1/check', account.headers);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({ error: 'unauthorized' });
  });

  it('logout revokes only that session, clears the cookie and closes its event streams', async () => {
    const account = await signUp(server, 'logout@example.com');
    const other = await signIn(server, account.email, account.password);
    const closed = watchClosed([await sessionIdOf(account.token), await sessionIdOf(other)]);
    const response = await get(server, '/auth/v1/logout', account.headers);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect(String(response.headers['set-cookie'])).toMatch(
      /nodr_session=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/,
    );
    expect(closed).toEqual([await sessionIdOf(account.token)]);
    expect((await get(server, '/auth/v1/check', account.headers)).statusCode).toBe(401);
    expect((await get(server, '/auth/v1/logout', account.headers)).statusCode).toBe(401);
    expect((await get(server, '/auth/v1/check', bearer(other))).statusCode).toBe(200);
  });

  it('resetting a password revokes every other session and closes their streams', async () => {
    const account = await signUp(server, 'reset-revokes@example.com');
    const second = await signIn(server, account.email, account.password);
    const closed = watchClosed([await sessionIdOf(account.token), await sessionIdOf(second)]);
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
    expect(closed.sort()).toEqual([await sessionIdOf(account.token), await sessionIdOf(second)].sort());
    expect((await get(server, '/auth/v1/check', account.headers)).statusCode).toBe(401);
    expect((await get(server, '/auth/v1/check', bearer(second))).statusCode).toBe(401);
    expect((await get(server, '/auth/v1/check', bearer(reset.json().access_token))).statusCode).toBe(200);
    expect(String(reset.headers['set-cookie'])).toContain(`nodr_session=${reset.json().access_token}`);
  });

  it('revokeOtherSessions keeps the session it is told to keep', async () => {
    const account = await signUp(server, 'keep@example.com');
    const other = await signIn(server, account.email, account.password);
    const keep = await sessionIdOf(account.token);
    const revoked = await revokeOtherSessions(server.app.deps, account.userId, keep);
    expect(revoked).toEqual([await sessionIdOf(other)]);
    expect((await get(server, '/auth/v1/check', account.headers)).statusCode).toBe(200);
    expect((await get(server, '/auth/v1/check', bearer(other))).statusCode).toBe(401);
  });

  it('answers 401 on every signed-in call without a live token', async () => {
    const calls = [
      ['GET', '/auth/v1/check'],
      ['GET', '/auth/v1/logout'],
      ['GET', '/auth/v1/user/1'],
      ['PUT', '/auth/v1/user/1'],
      ['POST', '/auth/v1/user'],
      ['POST', '/auth/v1/teams'],
      ['GET', '/auth/v1/teams/1'],
      ['PUT', '/auth/v1/teams/1'],
    ] as const;
    const headerSets = [
      {},
      bearer('x'.repeat(43)),
      { authorization: 'Basic dXNlcjpwYXNz' },
      { authorization: 'Bearer' },
    ];
    for (const [method, url] of calls) {
      for (const headers of headerSets) {
        const body = method === 'GET' ? { headers: {} } : form({ name: 'x' });
        const response = await server.app.inject({
          method,
          url,
          ...body,
          headers: { ...body.headers, ...headers },
        });
        expect(response.statusCode, `${method} ${url}`).toBe(401);
        expect(response.json()).toMatchObject({ error: 'unauthorized' });
      }
    }
  });
});
