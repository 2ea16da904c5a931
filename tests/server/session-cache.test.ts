import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEAM_ERRORS, VIEWER_ROLE } from '../../contracts/team-body.ts';
import { sessions } from '../../server/db/schema.ts';
import { SESSION_CACHE_MAX_AGE_MS, SessionCache } from '../../server/lib/session-cache.ts';
import { hashToken, randomToken } from '../../server/lib/tokens.ts';
import {
  createSignedInUser,
  type SignedInUser,
  startTestServer,
  type TestServer,
} from '../helpers/server.ts';
import { freshIp, mailedHash, send, signUp } from './auth-helpers.ts';
import { createAccount, call as form, hashOf, PASSWORD, paths } from './profile-fixtures.ts';
import { call, invitationHash } from './teams-helpers.ts';

/**
 * Each process keeps the sessions it has looked up. Every way a session ends or a user's teams change
 * must reach the cache at once on this replica (tests/cluster/replicas.test.ts covers the others).
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const check = (who: { headers: Record<string, string> }) =>
  server.app.inject({ method: 'GET', url: '/auth/v1/check', headers: who.headers });
const nodeList = (who: { headers: Record<string, string> }, teamId: number) =>
  server.app.inject({ method: 'POST', url: `/api/v1/nodres/team/${teamId}`, headers: who.headers });

/** A second live session of the same user, as another browser holds it. */
async function anotherSession(user: SignedInUser) {
  const token = randomToken();
  const [row] = await server.db
    .insert(sessions)
    .values({
      userId: user.userId,
      tokenHash: hashToken(token),
      expiresAt: new Date(server.clock.now().getTime() + 3_600_000),
    })
    .returning({ id: sessions.id });
  return { id: row!.id, headers: { authorization: `Bearer ${token}` } };
}

