import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ROLE, PERMISSION_TO_DELETE } from '../../contracts/account-codes.ts';
import { TEAM_ERRORS, VIEWER_ROLE } from '../../contracts/team-body.ts';
import { nodes, teams, users } from '../../server/db/schema.ts';
import { registerNode } from '../helpers/nodes.ts';
import { linkIn, type SignedInUser, startTestServer, type TestServer } from '../helpers/server.ts';
import { signUp } from './auth-helpers.ts';
import { createAccount, hashOf, PASSWORD } from './profile-fixtures.ts';
import { call, invitationHash, type Who } from './teams-helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const precheck = (who: SignedInUser) => call(server, 'POST', `/v1/user/${who.userId}/info_delete`, who, {});
const setRole = (who: Who, teamId: number, userId: number, role: number) =>
  call(server, 'PUT', `/v1/teams/${teamId}/members/${userId}`, who, { role });

/** Invites `email` into the admin's team and accepts the mailed link as `invitee`. */
async function join(admin: SignedInUser, invitee: Who & { email: string }, role: number) {
  const sent = await call(server, 'POST', `/v1/teams/${admin.teamId}/invitations`, admin, {
    email: invitee.email,
    role,
  });
  expect(sent.statusCode).toBe(201);
  const hash = await invitationHash(server, invitee.email);
  const accepted = await call(server, 'POST', '/v1/invitations/accept', invitee, { hash });
  expect(accepted.statusCode).toBe(200);
}

describe('account deletion with real teams (spec 4 pre-check from memberships made by invitations)', () => {
  it('blocks a sole admin (402, permissionToDelete 20) until they pass the admin role; the lock holds meanwhile', async () => {
    const admin = await createAccount(server);
    // A person without an account registers from the link and lands in the team as a viewer.
    const viewer = await signUp(server, 'registered-viewer@example.com');
    const viewerWho = { ...viewer, email: viewer.email };
    await join(admin, viewerWho, VIEWER_ROLE);

    const blocked = await precheck(admin);
    expect(blocked.statusCode).toBe(400);
    expect(blocked.json()).toMatchObject({
      status: 402,
      teams: [
        {
          id: admin.teamId,
          role: ADMIN_ROLE,
          permissionToDelete: PERMISSION_TO_DELETE.blocked,
          countUser: 2,
        },
      ],
    });
    // The viewer holds no admin role anyone depends on: their own solo team and a viewer seat, 203.
    const viewerCheck = await precheck({ ...viewer, teamId: admin.teamId } as SignedInUser);
    expect(viewerCheck.json().status).toBe(203);

    expect((await setRole(admin, admin.teamId, viewer.userId, ADMIN_ROLE)).statusCode).toBe(200);
    const allowed = await precheck(admin);
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json().status).toBe(202);

    const requested = await call(server, 'DELETE', `/v1/user/${admin.userId}`, admin, { password: PASSWORD });
    expect(requested.statusCode).toBe(200);
    // While pending, no admin of the team can invite or assign roles (spec 2).
    const invite = await call(server, 'POST', `/v1/teams/${admin.teamId}/invitations`, viewer, {
      email: 'later@example.com',
      role: VIEWER_ROLE,
    });
    expect(invite.statusCode).toBe(403);
    expect(invite.json().error).toBe('deletion_pending');

    const link = linkIn(await server.lastMailTo(admin.email), '/deleteUserAccount/');
    const deleted = await call(server, 'DELETE', '/v1/user/accept', { headers: {} }, { hash: hashOf(link) });
    expect(deleted.statusCode).toBe(200);
    const members = (await call(server, 'GET', `/v1/teams/${admin.teamId}/members`, viewer)).json();
    expect(members.members).toEqual([expect.objectContaining({ userId: viewer.userId, role: ADMIN_ROLE })]);
    // The lock ended with the deletion: the remaining admin can invite again.
    const again = await call(server, 'POST', `/v1/teams/${admin.teamId}/invitations`, viewer, {
      email: 'later@example.com',
      role: VIEWER_ROLE,
    });
    expect(again.statusCode).toBe(201);
  });

  it('answers 401 for a sole admin of several teams with other users', async () => {
    const admin = await createAccount(server);
    const second = await createAccount(server);
    await join(second, admin, ADMIN_ROLE);
    await setRole(admin, second.teamId, second.userId, VIEWER_ROLE);
    await join(admin, await createAccount(server), VIEWER_ROLE);
    const blocked = await precheck(admin);
    expect(blocked.statusCode).toBe(400);
    expect(blocked.json().status).toBe(401);
  });
});

