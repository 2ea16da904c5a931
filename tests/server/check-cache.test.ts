import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIEWER_ROLE } from '../../contracts/team-body.ts';
import { users } from '../../server/db/schema.ts';
import { BusHandlers, type EventBus } from '../../server/lib/event-bus.ts';
import { EventHub } from '../../server/lib/events.ts';
import { SESSION_CACHE_MAX_AGE_MS } from '../../server/lib/session-cache.ts';
import { randomToken } from '../../server/lib/tokens.ts';
import { UserViewCache } from '../../server/lib/user-view-cache.ts';
import { requireSession } from '../../server/plugins/session.ts';
import { createSignedInUser, linkIn, startTestServer, type TestServer } from '../helpers/server.ts';
import { createActiveNode } from '../helpers/telemetry.ts';
import { freshIp, mailedHash, send, signUp } from './auth-helpers.ts';
import { createAccount, call as form, hashOf, PASSWORD, paths } from './profile-fixtures.ts';
import { call, invitationHash, type Who } from './teams-helpers.ts';

/**
 * The session check's answer is cached per process (server/lib/user-view-cache.ts). Every write that
 * changes it, by the user or by someone else, must show in the next check: each case reads the check first (so the
 * answer is cached), changes it through its real call, and reads it again.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer(
    {},
    {
      // A write path that forgets to tell the hub, as one added later might: only the belt (session.ts) saves it.
      probes: (app) => {
        app.post('/probe/rename-me', { preValidation: requireSession }, async (request) => {
          await app.deps.db.update(users).set({ name: 'Probed' }).where(eq(users.id, request.caller.userId));
          return { ok: true };
        });
      },
    },
  );
});
afterAll(() => server.close());

const check = async (who: Who) => {
  const response = await server.app.inject({ method: 'GET', url: '/auth/v1/check', headers: who.headers });
  expect(response.statusCode).toBe(200);
  return response.json();
};
const teamsOf = async (who: Who) =>
  (await check(who)).TeamsRender.map((team: { id: number; name: string; role: number }) => team);
const newEmail = () => `new-${randomToken(4).toLowerCase()}@example.com`;

describe('the cached session check', () => {
  it('is served from the cache: a change behind the product (SQL by hand) shows only after the maximum age', async () => {
    const user = await createSignedInUser(server);
    const before = await check(user);
    await server.db.update(users).set({ name: 'Hand' }).where(eq(users.id, user.userId));
    expect((await check(user)).name).toBe(before.name);
    server.clock.advance(SESSION_CACHE_MAX_AGE_MS);
    expect((await check(user)).name).toBe('Hand');
  });

  it('shows a profile change at once', async () => {
    const user = await createSignedInUser(server);
    await check(user);
    const saved = await send(server, 'PUT', `/auth/v1/user/${user.userId}`, { name: 'Ada' }, user);
    expect(saved.statusCode).toBe(200);
    expect((await check(user)).name).toBe('Ada');
  });

  it('shows a team renamed by another admin to every member', async () => {
    const admin = await createSignedInUser(server);
    const member = await createSignedInUser(server, { teamId: admin.teamId, role: VIEWER_ROLE });
    await check(member);
    await check(admin);
    const renamed = await call(server, 'PUT', `/v1/teams/${admin.teamId}`, admin, { name: 'Renamed' });
    expect(renamed.statusCode).toBe(200);
    expect((await teamsOf(member))[0]).toEqual({ id: admin.teamId, name: 'Renamed', role: VIEWER_ROLE });
    expect((await teamsOf(admin))[0].name).toBe('Renamed');
  });

  it('shows a role changed by an admin, and a removal by an admin', async () => {
    const admin = await createSignedInUser(server);
    const other = await createSignedInUser(server, { teamId: admin.teamId, role: VIEWER_ROLE });
    await check(other);
    const promoted = await call(server, 'PUT', `/v1/teams/${admin.teamId}/members/${other.userId}`, admin, {
      role: 10,
    });
    expect(promoted.statusCode).toBe(200);
    expect((await teamsOf(other)).find((team: { id: number }) => team.id === admin.teamId).role).toBe(10);
    const removed = await call(server, 'DELETE', `/v1/teams/${admin.teamId}/members/${other.userId}`, admin);
    expect(removed.statusCode).toBe(200);
    expect((await teamsOf(other)).map((team: { id: number }) => team.id)).not.toContain(admin.teamId);
  });

  it('shows a team the member left', async () => {
    const admin = await createSignedInUser(server);
    const leaver = await createSignedInUser(server, { teamId: admin.teamId, role: VIEWER_ROLE });
    expect((await teamsOf(leaver)).map((team: { id: number }) => team.id)).toEqual([admin.teamId]);
    const left = await call(server, 'DELETE', `/v1/teams/${admin.teamId}/members/${leaver.userId}`, leaver);
    expect(left.statusCode).toBe(200);
    expect(await teamsOf(leaver)).toEqual([]);
  });

  it('shows the chosen workspace first', async () => {
    const email = `member-${randomToken(4).toLowerCase()}@example.com`;
    const user = await createSignedInUser(server, { email });
    const other = await createSignedInUser(server);
    await call(server, 'POST', `/v1/teams/${other.teamId}/invitations`, other, { email, role: VIEWER_ROLE });
    const hash = await invitationHash(server, email);
    // Accepting makes the invited team the workspace; choosing the own team puts it back first.
    expect((await teamsOf(user)).map((team: { id: number }) => team.id)).toEqual([user.teamId]);
    expect((await call(server, 'POST', '/v1/invitations/accept', user, { hash })).statusCode).toBe(200);
    expect((await teamsOf(user)).map((team: { id: number }) => team.id)).toEqual([other.teamId, user.teamId]);
    const chosen = await call(server, 'PUT', `/v1/user/${user.userId}/workspace`, user, {
      teamId: user.teamId,
    });
    expect(chosen.statusCode).toBe(200);
    expect((await teamsOf(user)).map((team: { id: number }) => team.id)).toEqual([user.teamId, other.teamId]);
  });

  it('shows a team closed by another admin to every member', async () => {
    const first = await createAccount(server);
    const second = await createAccount(server, { teamId: first.teamId, role: 10 });
    const viewer = await createAccount(server, { teamId: first.teamId, role: VIEWER_ROLE });
    expect((await teamsOf(viewer)).map((team: { id: number }) => team.id)).toEqual([first.teamId]);
    const path = `/v1/teams/${first.teamId}/closure`;
    expect((await call(server, 'POST', path, first)).statusCode).toBe(200);
    const done = await call(server, 'POST', `${path}/confirm`, second, { password: PASSWORD });
    expect(done.statusCode).toBe(200);
    expect(await teamsOf(viewer)).toEqual([]);
    expect(await teamsOf(first)).toEqual([]);
  });

  it('shows an account deletion requested and revoked', async () => {
    const user = await createAccount(server);
    expect((await check(user)).deleteProgress).toBe(false);
    const requested = await form(server, 'DELETE', paths.deleteUser(user), { password: PASSWORD }, user);
    expect(requested.statusCode).toBe(200);
    expect((await check(user)).deleteProgress).toBe(true);
    expect((await form(server, 'POST', paths.revokeDeletion(user), {}, user)).statusCode).toBe(200);
    expect((await check(user)).deleteProgress).toBe(false);
  });

  it('shows a password change (its date)', async () => {
    const user = await createAccount(server);
    const before = (await check(user)).changePasswordAt;
    server.clock.advance(1_000);
    const changed = await form(
      server,
      'POST',
      paths.changePassword(user),
      { password: PASSWORD, new_password: 'new-secret-2', confirm: 'new-secret-2' },
      user,
    );
    expect(changed.statusCode).toBe(200);
    const after = (await check(user)).changePasswordAt;
    expect(after).not.toBe(before);
    expect(after).toBe(server.clock.now().toISOString());
  });

  it('shows a password reset by a mailed link to the new sign-in', async () => {
    const account = await signUp(server, `reset-${randomToken(4).toLowerCase()}@example.com`);
    const before = (await check(account)).changePasswordAt;
    server.clock.advance(1_000);
    const ip = freshIp();
    const recovery = { login: account.email, url: 'http://localhost/resPassword' };
    expect((await send(server, 'POST', '/auth/guest/recovery-password', recovery, { ip })).statusCode).toBe(
      200,
    );
    const hash = await mailedHash(server, account.email, '/resPassword/');
    const fields = { hash, password: 'reset-secret-3', confirm: 'reset-secret-3' };
    const reset = await send(server, 'POST', '/auth/guest/set-new-password', fields, { ip: freshIp() });
    expect(reset.statusCode).toBe(200);
    const signedIn = { headers: { authorization: `Bearer ${reset.json().access_token}` } };
    const after = (await check(signedIn)).changePasswordAt;
    expect(after).not.toBe(before);
    expect(after).toBe(server.clock.now().toISOString());
  });

  it('shows an e-mail change requested, then confirmed by the link from the new mailbox', async () => {
    const user = await createAccount(server);
    const address = newEmail();
    await check(user);
    const fields = { user_id: user.userId, team_id: user.teamId, password: PASSWORD, email: address };
    expect((await form(server, 'POST', paths.changeEmail(user), fields, user)).statusCode).toBe(200);
    expect(await check(user)).toMatchObject({ statusChangeEmail: 10, newChangeEmail: address });
    const link = linkIn(await server.lastMailTo(address), '/changeEmail/');
    expect((await form(server, 'POST', paths.acceptEmail, { hash: hashOf(link) })).statusCode).toBe(200);
    expect(await check(user)).toMatchObject({ email: address, statusChangeEmail: 0, newChangeEmail: null });
  });

  it('shows an e-mail change revoked, and one cancelled by the link to the old mailbox', async () => {
    const user = await createAccount(server);
    const request = () =>
      form(
        server,
        'POST',
        paths.changeEmail(user),
        { user_id: user.userId, team_id: user.teamId, password: PASSWORD, email: newEmail() },
        user,
      );
    expect((await request()).statusCode).toBe(200);
    expect((await check(user)).statusChangeEmail).toBe(10);
    expect((await form(server, 'POST', paths.revokeEmail(user), {}, user)).statusCode).toBe(200);
    expect((await check(user)).statusChangeEmail).toBe(0);

    server.clock.advance(61_000);
    expect((await request()).statusCode).toBe(200);
    expect((await check(user)).statusChangeEmail).toBe(10);
    const cancel = linkIn(await server.lastMailTo(user.email), '/cancelEmailChange/');
    const cancelled = await form(server, 'POST', 'v1/profile_settings/change_email/cancel', {
      hash: hashOf(cancel),
    });
    expect(cancelled.statusCode).toBe(200);
    expect(await check(user)).toMatchObject({ statusChangeEmail: 0, newChangeEmail: null });
  });

  it('keeps the answer across the POSTs that only read (the node list, statistics): the web app sends them after every event', async () => {
    const user = await createSignedInUser(server);
    const node = await createActiveNode(server, user.teamId);
    const before = await check(user);
    // Changed behind the product's back: a forgotten answer would show it in the next check.
    await server.db.update(users).set({ name: 'Hand' }).where(eq(users.id, user.userId));
    const list = await server.app.inject({
      method: 'POST',
      url: `/api/v1/nodres/team/${user.teamId}`,
      headers: user.headers,
    });
    expect(list.statusCode).toBe(200);
    const end = Math.floor(server.clock.now().getTime() / 1000);
    const statistics = await server.app.inject({
      method: 'POST',
      url: '/stats/v1/nodr/day',
      headers: user.headers,
      payload: {
        startTimestamp: end - 86_400,
        endTimestamp: end,
        clientId: user.teamId,
        licenceKey: [node.licenseKey],
      },
    });
    expect(statistics.statusCode, statistics.body).toBe(200);
    expect((await check(user)).name).toBe(before.name);
  });

  it('forgets the answer of a signed-in write that told nobody (the belt)', async () => {
    const user = await createSignedInUser(server);
    await check(user);
    const probed = await server.app.inject({
      method: 'POST',
      url: '/probe/rename-me',
      headers: user.headers,
    });
    expect(probed.statusCode).toBe(200);
    expect((await check(user)).name).toBe('Probed');
  });
});

describe('the check cache turned off (SESSION_CACHE_SIZE=0)', () => {
  let uncached: TestServer;
  beforeAll(async () => {
    uncached = await startTestServer({ sessionCacheSize: 0 });
  });
  afterAll(() => uncached.close());

  it('reads the user on every check', async () => {
    const user = await createSignedInUser(uncached);
    const get = () => uncached.app.inject({ method: 'GET', url: '/auth/v1/check', headers: user.headers });
    expect((await get()).json().name).not.toBe('Hand');
    await uncached.db.update(users).set({ name: 'Hand' }).where(eq(users.id, user.userId));
    expect((await get()).json().name).toBe('Hand');
    expect(uncached.app.deps.viewCache.size).toBe(0);
  });
});

describe('UserViewCache', () => {
  const now = new Date('2026-01-01T00:00:00Z');
  const view = (id: number, teamIds: number[] = []) => ({
    id,
    TeamsRender: teamIds.map((teamId) => ({ id: teamId })),
  });

  it('does not store an answer read before a forget was heard (the read raced the change)', () => {
    const cache = new UserViewCache(10);
    const ticket = cache.ticket();
    cache.forget({ userIds: [2] });
    cache.store(view(1), ticket, now);
    expect(cache.get(1, now)).toBeUndefined();
    cache.store(view(1), cache.ticket(), now);
    expect(cache.get(1, now)).toEqual(view(1));
  });

  it('forgets by user, by team (every member) and all at once', () => {
    const cache = new UserViewCache(10);
    for (const cached of [view(1, [7]), view(2, [7, 8]), view(3, [8]), view(4)])
      cache.store(cached, cache.ticket(), now);
    cache.forget({ userIds: [4] });
    expect(cache.get(4, now)).toBeUndefined();
    cache.forget({ teamIds: [7] });
    expect([cache.get(1, now), cache.get(2, now), cache.get(3, now)?.id]).toEqual([undefined, undefined, 3]);
    cache.forget({ all: true });
    expect(cache.size).toBe(0);
  });

  it('serves an answer for less than the maximum age', () => {
    const cache = new UserViewCache(10);
    cache.store(view(1), cache.ticket(), now);
    expect(cache.get(1, new Date(now.getTime() + SESSION_CACHE_MAX_AGE_MS - 1))?.id).toBe(1);
    expect(cache.get(1, new Date(now.getTime() + SESSION_CACHE_MAX_AGE_MS))).toBeUndefined();
  });

  it('holds at most its capacity, dropping the oldest, and nothing at capacity 0', () => {
    const cache = new UserViewCache(2);
    for (const id of [1, 2, 3]) cache.store(view(id, [9]), cache.ticket(), now);
    expect([cache.size, cache.get(1, now), cache.get(3, now)?.id]).toEqual([2, undefined, 3]);
    const off = new UserViewCache(0);
    off.store(view(1), off.ticket(), now);
    expect(off.size).toBe(0);
  });
});

describe('EventHub and the cached check answers', () => {
  it('forgets what another replica tells over the bus, and everything when the bus resyncs', () => {
    const handlers = new BusHandlers();
    // Only what "other replicas" deliver reaches this hub: its own publishes go nowhere.
    const bus: EventBus = {
      publish: () => {},
      subscribe: (handler) => handlers.subscribe(handler),
      start: async () => {},
      close: async () => {},
    };
    const hub = new EventHub(bus);
    const cache = new UserViewCache(10);
    hub.onViewsChanged((change) => cache.forget(change));
    const now = new Date();
    for (const id of [1, 2, 3, 4])
      cache.store({ id, TeamsRender: id === 1 ? [{ id: 7 }] : [] }, cache.ticket(), now);
    handlers.deliver({ kind: 'views', change: { teamIds: [7] } });
    handlers.deliver({ kind: 'views', change: { userIds: [2] } });
    handlers.deliver({ kind: 'access', userIds: [3] });
    expect([1, 2, 3, 4].map((id) => cache.get(id, now)?.id)).toEqual([undefined, undefined, undefined, 4]);
    handlers.deliver({ kind: 'resync' });
    expect(cache.size).toBe(0);
    hub.stop();
  });
});
