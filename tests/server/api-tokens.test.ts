import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_TOKEN_ERRORS, API_TOKEN_LIMITS } from '../../contracts/api-tokens.ts';
import { apiTokens, teamMembers, users } from '../../server/db/schema.ts';
import { hashToken, randomToken } from '../../server/lib/tokens.ts';
import { acceptApiTokens, requireTeamWriter } from '../../server/plugins/session.ts';
import { type SignedInUser, startTestServer, type TestServer } from '../helpers/server.ts';
import { createActiveNode, ingest, minutes, NOW_SECONDS } from '../helpers/telemetry.ts';
import { createAccount, PASSWORD } from './profile-fixtures.ts';

const DAY_MS = 86_400_000;

/** API tokens, their calls on the auth service and what a token may do elsewhere. */
describe('API tokens', () => {
  let server: TestServer;
  let admin: SignedInUser;
  let viewer: SignedInUser;
  let stranger: SignedInUser;

  beforeAll(async () => {
    server = await startTestServer(
      {},
      {
        // A team write that takes tokens like the main API does, to prove the one write rule (requireTeamWriter).
        probes: (app) => {
          app.register(async (scope) => {
            acceptApiTokens(scope);
            scope.post('/probe/team/:teamId/write', { preValidation: requireTeamWriter('teamId') }, () => ({
              written: true,
            }));
          });
        },
      },
    );
    server.clock.set(new Date(NOW_SECONDS * 1000));
    admin = await createAccount(server);
    viewer = await createAccount(server, { teamId: admin.teamId, role: 20 });
    stranger = await createAccount(server);
  });
  afterAll(() => server.close());

  async function createToken(
    user: SignedInUser,
    body: Record<string, unknown> = {},
  ): Promise<{ id: number; token: string }> {
    const response = await server.app.inject({
      method: 'POST',
      url: '/auth/v1/tokens',
      headers: user.headers,
      payload: { name: 'CI script', teamId: user.teamId, scope: 'read', password: PASSWORD, ...body },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }

  /**
   * A token written straight to the database: creating one through HTTP asks for the password, which counts against
   * the per-user limit of password checks, and most tests here need many tokens of one user.
   */
  async function issueToken(
    user: SignedInUser,
    fields: { scope?: 'read' | 'write'; teamId?: number; expiresInDays?: number } = {},
  ): Promise<{ id: number; token: string }> {
    const token = `nodr_${randomToken()}`;
    const now = server.clock.now();
    const [row] = await server.db
      .insert(apiTokens)
      .values({
        userId: user.userId,
        teamId: fields.teamId ?? user.teamId,
        name: 'CI script',
        scope: fields.scope ?? 'read',
        tokenHash: hashToken(token),
        createdAt: now,
        expiresAt:
          fields.expiresInDays === undefined ? null : new Date(now.getTime() + fields.expiresInDays * DAY_MS),
      })
      .returning();
    return { id: row!.id, token };
  }

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  function listNodes(token: string, teamId = admin.teamId) {
    return server.app.inject({
      method: 'POST',
      url: `/api/v1/nodres/team/${teamId}`,
      headers: bearer(token),
    });
  }

  function write(token: string, teamId = admin.teamId) {
    return server.app.inject({ method: 'POST', url: `/probe/team/${teamId}/write`, headers: bearer(token) });
  }

  function listTokens(user: SignedInUser) {
    return server.app.inject({ method: 'GET', url: '/auth/v1/tokens', headers: user.headers });
  }

  it('creates a token shown once, stores only its SHA-256, and lists it without the secret', async () => {
    const created = await createToken(admin, { name: '  Grafana  ', scope: 'write', expiresInDays: 30 });
    expect(created).toMatchObject({
      name: 'Grafana',
      teamId: admin.teamId,
      scope: 'write',
      lastUsedAt: null,
      expiresAt: new Date(NOW_SECONDS * 1000 + 30 * DAY_MS).toISOString(),
    });
    expect(created.token).toMatch(/^nodr_[A-Za-z0-9_-]{43}$/);
    const [row] = await server.db.select().from(apiTokens).where(eq(apiTokens.id, created.id));
    expect(row?.tokenHash).toBe(hashToken(created.token));
    expect(JSON.stringify(row)).not.toContain(created.token.slice(5));

    const list = await listTokens(admin);
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.token);
    expect(list.json()).toContainEqual(expect.objectContaining({ id: created.id, name: 'Grafana' }));
    expect((await listTokens(stranger)).json()).toEqual([]);
  });

  it('authenticates the main API (list nodes) and statistics, for the token team only', async () => {
    const node = await createActiveNode(server, admin.teamId);
    await ingest(node, minutes(NOW_SECONDS - 600, 10, 1));
    const { token } = await issueToken(admin);
    const nodes = await listNodes(token);
    expect(nodes.statusCode, nodes.body).toBe(200);
    expect(JSON.stringify(nodes.json())).toContain(node.licenseKey);

    const window = {
      startTimestamp: NOW_SECONDS - 86_400,
      endTimestamp: NOW_SECONDS,
      licenceKey: [node.licenseKey],
    };
    const stats = await server.app.inject({
      method: 'POST',
      url: '/stats/v1/nodr/day',
      headers: bearer(token),
      payload: { ...window, clientId: admin.teamId },
    });
    expect(stats.statusCode, stats.body).toBe(200);
    // One point per minute the node reported.
    expect(Object.keys(stats.json().result)).toHaveLength(10);

    // The token's owner is no member of the stranger's team, and a token never reaches beyond its own team.
    expect((await listNodes(token, stranger.teamId)).statusCode).toBe(403);
    const foreignStats = await server.app.inject({
      method: 'POST',
      url: '/stats/v1/nodr/day',
      headers: bearer(token),
      payload: { ...window, clientId: stranger.teamId },
    });
    expect(foreignStats.statusCode).toBe(403);
  });

  it('limits a token to its team even when its owner belongs to another team too', async () => {
    const both = await createAccount(server, { teamId: admin.teamId });
    await server.db.insert(teamMembers).values({ teamId: stranger.teamId, userId: both.userId, role: 10 });
    const { token } = await issueToken(both, { teamId: stranger.teamId });
    expect((await listNodes(token, stranger.teamId)).statusCode).toBe(200);
    expect((await listNodes(token, admin.teamId)).statusCode).toBe(403);
    // Session or not, nobody creates a token for a team they are not in.
    const outsider = await server.app.inject({
      method: 'POST',
      url: '/auth/v1/tokens',
      headers: viewer.headers,
      payload: { name: 'x', teamId: stranger.teamId, scope: 'read', password: PASSWORD },
    });
    expect(outsider.statusCode).toBe(403);
  });

  it('lets a read-write token of an admin write, and refuses a read-only token and a viewer token (403)', async () => {
    const writer = await issueToken(admin, { scope: 'write' });
    expect((await write(writer.token)).json()).toEqual({ written: true });

    const reader = await write((await issueToken(admin, { scope: 'read' })).token);
    expect(reader.statusCode).toBe(403);
    expect(reader.json()).toEqual(API_TOKEN_ERRORS.readOnly);

    const viewerWriter = await issueToken(viewer, { scope: 'write' });
    expect((await listNodes(viewerWriter.token)).statusCode).toBe(200);
    const refused = await write(viewerWriter.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'read_only' });
  });

  it('guards the real node writes: a read-only token cannot toggle or rename a node, a read-write one can', async () => {
    const { node } = await createActiveNode(server, admin.teamId);
    const toggle = (token: string) =>
      server.app.inject({
        method: 'PUT',
        url: `/api/v1/nodres/team/${admin.teamId}/update_active_nodres/${node.id}`,
        headers: { authorization: `Bearer ${token}` },
      });
    const reader = await toggle((await issueToken(admin, { scope: 'read' })).token);
    expect(reader.statusCode).toBe(403);
    expect(reader.json()).toEqual(API_TOKEN_ERRORS.readOnly);
    const rename = await server.app.inject({
      method: 'PUT',
      url: `/api/v1/nodres/team/${admin.teamId}/nodr/${node.id}`,
      headers: { authorization: `Bearer ${(await issueToken(admin, { scope: 'read' })).token}` },
      payload: { teamId: admin.teamId, config_id: 1, name: 'Renamed by a reader', id: node.id },
    });
    expect(rename.statusCode).toBe(403);
    const writer = await toggle((await issueToken(admin, { scope: 'write' })).token);
    expect(writer.statusCode).toBe(200);
    expect(writer.json()).toMatchObject({ id: node.id });
  });

  it('refuses a read-only token on every write, the statistics settings too (403), and a read-write one saves them', async () => {
    const save = (token: string) =>
      server.app.inject({
        method: 'POST',
        url: `/api/v1/statistic/settings/put/user/${admin.userId}/team/${admin.teamId}`,
        headers: bearer(token),
        payload: { tabs: ['by reader'] },
      });
    const reader = await save((await issueToken(admin, { scope: 'read' })).token);
    expect(reader.statusCode).toBe(403);
    expect(reader.json()).toEqual(API_TOKEN_ERRORS.readOnly);
    const writer = await save((await issueToken(admin, { scope: 'write' })).token);
    expect(writer.statusCode, writer.body).toBe(200);
    expect(JSON.parse(writer.json().text)).toEqual({ tabs: ['by reader'] });
    // Reads sent as POST stay open to a read-only token.
    const read = await server.app.inject({
      method: 'POST',
      url: `/api/v1/statistic/settings/get/user/${admin.userId}/team/${admin.teamId}`,
      headers: bearer((await issueToken(admin, { scope: 'read' })).token),
    });
    expect(read.statusCode).toBe(200);
  });

  it('follows the member role as it changes: an admin turned viewer loses writes at once', async () => {
    const member = await createAccount(server, { teamId: admin.teamId, role: 10 });
    const { token } = await issueToken(member, { scope: 'write' });
    expect((await write(token)).statusCode).toBe(200);
    await server.db
      .update(teamMembers)
      .set({ role: 20 })
      .where(and(eq(teamMembers.teamId, admin.teamId), eq(teamMembers.userId, member.userId)));
    expect((await write(token)).statusCode).toBe(403);
  });

  it('never works on the auth service: account, sessions, two-factor and the token calls themselves (401)', async () => {
    const { id, token } = await issueToken(admin, { scope: 'write' });
    const calls = [
      { method: 'GET', url: '/auth/v1/tokens' },
      {
        method: 'POST',
        url: '/auth/v1/tokens',
        payload: { name: 'more', teamId: admin.teamId, scope: 'write' },
      },
      { method: 'DELETE', url: `/auth/v1/tokens/${id}` },
      { method: 'GET', url: '/auth/v1/check' },
      { method: 'GET', url: '/auth/v1/sessions' },
      { method: 'GET', url: '/auth/v1/two-factor' },
      { method: 'GET', url: `/auth/v1/user/${admin.userId}` },
      { method: 'POST', url: `/auth/v1/user/${admin.userId}/info_delete` },
      {
        method: 'POST',
        url: `/auth/v1/profile_settings/user/${admin.userId}/team/${admin.teamId}/change_password`,
        payload: { password: 'x', newPassword: 'y' },
      },
    ] as const;
    for (const call of calls) {
      const response = await server.app.inject({ ...call, headers: bearer(token) });
      expect(response.statusCode, `${call.method} ${call.url}`).toBe(401);
      expect(response.json()).toEqual(API_TOKEN_ERRORS.notHere);
    }
    // The token was not revoked by the attempt, and the event stream stays cookie-only.
    expect((await listNodes(token)).statusCode).toBe(200);
    const stream = await server.app.inject({
      method: 'GET',
      url: '/api/v1/sse/handle',
      headers: bearer(token),
    });
    expect(stream.statusCode).toBe(401);
  });

  it('refuses a revoked token at once, including a replay, and a second revoke is a 404', async () => {
    const { id, token } = await issueToken(admin);
    expect((await listNodes(token)).statusCode).toBe(200);
    const revoke = () =>
      server.app.inject({ method: 'DELETE', url: `/auth/v1/tokens/${id}`, headers: admin.headers });
    const first = await revoke();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ ok: true });
    const replay = await listNodes(token);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual(API_TOKEN_ERRORS.invalid);
    expect((await revoke()).json()).toEqual(API_TOKEN_ERRORS.notFound);
    expect((await listTokens(admin)).json()).not.toContainEqual(expect.objectContaining({ id }));
  });

  it('writes creating and revoking a token to Recent activity; a refused revoke writes nothing', async () => {
    const user = await createAccount(server);
    const activity = async () => {
      const response = await server.app.inject({
        method: 'GET',
        url: '/auth/v1/activity',
        headers: user.headers,
      });
      expect(response.statusCode).toBe(200);
      return (response.json() as { kind: string }[]).map((entry) => entry.kind);
    };
    const before = await activity();
    const { id } = await createToken(user);
    expect(await activity()).toEqual(['api_token_created', ...before]);
    const revoke = () =>
      server.app.inject({ method: 'DELETE', url: `/auth/v1/tokens/${id}`, headers: user.headers });
    expect((await revoke()).statusCode).toBe(200);
    expect((await revoke()).statusCode).toBe(404);
    expect(await activity()).toEqual(['api_token_revoked', 'api_token_created', ...before]);
  });

  it('revokes once when two revocations race: one 200, one 404', async () => {
    const { id } = await issueToken(admin);
    const answers = await Promise.all(
      [1, 2].map(() =>
        server.app.inject({ method: 'DELETE', url: `/auth/v1/tokens/${id}`, headers: admin.headers }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 404]);
  });

  it('lets nobody revoke another person token (404, and the token keeps working)', async () => {
    const { id, token } = await issueToken(admin);
    const response = await server.app.inject({
      method: 'DELETE',
      url: `/auth/v1/tokens/${id}`,
      headers: stranger.headers,
    });
    expect(response.statusCode).toBe(404);
    expect((await listNodes(token)).statusCode).toBe(200);
  });

  it('expires on time with the clock: valid a moment before, 401 at the expiry', async () => {
    const { token } = await issueToken(admin, { expiresInDays: 1 });
    server.clock.advance(DAY_MS - 1);
    expect((await listNodes(token)).statusCode).toBe(200);
    server.clock.advance(1);
    expect((await listNodes(token)).statusCode).toBe(401);
    server.clock.set(new Date(NOW_SECONDS * 1000));
  });

  it('writes last used at most once a minute', async () => {
    const user = await createAccount(server);
    const { id, token } = await issueToken(user);
    const lastUsed = async () =>
      (await listTokens(user)).json().find((row: { id: number }) => row.id === id).lastUsedAt;
    const start = server.clock.now();
    await listNodes(token, user.teamId);
    expect(await lastUsed()).toBe(start.toISOString());
    server.clock.advance(59_000);
    await listNodes(token, user.teamId);
    expect(await lastUsed()).toBe(start.toISOString());
    server.clock.advance(2_000);
    await listNodes(token, user.teamId);
    expect(await lastUsed()).toBe(server.clock.now().toISOString());
    server.clock.set(new Date(NOW_SECONDS * 1000));
  });

  it('ends every token of an owner who leaves the team or deletes the account (401)', async () => {
    const leaver = await createAccount(server, { teamId: admin.teamId });
    const left = await issueToken(leaver);
    await server.db
      .delete(teamMembers)
      .where(and(eq(teamMembers.teamId, admin.teamId), eq(teamMembers.userId, leaver.userId)));
    expect((await listNodes(left.token)).statusCode).toBe(401);

    const gone = await createAccount(server, { teamId: admin.teamId });
    const deleted = await issueToken(gone);
    await server.db.delete(users).where(eq(users.id, gone.userId));
    expect((await listNodes(deleted.token)).statusCode).toBe(401);
  });

  it('answers 401 to unknown, malformed and hostile tokens', async () => {
    const { token } = await issueToken(admin);
    const attempts = [
      `nodr_${'A'.repeat(43)}`,
      `${token}x`,
      `${token}\u0000`,
      'nodr_',
      `nodr_${'A'.repeat(400)}`,
    ];
    for (const attempt of attempts) {
      const response = await server.app.inject({
        method: 'POST',
        url: `/api/v1/nodres/team/${admin.teamId}`,
        headers: { authorization: `Bearer ${attempt}` },
      });
      expect(response.statusCode, attempt.slice(0, 60)).toBe(401);
      expect(response.json()).toMatchObject({ error: 'unauthorized', message: expect.any(String) });
    }
  });

  it('refuses bad names, scopes and expiries with a clear 400', async () => {
    const bad = [
      { name: '' },
      { name: '   ' },
      { name: 'a\u0000b' },
      { name: 'x'.repeat(API_TOKEN_LIMITS.nameLength + 1) },
      { scope: 'admin' },
      { expiresInDays: 0 },
      { expiresInDays: API_TOKEN_LIMITS.maxExpiryDays + 1 },
      { expiresInDays: 1.5 },
      { teamId: 'one' },
      { extra: true },
    ];
    for (const fields of bad) {
      const response = await server.app.inject({
        method: 'POST',
        url: '/auth/v1/tokens',
        headers: admin.headers,
        payload: { name: 'ok', teamId: admin.teamId, scope: 'read', password: PASSWORD, ...fields },
      });
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(response.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    }
    const huge = await server.app.inject({
      method: 'POST',
      url: '/auth/v1/tokens',
      headers: { ...admin.headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024), teamId: admin.teamId, scope: 'read' }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
  });

  it('answers 401 to the token calls without a session', async () => {
    for (const call of [
      { method: 'GET', url: '/auth/v1/tokens' },
      { method: 'POST', url: '/auth/v1/tokens', payload: { name: 'x', teamId: 1, scope: 'read' } },
      { method: 'DELETE', url: '/auth/v1/tokens/1' },
    ] as const) {
      expect((await server.app.inject(call)).statusCode).toBe(401);
    }
  });

  it('holds each person to 20 live tokens, even when creations race', async () => {
    const user = await createAccount(server);
    // Most of them written directly, so the racing creations stay within the limit of password checks.
    const racing = 6;
    for (let index = 0; index < API_TOKEN_LIMITS.perUser + 3 - racing; index += 1) await issueToken(user);
    const answers = await Promise.all(
      Array.from({ length: racing }, (_, index) =>
        server.app.inject({
          method: 'POST',
          url: '/auth/v1/tokens',
          headers: user.headers,
          payload: { name: `t${index}`, teamId: user.teamId, scope: 'read', password: PASSWORD },
        }),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(racing - 3);
    const refused = answers.filter((answer) => answer.statusCode === 409);
    expect(refused).toHaveLength(3);
    expect(refused[0]?.json()).toEqual(API_TOKEN_ERRORS.tooMany);
  });
});
