import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ROLE } from '../../contracts/account-codes.ts';
import { TEAM_ERRORS, VIEWER_ROLE } from '../../contracts/team-body.ts';
import { teamMembers, users } from '../../server/db/schema.ts';
import { SSE_COOKIE } from '../../server/lib/authenticate.ts';
import {
  createSignedInUser,
  type SignedInUser,
  startTestServer,
  type TestServer,
} from '../helpers/server.ts';
import { call, invitationHash, signedOut } from './teams-helpers.ts';

// One server for the file (and listening, for the event streams): starting one is the slow part.
let server: TestServer;
let base: string;
beforeAll(async () => {
  server = await startTestServer();
  base = await server.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => server.close());

describe('team members and roles', () => {
  const member = (teamId: number, userId: number) => `/v1/teams/${teamId}/members/${userId}`;
  const setRole = (who: SignedInUser, teamId: number, userId: number, role: unknown) =>
    call(server, 'PUT', member(teamId, userId), who, { role });
  const remove = (who: SignedInUser, teamId: number, userId: number) =>
    call(server, 'DELETE', member(teamId, userId), who);
  const adminsOf = async (teamId: number) =>
    (
      await server.db
        .select()
        .from(teamMembers)
        .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.role, ADMIN_ROLE)))
    ).map((row) => row.userId);

  it('lists members for any member and pending invitations for admins only', async () => {
    const admin = await createSignedInUser(server, { teamName: 'Listed' });
    const viewer = await createSignedInUser(server, { teamId: admin.teamId, role: VIEWER_ROLE });
    await call(server, 'POST', `/v1/teams/${admin.teamId}/invitations`, admin, {
      email: 'x@example.com',
      role: 20,
    });
    const forAdmin = await call(server, 'GET', `/v1/teams/${admin.teamId}/members`, admin);
    expect(forAdmin.statusCode).toBe(200);
    expect(forAdmin.json()).toMatchObject({
      id: admin.teamId,
      name: 'Listed',
      members: [
        { userId: admin.userId, email: admin.email, role: ADMIN_ROLE, name: 'Test', surname: 'User' },
        { userId: viewer.userId, email: viewer.email, role: VIEWER_ROLE },
      ],
      invitations: [{ email: 'x@example.com', role: VIEWER_ROLE }],
    });
    expect(forAdmin.json().members[0].joinedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    const forViewer = await call(server, 'GET', `/v1/teams/${admin.teamId}/members`, viewer);
    expect(forViewer.json().members).toHaveLength(2);
    expect(forViewer.json().invitations).toEqual([]);
    const outsider = await createSignedInUser(server);
    expect((await call(server, 'GET', `/v1/teams/${admin.teamId}/members`, outsider)).statusCode).toBe(403);
    expect((await call(server, 'GET', `/v1/teams/${admin.teamId}/members`, signedOut)).statusCode).toBe(401);
  });

  it('changes roles for admins only; a demoted admin gets 403 read_only on the next write', async () => {
    const admin = await createSignedInUser(server);
    const viewer = await createSignedInUser(server, { teamId: admin.teamId, role: VIEWER_ROLE });
    const byViewer = await setRole(viewer, admin.teamId, admin.userId, VIEWER_ROLE);
    expect(byViewer.statusCode).toBe(403);
    expect(byViewer.json()).toEqual(TEAM_ERRORS.viewerReadOnly);

    const promoted = await setRole(admin, admin.teamId, viewer.userId, ADMIN_ROLE);
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json()).toMatchObject({ userId: viewer.userId, role: ADMIN_ROLE });
    // The new admin acts at once: the roles are read on every request.
    expect((await setRole(viewer, admin.teamId, admin.userId, VIEWER_ROLE)).statusCode).toBe(200);
    const demotedWrite = await call(server, 'PUT', `/v1/teams/${admin.teamId}`, admin, {
      name: 'Mine again',
    });
    expect(demotedWrite.statusCode).toBe(403);
    expect(demotedWrite.json().error).toBe('read_only');
    expect((await call(server, 'GET', `/v1/teams/${admin.teamId}/members`, admin)).statusCode).toBe(200);
  });

  it('refuses bad role values, unknown members and bad ids with a 4xx', async () => {
    const admin = await createSignedInUser(server);
    const viewer = await createSignedInUser(server, { teamId: admin.teamId, role: VIEWER_ROLE });
    for (const role of [0, 11, 30, -10, '10x', null, 'a\u0000']) {
      const response = await setRole(admin, admin.teamId, viewer.userId, role);
      expect(response.statusCode, String(role)).toBe(400);
      expect(response.json()).toHaveProperty('message');
    }
    const outsider = await createSignedInUser(server);
    const unknown = await setRole(admin, admin.teamId, outsider.userId, ADMIN_ROLE);
    expect(unknown.statusCode).toBe(404);
    expect((await remove(admin, admin.teamId, outsider.userId)).statusCode).toBe(404);
    for (const id of ['abc', '0', '99999999999']) {
      const response = await call(server, 'PUT', `/v1/teams/${admin.teamId}/members/${id}`, admin, {
        role: 20,
      });
      expect(response.statusCode, id).toBe(400);
    }
    const huge = await setRole(admin, admin.teamId, viewer.userId, 'x'.repeat(2_000_000));
    expect([400, 413]).toContain(huge.statusCode);
  });

  it('keeps the last admin: no stepping down, no leaving while others remain (409 last_admin)', async () => {
    const admin = await createSignedInUser(server);
    const viewer = await createSignedInUser(server, { teamId: admin.teamId, role: VIEWER_ROLE });
    const stepDown = await setRole(admin, admin.teamId, admin.userId, VIEWER_ROLE);
    expect(stepDown.statusCode).toBe(409);
    expect(stepDown.json()).toEqual(TEAM_ERRORS.lastAdmin);
    const leave = await remove(admin, admin.teamId, admin.userId);
    expect(leave.statusCode).toBe(409);
    expect(leave.json()).toEqual(TEAM_ERRORS.lastAdmin);
    // A viewer leaves freely, and is then an outsider.
    expect((await remove(viewer, admin.teamId, viewer.userId)).json()).toEqual({ ok: true });
    expect((await call(server, 'GET', `/v1/teams/${admin.teamId}/members`, viewer)).statusCode).toBe(403);
    expect(await adminsOf(admin.teamId)).toEqual([admin.userId]);
  });

  it('lets an admin remove a member, who is an outsider from the next request', async () => {
    const admin = await createSignedInUser(server);
    const viewer = await createSignedInUser(server, { teamId: admin.teamId, role: VIEWER_ROLE });
    const other = await createSignedInUser(server, { teamId: admin.teamId, role: VIEWER_ROLE });
    const byViewer = await remove(viewer, admin.teamId, other.userId);
    expect(byViewer.statusCode).toBe(403);
    expect(byViewer.json()).toEqual(TEAM_ERRORS.viewerReadOnly);
    expect((await remove(admin, admin.teamId, other.userId)).json()).toEqual({ ok: true });
    expect((await call(server, 'GET', `/v1/teams/${admin.teamId}/members`, other)).statusCode).toBe(403);
    expect((await remove(admin, admin.teamId, other.userId)).statusCode).toBe(404);
    expect((await remove(signedOut as SignedInUser, admin.teamId, viewer.userId)).statusCode).toBe(401);
  });

  it('leaves one admin when two admins demote each other at the same moment', async () => {
    for (let round = 0; round < 5; round += 1) {
      const a = await createSignedInUser(server);
      const b = await createSignedInUser(server, { teamId: a.teamId, role: ADMIN_ROLE });
      const answers = await Promise.all([
        setRole(a, a.teamId, b.userId, VIEWER_ROLE),
        setRole(b, a.teamId, a.userId, VIEWER_ROLE),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 403]);
      expect(await adminsOf(a.teamId)).toHaveLength(1);
    }
  });

  it('leaves one admin when two admins remove each other at the same moment', async () => {
    const a = await createSignedInUser(server);
    const b = await createSignedInUser(server, { teamId: a.teamId, role: ADMIN_ROLE });
    const answers = await Promise.all([remove(a, a.teamId, b.userId), remove(b, a.teamId, a.userId)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 403]);
    expect(await adminsOf(a.teamId)).toHaveLength(1);
  });

  it('locks invitations and roles while an admin of the team has a deletion pending', async () => {
    const admin = await createSignedInUser(server);
    const other = await createSignedInUser(server, { teamId: admin.teamId, role: ADMIN_ROLE });
    const viewer = await createSignedInUser(server, { teamId: admin.teamId, role: VIEWER_ROLE });
    await server.db.update(users).set({ deleteProgress: true }).where(eq(users.id, admin.userId));
    const calls = [
      () =>
        call(server, 'POST', `/v1/teams/${admin.teamId}/invitations`, other, {
          email: 'y@example.com',
          role: 20,
        }),
      () => setRole(other, admin.teamId, viewer.userId, ADMIN_ROLE),
      () => remove(other, admin.teamId, viewer.userId),
      () => call(server, 'PUT', `/v1/teams/${admin.teamId}`, other, { name: 'Renamed' }),
    ];
    for (const attempt of calls) {
      const response = await attempt();
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toBe('deletion_pending');
    }
    await server.db.update(users).set({ deleteProgress: false }).where(eq(users.id, admin.userId));
    expect((await setRole(other, admin.teamId, viewer.userId, ADMIN_ROLE)).statusCode).toBe(200);
  });
});