describe('the session cache', () => {
  it('serves a session it has seen without reading it again, for at most its maximum age', async () => {
    const user = await createSignedInUser(server);
    expect((await check(user)).statusCode).toBe(200);
    // Revoked behind the product's back (SQL by hand): the cached session still answers until it is re-read.
    await server.db
      .update(sessions)
      .set({ revokedAt: server.clock.now() })
      .where(eq(sessions.userId, user.userId));
    expect((await check(user)).statusCode).toBe(200);
    server.clock.advance(SESSION_CACHE_MAX_AGE_MS + 1);
    expect((await check(user)).statusCode).toBe(401);
  });

  it('never answers a session past its expiry, cached or not', async () => {
    const user = await createSignedInUser(server);
    await server.db
      .update(sessions)
      .set({ expiresAt: new Date(server.clock.now().getTime() + 5_000) })
      .where(eq(sessions.userId, user.userId));
    expect((await check(user)).statusCode).toBe(200);
    server.clock.advance(5_000);
    expect((await check(user)).statusCode).toBe(401);
  });

  it('refuses a session at once after sign-out, on every call', async () => {
    const user = await createSignedInUser(server);
    expect((await nodeList(user, user.teamId)).statusCode).toBe(200);
    expect((await check(user)).statusCode).toBe(200);
    expect((await call(server, 'GET', '/v1/logout', user)).statusCode).toBe(200);
    expect((await check(user)).statusCode).toBe(401);
    expect((await nodeList(user, user.teamId)).statusCode).toBe(401);
  });

  it('refuses a session at once once another browser revokes it, one or all others', async () => {
    const user = await createSignedInUser(server);
    const second = await anotherSession(user);
    const third = await anotherSession(user);
    expect((await check(second)).statusCode).toBe(200);
    expect((await check(third)).statusCode).toBe(200);
    expect((await call(server, 'DELETE', `/v1/sessions/${second.id}`, user)).statusCode).toBe(200);
    expect((await check(second)).statusCode).toBe(401);
    expect((await check(third)).statusCode).toBe(200);
    expect((await call(server, 'DELETE', '/v1/sessions/others', user)).statusCode).toBe(200);
    expect((await check(third)).statusCode).toBe(401);
    expect((await check(user)).statusCode).toBe(200);
  });

  it('refuses the other sessions at once after a password change, and keeps the one that changed it', async () => {
    const user = await createAccount(server);
    const other = await anotherSession(user);
    expect((await check(other)).statusCode).toBe(200);
    const changed = await form(
      server,
      'POST',
      paths.changePassword(user),
      { password: PASSWORD, new_password: 'new-secret-2', confirm: 'new-secret-2' },
      user,
    );
    expect(changed.statusCode).toBe(200);
    expect((await check(other)).statusCode).toBe(401);
    expect((await check(user)).statusCode).toBe(200);
  });

  it('refuses every session at once after a password reset from a mailed link', async () => {
    const account = await signUp(server, `reset-${randomToken(4).toLowerCase()}@example.com`);
    expect((await check(account)).statusCode).toBe(200);
    const recovered = await send(
      server,
      'POST',
      '/auth/guest/recovery-password',
      { login: account.email, url: 'http://localhost/resPassword' },
      { ip: freshIp() },
    );
    expect(recovered.statusCode).toBe(200);
    const hash = await mailedHash(server, account.email, '/resPassword/');
    const reset = await send(
      server,
      'POST',
      '/auth/guest/set-new-password',
      { hash, password: 'reset-secret-3', confirm: 'reset-secret-3' },
      { ip: freshIp() },
    );
    expect(reset.statusCode).toBe(200);
    expect((await check(account)).statusCode).toBe(401);
    expect(
      (await check({ headers: { authorization: `Bearer ${reset.json().access_token}` } })).statusCode,
    ).toBe(200);
  });

  it('refuses every session of a deleted account at once', async () => {
    const user = await createAccount(server);
    const other = await anotherSession(user);
    expect((await check(other)).statusCode).toBe(200);
    expect((await nodeList(other, user.teamId)).statusCode).toBe(200);
    await form(server, 'DELETE', paths.deleteUser(user), { password: PASSWORD }, user);
    const link = (await server.lastMailTo(user.email))?.text.match(
      /https?:\/\/\S+deleteUserAccount\/\S+/,
    )?.[0];
    const accepted = await form(server, 'DELETE', paths.acceptDeletion, { hash: hashOf(link ?? '') });
    expect(accepted.statusCode).toBe(200);
    expect((await check(user)).statusCode).toBe(401);
    expect((await check(other)).statusCode).toBe(401);
    // The node list reads no user row: only the forgotten session refuses it.
    expect((await nodeList(other, user.teamId)).statusCode).toBe(401);
  });

  it("ends a removed member's access to the team at once, and a member who leaves", async () => {
    const admin = await createSignedInUser(server);
    const member = await createSignedInUser(server, { teamId: admin.teamId, role: VIEWER_ROLE });
    const leaver = await createSignedInUser(server, { teamId: admin.teamId, role: VIEWER_ROLE });
    expect((await nodeList(member, admin.teamId)).statusCode).toBe(200);
    expect((await nodeList(leaver, admin.teamId)).statusCode).toBe(200);
    const removed = await call(server, 'DELETE', `/v1/teams/${admin.teamId}/members/${member.userId}`, admin);
    expect(removed.statusCode).toBe(200);
    expect((await nodeList(member, admin.teamId)).statusCode).toBe(403);
    const left = await call(server, 'DELETE', `/v1/teams/${admin.teamId}/members/${leaver.userId}`, leaver);
    expect(left.statusCode).toBe(200);
    expect((await nodeList(leaver, admin.teamId)).statusCode).toBe(403);
  });

  it('applies a role change to the next request, both ways', async () => {
    const admin = await createSignedInUser(server);
    const other = await createSignedInUser(server, { teamId: admin.teamId });
    const rename = (who: SignedInUser) =>
      call(server, 'PUT', `/v1/teams/${admin.teamId}`, who, { name: 'Renamed' });
    expect((await rename(other)).statusCode).toBe(200);
    const demoted = await call(server, 'PUT', `/v1/teams/${admin.teamId}/members/${other.userId}`, admin, {
      role: VIEWER_ROLE,
    });
    expect(demoted.statusCode).toBe(200);
    const refused = await rename(other);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(TEAM_ERRORS.viewerReadOnly);
    await call(server, 'PUT', `/v1/teams/${admin.teamId}/members/${other.userId}`, admin, { role: 10 });
    expect((await rename(other)).statusCode).toBe(200);
  });

  it('lets a user who accepts an invitation into the team at once', async () => {
    const admin = await createSignedInUser(server);
    const email = `joiner-${randomToken(4).toLowerCase()}@example.com`;
    await call(server, 'POST', `/v1/teams/${admin.teamId}/invitations`, admin, { email, role: VIEWER_ROLE });
    const hash = await invitationHash(server, email);
    const account = await signUp(server, email);
    expect((await nodeList(account, admin.teamId)).statusCode).toBe(403);
    expect((await call(server, 'POST', '/v1/invitations/accept', account, { hash })).statusCode).toBe(200);
    expect((await nodeList(account, admin.teamId)).statusCode).toBe(200);
  });
});

