import { eq } from 'drizzle-orm';
import { create } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailLinks, nodes, sessions, teamMembers, teams, users } from '../../server/db/schema.ts';
import { randomToken } from '../../server/lib/tokens.ts';
import { PrecheckStruct } from '../../src/api/settings.ts';
import { linkIn, type SignedInUser, startTestServer, type TestServer } from '../helpers/server.ts';
import { asUser, call, createAccount, hashOf, PASSWORD, paths } from './profile-fixtures.ts';

const VIEWER = 20;

async function precheck(server: TestServer, user: SignedInUser) {
  const response = await call(server, 'POST', paths.precheck(user), {}, user);
  return { http: response.statusCode, body: create(response.json(), PrecheckStruct) };
}

async function addTeam(server: TestServer, name = 'Extra') {
  const [team] = await server.db.insert(teams).values({ name }).returning();
  return team!.id;
}

async function join(server: TestServer, user: SignedInUser, teamId: number, role: number) {
  await server.db.insert(teamMembers).values({ teamId, userId: user.userId, role });
}

async function addNode(server: TestServer, teamId: number) {
  const key = randomToken(8);
  const [node] = await server.db
    .insert(nodes)
    .values({
      teamId,
      configId: 1,
      status: 10,
      publicKey: key,
      publicKeyFingerprint: key,
      licenseKey: key,
      domain: key,
    })
    .returning();
  return node!.id;
}

describe('deletion pre-check (spec 4 table, from real memberships)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('no teams: 200 with status 200', async () => {
    const user = await createAccount(server);
    await server.db.delete(teamMembers).where(eq(teamMembers.userId, user.userId));
    expect(await precheck(server, user)).toEqual({
      http: 200,
      body: { status: 200, statusMessage: expect.any(String), teams: [] },
    });
  });

  it('sole admin of one team with other users: 400 with status 402, the team at permissionToDelete 20', async () => {
    const admin = await createAccount(server);
    await createAccount(server, { teamId: admin.teamId, role: VIEWER });
    const { http, body } = await precheck(server, admin);
    expect(http).toBe(400);
    expect(body.status).toBe(402);
    expect(body.teams).toEqual([
      {
        id: admin.teamId,
        name: expect.any(String),
        role: 10,
        permissionToDelete: 20,
        countAdmin: 1,
        countUser: 2,
      },
    ]);
  });

  it('sole admin of several teams with other users: 400 with status 401', async () => {
    const admin = await createAccount(server);
    await createAccount(server, { teamId: admin.teamId, role: VIEWER });
    const second = await addTeam(server);
    await join(server, admin, second, 10);
    await createAccount(server, { teamId: second, role: VIEWER });
    const { http, body } = await precheck(server, admin);
    expect(http).toBe(400);
    expect(body.status).toBe(401);
    expect(body.teams.map((team) => team.permissionToDelete)).toEqual([20, 20]);
  });

  it('one blocking team among others: 400 with status 402', async () => {
    const admin = await createAccount(server);
    const second = await addTeam(server);
    await join(server, admin, second, 10);
    await createAccount(server, { teamId: second, role: VIEWER });
    const { http, body } = await precheck(server, admin);
    expect([http, body.status]).toEqual([400, 402]);
    expect(body.teams.map((team) => team.permissionToDelete)).toEqual([10, 20]);
  });

  it('more than one team, none blocking: 200 with status 203', async () => {
    const user = await createAccount(server);
    const owner = await createAccount(server);
    await join(server, user, owner.teamId, VIEWER);
    const { http, body } = await precheck(server, user);
    expect([http, body.status]).toEqual([200, 203]);
    expect(body.teams).toHaveLength(2);
    expect(body.teams[1]).toMatchObject({
      id: owner.teamId,
      role: VIEWER,
      countAdmin: 1,
      countUser: 2,
      permissionToDelete: 10,
    });
  });

  it('one team with exactly one admin and one user: 200 with status 201', async () => {
    const user = await createAccount(server);
    const { http, body } = await precheck(server, user);
    expect([http, body.status]).toEqual([200, 201]);
    expect(body.teams[0]).toMatchObject({ countAdmin: 1, countUser: 1, permissionToDelete: 10 });
  });

  it('one team with at least 2 admins and 2 users: 200 with status 202', async () => {
    const first = await createAccount(server);
    await createAccount(server, { teamId: first.teamId, role: 10 });
    await createAccount(server, { teamId: first.teamId, role: VIEWER });
    const { http, body } = await precheck(server, first);
    expect([http, body.status]).toEqual([200, 202]);
    expect(body.teams[0]).toMatchObject({ countAdmin: 2, countUser: 3, permissionToDelete: 10 });
  });

  it('open row (docs/account-deletion.md): one team where the user is a Viewer beside one Admin gives 203', async () => {
    const owner = await createAccount(server);
    const viewer = await createAccount(server, { teamId: owner.teamId, role: VIEWER });
    const { http, body } = await precheck(server, viewer);
    expect([http, body.status]).toEqual([200, 203]);
  });
});