describe('workspace choice', () => {
  it('puts the chosen team first in TeamsRender and in what the caller acts on', async () => {
    const user = await createSignedInUser(server, { teamName: 'Own' });
    const other = await createSignedInUser(server, { teamName: 'Other' });
    await server.db
      .insert(teamMembers)
      .values({ teamId: other.teamId, userId: user.userId, role: VIEWER_ROLE });
    const before = (await call(server, 'GET', '/v1/check', user)).json();
    expect(before.TeamsRender.map((team: { id: number }) => team.id)).toEqual([user.teamId, other.teamId]);

    const chosen = await call(server, 'PUT', `/v1/user/${user.userId}/workspace`, user, {
      teamId: other.teamId,
    });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().TeamsRender).toEqual([
      { id: other.teamId, name: 'Other', role: VIEWER_ROLE },
      { id: user.teamId, name: 'Own', role: ADMIN_ROLE },
    ]);
    // POST v1/user lists the users of the current (first) team: it follows the choice.
    const listed = (await call(server, 'POST', '/v1/user', user, {})).json();
    expect(listed.map((row: { id: number }) => row.id).sort()).toEqual([other.userId, user.userId].sort());

    // Removed from the chosen team: back to the oldest membership.
    expect(
      (await call(server, 'DELETE', `/v1/teams/${other.teamId}/members/${user.userId}`, other)).statusCode,
    ).toBe(200);
    const after = (await call(server, 'GET', '/v1/check', user)).json();
    expect(after.TeamsRender.map((team: { id: number }) => team.id)).toEqual([user.teamId]);
  });

  it('refuses another user, a team of which the caller is not a member, bad bodies and no session', async () => {
    const user = await createSignedInUser(server);
    const other = await createSignedInUser(server);
    const path = `/v1/user/${user.userId}/workspace`;
    expect(
      (await call(server, 'PUT', `/v1/user/${other.userId}/workspace`, user, { teamId: user.teamId }))
        .statusCode,
    ).toBe(403);
    expect((await call(server, 'PUT', path, user, { teamId: other.teamId })).statusCode).toBe(403);
    expect((await call(server, 'PUT', path, signedOut, { teamId: user.teamId })).statusCode).toBe(401);
    for (const body of [
      {},
      { teamId: 'x' },
      { teamId: 0 },
      { teamId: user.teamId, extra: true },
      { teamId: '\u0000' },
    ]) {
      expect((await call(server, 'PUT', path, user, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('event streams of a removed member', () => {
  it('end at once when the member is removed, and stay open for the others', async () => {
    const admin = await createSignedInUser(server);
    const viewer = await createSignedInUser(server, { teamId: admin.teamId, role: VIEWER_ROLE });
    const open = async (user: SignedInUser) => {
      const response = await fetch(`${base}/api/v1/sse/handle`, {
        headers: { cookie: `${SSE_COOKIE}=${user.token}` },
      });
      expect(response.status).toBe(200);
      const reader = response.body!.getReader();
      await reader.read();
      return reader;
    };
    const viewerStream = await open(viewer);
    const adminStream = await open(admin);
    expect(
      (await call(server, 'DELETE', `/v1/teams/${admin.teamId}/members/${viewer.userId}`, admin)).statusCode,
    ).toBe(200);
    const ended = await Promise.race([
      (async () => {
        for (;;) if ((await viewerStream.read()).done) return true;
      })(),
      new Promise<false>((resolve) => setTimeout(() => resolve(false), 1000)),
    ]);
    expect(ended).toBe(true);
    // The admin's stream still hears the team (the removal itself is a 30).
    const next = await adminStream.read();
    expect(new TextDecoder().decode(next.value)).toMatch(/data: 30/);
    await adminStream.cancel();
  });

  it('end when the user joins a team, so the reconnected stream carries it', async () => {
    const admin = await createSignedInUser(server);
    const invitee = await createSignedInUser(server);
    await call(server, 'POST', `/v1/teams/${admin.teamId}/invitations`, admin, {
      email: invitee.email,
      role: 20,
    });
    const hash = await invitationHash(server, invitee.email);
    const response = await fetch(`${base}/api/v1/sse/handle`, {
      headers: { cookie: `${SSE_COOKIE}=${invitee.token}` },
    });
    const reader = response.body!.getReader();
    await reader.read();
    expect((await call(server, 'POST', '/v1/invitations/accept', invitee, { hash })).statusCode).toBe(200);
    const ended = await Promise.race([
      (async () => {
        for (;;) if ((await reader.read()).done) return true;
      })(),
      new Promise<false>((resolve) => setTimeout(() => resolve(false), 1000)),
    ]);
    expect(ended).toBe(true);
    // Reconnected, the stream hears the joined team.
    const again = await fetch(`${base}/api/v1/sse/handle`, {
      headers: { cookie: `${SSE_COOKIE}=${invitee.token}` },
    });
    const next = again.body!.getReader();
    await next.read();
    server.app.deps.hub.publish(admin.teamId, 10);
    expect(new TextDecoder().decode((await next.read()).value)).toMatch(/data: 10/);
    await next.cancel();
  });
});