describe('team closure: any admin completes or cancels it', () => {
  it('is asked by one admin, locks the team, and is cancelled by another admin', async () => {
    const first = await createAccount(server);
    const second = await createAccount(server);
    const viewer = await createAccount(server);
    await join(first, second, ADMIN_ROLE);
    await join(first, viewer, VIEWER_ROLE);
    const path = `/v1/teams/${first.teamId}/closure`;

    expect((await call(server, 'GET', path, viewer)).json()).toEqual({
      teamId: first.teamId,
      pending: false,
      requestedAt: null,
      requestedBy: null,
    });
    const byViewer = await call(server, 'POST', path, viewer);
    expect(byViewer.statusCode).toBe(403);
    expect(byViewer.json()).toEqual(TEAM_ERRORS.viewerReadOnly);
    const noneToCancel = await call(server, 'DELETE', path, second);
    expect(noneToCancel.statusCode).toBe(409);
    expect(noneToCancel.json()).toEqual(TEAM_ERRORS.noClosure);

    const asked = await call(server, 'POST', path, first);
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({ pending: true, requestedBy: 'Test User' });
    expect((await call(server, 'POST', path, second)).json()).toEqual(TEAM_ERRORS.closurePending);
    for (const attempt of [
      () => setRole(second, first.teamId, viewer.userId, ADMIN_ROLE),
      () =>
        call(server, 'POST', `/v1/teams/${first.teamId}/invitations`, second, {
          email: 'z@example.com',
          role: 20,
        }),
      () => call(server, 'PUT', `/v1/teams/${first.teamId}`, second, { name: 'Renamed' }),
    ]) {
      const response = await attempt();
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(TEAM_ERRORS.closurePending);
    }
    expect((await call(server, 'DELETE', path, viewer)).statusCode).toBe(403);
    const cancelled = await call(server, 'DELETE', path, second);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().pending).toBe(false);
    expect((await setRole(second, first.teamId, viewer.userId, VIEWER_ROLE)).statusCode).toBe(200);
  });

  it('refuses to let anyone join during a pending closure: accepting by link or by id is 403 closure_pending', async () => {
    const admin = await createAccount(server);
    const byLink = await createAccount(server);
    const byId = await createAccount(server);
    for (const invitee of [byLink, byId]) {
      const sent = await call(server, 'POST', `/v1/teams/${admin.teamId}/invitations`, admin, {
        email: invitee.email,
        role: VIEWER_ROLE,
      });
      expect(sent.statusCode).toBe(201);
    }
    const hash = await invitationHash(server, byLink.email);
    const [mine] = (await call(server, 'GET', '/v1/invitations', byId)).json();
    const path = `/v1/teams/${admin.teamId}/closure`;
    expect((await call(server, 'POST', path, admin)).statusCode).toBe(200);

    const attempts = [
      () => call(server, 'POST', '/v1/invitations/accept', byLink, { hash }),
      () => call(server, 'POST', `/v1/invitations/${mine.id}/accept`, byId, {}),
    ];
    for (const attempt of attempts) {
      const refused = await attempt();
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual(TEAM_ERRORS.closurePending);
    }
    const members = await call(server, 'GET', `/v1/teams/${admin.teamId}/members`, admin);
    expect(members.json().members.map((member: { userId: number }) => member.userId)).toEqual([admin.userId]);

    // Cancelled, the team takes members again with the same invitations.
    expect((await call(server, 'DELETE', path, admin)).statusCode).toBe(200);
    for (const attempt of attempts) expect((await attempt()).statusCode).toBe(200);
  });

  it('is completed by another admin with their password: the team closes, its nodes go, every member leaves', async () => {
    const first = await createAccount(server);
    const second = await createAccount(server);
    const viewer = await createAccount(server);
    await join(first, second, ADMIN_ROLE);
    await join(first, viewer, VIEWER_ROLE);
    const { node } = await registerNode(server, first);
    const path = `/v1/teams/${first.teamId}/closure`;
    expect((await call(server, 'POST', `${path}/confirm`, second, { password: PASSWORD })).json()).toEqual(
      TEAM_ERRORS.noClosure,
    );
    await call(server, 'POST', path, first);

    const byViewer = await call(server, 'POST', `${path}/confirm`, viewer, { password: PASSWORD });
    expect(byViewer.statusCode).toBe(403);
    const wrong = await call(server, 'POST', `${path}/confirm`, second, { password: 'not-it' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe('incorrect_password');
    for (const body of [{}, { password: 'a\u0000b' }, { password: PASSWORD, extra: 1 }]) {
      expect((await call(server, 'POST', `${path}/confirm`, second, body)).statusCode).toBe(400);
    }

    const done = await call(server, 'POST', `${path}/confirm`, second, { password: PASSWORD });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ ok: true });
    const [team] = await server.db.select().from(teams).where(eq(teams.id, first.teamId));
    expect(team!.status).toBe(50);
    const [closedNode] = await server.db.select().from(nodes).where(eq(nodes.id, node.id));
    expect(closedNode!.status).toBe(50);
    for (const who of [first, second, viewer]) {
      const me = (await call(server, 'GET', '/v1/check', who)).json();
      expect(me.TeamsRender.map((row: { id: number }) => row.id)).not.toContain(first.teamId);
      expect((await call(server, 'GET', `/v1/teams/${first.teamId}/members`, who)).statusCode).toBe(403);
    }
    // The first admin, no longer blocked by a team with other users, may delete the account.
    expect((await precheck(first)).json().status).toBe(200);
    // The others had made it their workspace by accepting; they are back to their own team.
    const [row] = await server.db.select().from(users).where(eq(users.id, second.userId));
    expect(row!.workspaceTeamId).toBeNull();
  });
});