describe('account deletion', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('needs the password and re-runs the pre-check', async () => {
    const admin = await createAccount(server);
    const wrong = await call(
      server,
      'DELETE',
      paths.deleteUser(admin),
      { user_id: admin.userId, password: 'nope' },
      admin,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: 'incorrect_password', message: 'Incorrect password' });
    await createAccount(server, { teamId: admin.teamId, role: VIEWER });
    const blocked = await call(server, 'DELETE', paths.deleteUser(admin), { password: PASSWORD }, admin);
    expect(blocked.statusCode).toBe(400);
    expect(blocked.json().error).toBe('deletion_blocked');
    const [row] = await server.db.select().from(users).where(eq(users.id, admin.userId));
    expect(row!.deleteProgress).toBe(false);
  });

  it('sets deleteProgress, mails a 1 h link, locks the team, and resend/revoke work', async () => {
    const admin = await createAccount(server);
    const coAdmin = await createAccount(server, { teamId: admin.teamId, role: 10 });
    const requested = await call(
      server,
      'DELETE',
      paths.deleteUser(admin),
      { user_id: admin.userId, password: PASSWORD, url: 'http://localhost/deleteUserAccount' },
      admin,
    );
    expect(requested.statusCode).toBe(200);
    expect(asUser(requested.json()).deleteProgress).toBe(true);
    const first = linkIn(await server.lastMailTo(admin.email), '/deleteUserAccount/');
    expect(first.startsWith(`${server.config.publicUrl}/deleteUserAccount/`)).toBe(true);

    // spec 2: while pending, the team cannot change settings (PUT v1/teams/{id}), for any of its admins.
    for (const who of [admin, coAdmin]) {
      const rename = await call(
        server,
        'PUT',
        `v1/teams/${admin.teamId}`,
        { id: admin.teamId, name: 'Renamed' },
        who,
      );
      expect(rename.statusCode).toBe(403);
      expect(rename.json().error).toBe('deletion_pending');
    }

    const resent = await call(
      server,
      'POST',
      paths.resendDeletion(admin),
      { user_id: admin.userId, url: 'x' },
      admin,
    );
    expect(resent.statusCode).toBe(200);
    const second = linkIn(await server.lastMailTo(admin.email), '/deleteUserAccount/');
    expect(second).not.toBe(first);
    const tooSoon = await call(server, 'POST', paths.resendDeletion(admin), { user_id: admin.userId }, admin);
    expect(tooSoon.statusCode).toBe(429);

    const revoked = await call(server, 'POST', paths.revokeDeletion(admin), undefined, admin);
    expect(revoked.statusCode).toBe(200);
    expect(asUser(revoked.json()).deleteProgress).toBe(false);
    const accept = await call(server, 'DELETE', paths.acceptDeletion, { hash: hashOf(second) });
    expect(accept.statusCode).toBe(400);
    expect(accept.json().error).toBe('invalid_link');
    const rename = await call(
      server,
      'PUT',
      `v1/teams/${admin.teamId}`,
      { id: admin.teamId, name: 'Renamed' },
      admin,
    );
    expect(rename.statusCode).toBe(200);
    const noResend = await call(
      server,
      'POST',
      paths.resendDeletion(admin),
      { user_id: admin.userId },
      admin,
    );
    expect(noResend.statusCode).toBe(400);
  });

  it('accepting removes the account in one go: sessions, links, memberships; a team left empty is closed with its nodes', async () => {
    const user = await createAccount(server);
    const shared = await createAccount(server);
    await join(server, user, shared.teamId, 10);
    const soloNode = await addNode(server, user.teamId);
    const sharedNode = await addNode(server, shared.teamId);
    await call(server, 'DELETE', paths.deleteUser(user), { password: PASSWORD }, user);
    const link = linkIn(await server.lastMailTo(user.email), '/deleteUserAccount/');
    // An e-mail change link of the same user, to see that links go too.
    await call(
      server,
      'POST',
      paths.changeEmail(user),
      { password: PASSWORD, email: `x${Date.now()}@example.org` },
      user,
    );

    const events: (number | string)[] = [];
    server.app.deps.hub.subscribe(shared.teamId, (event) => events.push(event.value));
    const accepted = await call(server, 'DELETE', paths.acceptDeletion, { hash: hashOf(link) });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ ok: true });
    expect(events).toEqual([30]);

    expect(await server.db.select().from(users).where(eq(users.id, user.userId))).toEqual([]);
    expect(await server.db.select().from(sessions).where(eq(sessions.userId, user.userId))).toEqual([]);
    expect(await server.db.select().from(emailLinks).where(eq(emailLinks.userId, user.userId))).toEqual([]);
    expect(await server.db.select().from(teamMembers).where(eq(teamMembers.userId, user.userId))).toEqual([]);
    const [solo] = await server.db.select().from(teams).where(eq(teams.id, user.teamId));
    expect(solo!.status).toBe(50);
    const [kept] = await server.db.select().from(teams).where(eq(teams.id, shared.teamId));
    expect(kept!.status).toBe(10);
    const nodeStatus = async (id: number) =>
      (await server.db.select().from(nodes).where(eq(nodes.id, id)))[0]!.status;
    expect(await nodeStatus(soloNode)).toBe(50);
    expect(await nodeStatus(sharedNode)).toBe(10);

    const withOldToken = await call(server, 'POST', paths.precheck(user), {}, user);
    expect(withOldToken.statusCode).toBe(401);
    const signIn = await call(server, 'POST', 'guest/auth', { login: user.email, password: PASSWORD });
    expect(signIn.statusCode).toBe(401);
  });

  it('refuses the link (409, account kept) when the user became a sole admin with other users since the request', async () => {
    const admin = await createAccount(server);
    const coAdmin = await createAccount(server, { teamId: admin.teamId, role: 10 });
    await createAccount(server, { teamId: admin.teamId, role: VIEWER });
    await call(server, 'DELETE', paths.deleteUser(admin), { password: PASSWORD }, admin);
    const link = linkIn(await server.lastMailTo(admin.email), '/deleteUserAccount/');
    await server.db.update(teamMembers).set({ role: VIEWER }).where(eq(teamMembers.userId, coAdmin.userId));
    const accepted = await call(server, 'DELETE', paths.acceptDeletion, { hash: hashOf(link) });
    expect(accepted.statusCode).toBe(409);
    expect(accepted.json().error).toBe('deletion_blocked');
    expect(await server.db.select().from(users).where(eq(users.id, admin.userId))).toHaveLength(1);
  });

  it('two co-admins leaving at once close the team exactly when it is left empty', async () => {
    const first = await createAccount(server);
    const second = await createAccount(server, { teamId: first.teamId, role: 10 });
    const links: string[] = [];
    for (const who of [first, second]) {
      await call(server, 'DELETE', paths.deleteUser(who), { password: PASSWORD }, who);
      links.push(linkIn(await server.lastMailTo(who.email), '/deleteUserAccount/'));
    }
    const answers = await Promise.all(
      links.map((link) => call(server, 'DELETE', paths.acceptDeletion, { hash: hashOf(link) })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const [team] = await server.db.select().from(teams).where(eq(teams.id, first.teamId));
    expect(team!.status).toBe(50);
  });
});