describe('the session cache turned off (SESSION_CACHE_SIZE=0)', () => {
  let uncached: TestServer;
  beforeAll(async () => {
    uncached = await startTestServer({ sessionCacheSize: 0 });
  });
  afterAll(() => uncached.close());

  it('reads the session on every request', async () => {
    const user = await createSignedInUser(uncached);
    const get = () => uncached.app.inject({ method: 'GET', url: '/auth/v1/check', headers: user.headers });
    expect((await get()).statusCode).toBe(200);
    await uncached.db
      .update(sessions)
      .set({ revokedAt: uncached.clock.now() })
      .where(eq(sessions.userId, user.userId));
    expect((await get()).statusCode).toBe(401);
  });
});

describe('SessionCache', () => {
  const now = new Date('2026-01-01T00:00:00Z');
  const session = (sessionId: number, userId = sessionId) => ({
    sessionId,
    userId,
    expiresAt: new Date(now.getTime() + 3_600_000),
  });

  it('does not store an answer read before a revocation was heard (the lookup raced the sign-out)', () => {
    const cache = new SessionCache(10);
    const ticket = cache.ticket();
    cache.forget({ sessionIds: [1] });
    cache.store('a', session(1), ticket, now);
    expect(cache.get('a', now)).toBeUndefined();
    cache.store('a', session(1), cache.ticket(), now);
    expect(cache.get('a', now)).toEqual(session(1));
  });

  it('forgets by session, by user and all at once', () => {
    const cache = new SessionCache(10);
    cache.store('a', session(1, 7), cache.ticket(), now);
    cache.store('b', session(2, 7), cache.ticket(), now);
    cache.store('c', session(3, 8), cache.ticket(), now);
    cache.forget({ sessionIds: [1] });
    expect([cache.get('a', now), cache.get('b', now)?.sessionId]).toEqual([undefined, 2]);
    cache.forget({ userIds: [7] });
    expect([cache.get('b', now), cache.get('c', now)?.sessionId]).toEqual([undefined, 3]);
    cache.forget({ all: true });
    expect(cache.size).toBe(0);
  });

  it('holds at most its capacity, dropping the oldest, and nothing at capacity 0', () => {
    const cache = new SessionCache(2);
    for (const id of [1, 2, 3]) cache.store(`t${id}`, session(id), cache.ticket(), now);
    expect([cache.size, cache.get('t1', now), cache.get('t3', now)?.sessionId]).toEqual([2, undefined, 3]);
    const off = new SessionCache(0);
    off.store('a', session(1), off.ticket(), now);
    expect(off.size).toBe(0);
  });
});
