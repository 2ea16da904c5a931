import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEAM_ERRORS, TEAM_LIMITS, VIEWER_ROLE } from '../../contracts/team-body.ts';
import { teamMembers } from '../../server/db/schema.ts';
import {
  createSignedInUser,
  form,
  type SignedInUser,
  startTestServer,
  type TestServer,
} from '../helpers/server.ts';
import { signUp } from './auth-helpers.ts';
import { call, invitationHash, signedOut, type Who } from './teams-helpers.ts';

const gone = { error: TEAM_ERRORS.invitationGone.error, message: TEAM_ERRORS.invitationGone.message };

describe('team invitations', () => {
  let server: TestServer;
  let admin: SignedInUser;
  let viewer: SignedInUser;
  let outsider: SignedInUser;
  let n = 0;
  const fresh = () => {
    n += 1;
    return `invitee${n}@example.com`;
  };
  const invite = (who: Who, email: string, role: number = VIEWER_ROLE, teamId = admin.teamId) =>
    call(server, 'POST', `/v1/teams/${teamId}/invitations`, who, { email, role });

  beforeAll(async () => {
    server = await startTestServer();
    admin = await createSignedInUser(server, { teamName: 'Fleet' });
    viewer = await createSignedInUser(server, { teamId: admin.teamId, role: VIEWER_ROLE });
    outsider = await createSignedInUser(server);
  });
  afterAll(() => server.close());

  it('mails a 256-bit link that a person without an account follows to register and land in the team', async () => {
    const email = fresh();
    const sent = await invite(admin, email);
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ email, role: VIEWER_ROLE });
    const hash = await invitationHash(server, email);
    expect(Buffer.from(hash, 'base64url')).toHaveLength(32);
    const mail = await server.lastMailTo(email);
    expect(mail?.text).toContain(`${server.config.publicUrl}/invitation?hash=${hash}`);

    const inspected = await call(server, 'POST', '/v1/invitations/inspect', signedOut, { hash });
    expect(inspected.statusCode).toBe(200);
    expect(inspected.json()).toMatchObject({
      teamName: 'Fleet',
      role: VIEWER_ROLE,
      email,
      invitedBy: 'Test User',
    });

    const account = await signUp(server, email);
    const accepted = await call(server, 'POST', '/v1/invitations/accept', account, { hash });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ teamId: admin.teamId });
    // The invited team is now the workspace: first in TeamsRender, and what POST v1/user lists.
    const me = (await call(server, 'GET', '/v1/check', account)).json();
    expect(me.TeamsRender[0]).toMatchObject({ id: admin.teamId, role: VIEWER_ROLE });
    expect(me.TeamsRender).toHaveLength(2);

    const replayed = await call(server, 'POST', '/v1/invitations/accept', account, { hash });
    expect(replayed.statusCode).toBe(410);
    expect(replayed.json()).toEqual(gone);
    expect((await call(server, 'POST', '/v1/invitations/inspect', signedOut, { hash })).statusCode).toBe(410);
  });

  it('answers the same whether or not the address has an account', async () => {
    const withAccount = await invite(admin, outsider.email);
    const without = await invite(admin, fresh());
    expect(withAccount.statusCode).toBe(without.statusCode);
    expect(Object.keys(withAccount.json()).sort()).toEqual(Object.keys(without.json()).sort());
    const a = await call(server, 'POST', '/v1/invitations/inspect', signedOut, {
      hash: await invitationHash(server, outsider.email),
    });
    const b = await call(server, 'POST', '/v1/invitations/inspect', signedOut, {
      hash: await invitationHash(server, without.json().email),
    });
    expect(a.statusCode).toBe(200);
    expect(Object.keys(a.json()).sort()).toEqual(Object.keys(b.json()).sort());
  });

  it('takes form bodies as the web app may send them (spec 7), with the same rules', async () => {
    const email = fresh();
    const body = form({ email, role: VIEWER_ROLE });
    const sent = await server.app.inject({
      method: 'POST',
      url: `/auth/v1/teams/${admin.teamId}/invitations`,
      headers: { ...admin.headers, ...body.headers },
      payload: body.payload,
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ email, role: VIEWER_ROLE });
    const bad = form({ email: fresh(), role: 'viewer' });
    const refused = await server.app.inject({
      method: 'POST',
      url: `/auth/v1/teams/${admin.teamId}/invitations`,
      headers: { ...admin.headers, ...bad.headers },
      payload: bad.payload,
    });
    expect(refused.statusCode).toBe(400);
  });

  it('accepts only for the invited address: signed out 401, another address 403 other_address', async () => {
    const email = fresh();
    await invite(admin, email);
    const hash = await invitationHash(server, email);
    expect((await call(server, 'POST', '/v1/invitations/accept', signedOut, { hash })).statusCode).toBe(401);
    const other = await call(server, 'POST', '/v1/invitations/accept', outsider, { hash });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual(TEAM_ERRORS.otherAddress);
    const stale = { headers: { authorization: 'Bearer stale-session-token-000000000' } };
    expect((await call(server, 'POST', '/v1/invitations/accept', stale, { hash })).statusCode).toBe(401);
    // Still usable by the right person.
    expect((await call(server, 'POST', '/v1/invitations/inspect', signedOut, { hash })).statusCode).toBe(200);
  });

  it('revokes, and declines by link without a session', async () => {
    const revokedEmail = fresh();
    const revoked = (await invite(admin, revokedEmail)).json();
    const revokedHash = await invitationHash(server, revokedEmail);
    const byViewer = await call(
      server,
      'DELETE',
      `/v1/teams/${admin.teamId}/invitations/${revoked.id}`,
      viewer,
    );
    expect(byViewer.statusCode).toBe(403);
    expect(byViewer.json().error).toBe('read_only');
    expect(
      (await call(server, 'DELETE', `/v1/teams/${admin.teamId}/invitations/${revoked.id}`, admin)).json(),
    ).toEqual({ ok: true });
    expect(
      (await call(server, 'POST', '/v1/invitations/inspect', signedOut, { hash: revokedHash })).statusCode,
    ).toBe(410);
    expect(
      (await call(server, 'DELETE', `/v1/teams/${admin.teamId}/invitations/${revoked.id}`, admin)).statusCode,
    ).toBe(410);

    const declinedEmail = fresh();
    await invite(admin, declinedEmail);
    const declinedHash = await invitationHash(server, declinedEmail);
    const declined = await call(server, 'POST', '/v1/invitations/decline', signedOut, { hash: declinedHash });
    expect(declined.json()).toEqual({ ok: true });
    expect(
      (await call(server, 'POST', '/v1/invitations/decline', signedOut, { hash: declinedHash })).statusCode,
    ).toBe(410);
  });

  it('resends at most once a minute with a new link that replaces the old one', async () => {
    const email = fresh();
    const { id } = (await invite(admin, email)).json();
    const first = await invitationHash(server, email);
    const tooSoon = await call(server, 'POST', `/v1/teams/${admin.teamId}/invitations/${id}/resend`, admin);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json()).toEqual(TEAM_ERRORS.resendTooSoon);
    server.clock.advance(TEAM_LIMITS.resendIntervalMs);
    const resent = await call(server, 'POST', `/v1/teams/${admin.teamId}/invitations/${id}/resend`, admin);
    expect(resent.statusCode).toBe(200);
    expect(resent.json().sentAt).toBe(server.clock.now().toISOString());
    const second = await invitationHash(server, email);
    expect(second).not.toBe(first);
    expect(
      (await call(server, 'POST', '/v1/invitations/inspect', signedOut, { hash: first })).statusCode,
    ).toBe(410);
    expect(
      (await call(server, 'POST', '/v1/invitations/inspect', signedOut, { hash: second })).statusCode,
    ).toBe(200);
  });

  it('lists my pending invitations, and accepts or declines them by id for my address only', async () => {
    const invitee = await createSignedInUser(server);
    const other = await createSignedInUser(server, { teamName: 'Second fleet' });
    const first = (await invite(admin, invitee.email)).json();
    const second = (await invite(other, invitee.email, 10, other.teamId)).json();
    const mine = await call(server, 'GET', '/v1/invitations', invitee);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual([
      expect.objectContaining({ id: first.id, teamId: admin.teamId, teamName: 'Fleet', role: VIEWER_ROLE }),
      expect.objectContaining({ id: second.id, teamId: other.teamId, teamName: 'Second fleet', role: 10 }),
    ]);
    expect((await call(server, 'GET', '/v1/invitations', await createSignedInUser(server))).json()).toEqual(
      [],
    );
    expect((await call(server, 'GET', '/v1/invitations', signedOut)).statusCode).toBe(401);
    // Someone else's invitation id is gone as far as the outsider can tell.
    expect((await call(server, 'POST', `/v1/invitations/${first.id}/accept`, outsider)).statusCode).toBe(410);
    expect((await call(server, 'POST', `/v1/invitations/${first.id}/decline`, outsider)).statusCode).toBe(
      410,
    );

    expect((await call(server, 'POST', `/v1/invitations/${second.id}/decline`, invitee)).json()).toEqual({
      ok: true,
    });
    const accepted = await call(server, 'POST', `/v1/invitations/${first.id}/accept`, invitee);
    expect(accepted.json()).toEqual({ teamId: admin.teamId });
    expect((await call(server, 'GET', '/v1/invitations', invitee)).json()).toEqual([]);
    expect((await call(server, 'POST', `/v1/invitations/${first.id}/accept`, invitee)).statusCode).toBe(410);
  });

  it('refuses bad input with a 4xx: NUL byte, huge body, bad role, bad address, member, duplicate', async () => {
    const cases: [unknown, number, string][] = [
      [{ email: 'a\u0000b@example.com', role: 20 }, 400, 'invalid_request'],
      [{ email: `${'a'.repeat(300)}@example.com`, role: 20 }, 400, ''],
      [{ email: fresh(), role: 30 }, 400, 'invalid_role'],
      [{ email: fresh(), role: '20; drop table' }, 400, ''],
      [{ email: 'not-an-address', role: 20 }, 400, 'invalid_email'],
      [{ email: fresh(), role: 20, extra: 1 }, 400, ''],
      [{ email: viewer.email.toUpperCase(), role: 10 }, 409, TEAM_ERRORS.alreadyMember.error],
    ];
    for (const [payload, status, error] of cases) {
      const response = await call(server, 'POST', `/v1/teams/${admin.teamId}/invitations`, admin, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(status);
      expect(response.json()).toHaveProperty('message');
      if (error) expect(response.json().error).toBe(error);
    }
    const huge = await server.app.inject({
      method: 'POST',
      url: `/auth/v1/teams/${admin.teamId}/invitations`,
      headers: { ...admin.headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'x'.repeat(5_000_000), role: 20 }),
    });
    expect([400, 413]).toContain(huge.statusCode);
    expect(huge.json()).toHaveProperty('error');
    const email = fresh();
    expect((await invite(admin, email)).statusCode).toBe(201);
    const again = await invite(admin, email.toUpperCase());
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(TEAM_ERRORS.invitationExists);
    for (const hash of ['x', 'a\u0000b', 'y'.repeat(600)]) {
      const response = await call(server, 'POST', '/v1/invitations/inspect', signedOut, { hash });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
  });

  it('lets only admins invite: viewer 403 read_only, outsider 403, signed out 401', async () => {
    const byViewer = await invite(viewer, fresh());
    expect(byViewer.statusCode).toBe(403);
    expect(byViewer.json()).toEqual(TEAM_ERRORS.viewerReadOnly);
    expect((await invite(outsider, fresh())).statusCode).toBe(403);
    expect((await invite(signedOut, fresh())).statusCode).toBe(401);
  });

  it('holds 20 pending invitations and 50 members per team', async () => {
    const team = await createSignedInUser(server, { teamName: 'Limits' });
    for (let i = 0; i < TEAM_LIMITS.pendingInvitations; i += 1) {
      expect((await invite(team, `limit${i}@example.com`, VIEWER_ROLE, team.teamId)).statusCode).toBe(201);
    }
    const full = await invite(team, 'one-more@example.com', VIEWER_ROLE, team.teamId);
    expect(full.statusCode).toBe(409);
    expect(full.json()).toEqual(TEAM_ERRORS.invitationsFull);

    const crowd = await createSignedInUser(server, { teamName: 'Crowd' });
    const invitee = await createSignedInUser(server);
    await invite(crowd, invitee.email, VIEWER_ROLE, crowd.teamId);
    const hash = await invitationHash(server, invitee.email);
    for (let i = 1; i < TEAM_LIMITS.members; i += 1) {
      await createSignedInUser(server, { teamId: crowd.teamId, role: VIEWER_ROLE });
    }
    const noRoom = await invite(crowd, 'late@example.com', VIEWER_ROLE, crowd.teamId);
    expect(noRoom.json()).toEqual(TEAM_ERRORS.membersFull);
    const accepted = await call(server, 'POST', '/v1/invitations/accept', invitee, { hash });
    expect(accepted.statusCode).toBe(409);
    expect(accepted.json()).toEqual(TEAM_ERRORS.membersFull);
    // The refused accept changed nothing: the link still works once there is room.
    expect((await call(server, 'POST', '/v1/invitations/inspect', signedOut, { hash })).statusCode).toBe(200);
  });

  it('turns 20 concurrent accepts of one invitation into one membership', async () => {
    const invitee = await createSignedInUser(server);
    await invite(admin, invitee.email);
    const hash = await invitationHash(server, invitee.email);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call(server, 'POST', '/v1/invitations/accept', invitee, { hash })),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, ...Array(19).fill(410)]);
    const rows = await server.db
      .select()
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, admin.teamId), eq(teamMembers.userId, invitee.userId)));
    expect(rows).toHaveLength(1);
  });

  it('holds 20 pending invitations when 25 invites arrive at once', async () => {
    const team = await createSignedInUser(server, { teamName: 'Rush' });
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) => invite(team, `rush${i}@example.com`, VIEWER_ROLE, team.teamId)),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(TEAM_LIMITS.pendingInvitations);
    expect(statuses.filter((status) => status === 409)).toHaveLength(5);
  });

  it('keeps invitation mail within a budget: 5 an hour to one address, 50 an hour from one admin', async () => {
    const team = await createSignedInUser(server, { teamName: 'Noisy' });
    const target = 'flooded@example.com';
    for (let i = 0; i < 5; i += 1) {
      const { id } = (await invite(team, target, VIEWER_ROLE, team.teamId)).json();
      await call(server, 'DELETE', `/v1/teams/${team.teamId}/invitations/${id}`, team);
    }
    const sixth = await invite(team, target, VIEWER_ROLE, team.teamId);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error).toBe('rate_limited');
    // Refused before anything was stored: no invitation waits for that address.
    const members = (await call(server, 'GET', `/v1/teams/${team.teamId}/members`, team)).json();
    expect(members.invitations).toEqual([]);

    for (let i = 5; i < 50; i += 1) {
      const sent = await invite(team, `budget${i}@example.com`, VIEWER_ROLE, team.teamId);
      expect(sent.statusCode, String(i)).toBe(201);
      await call(server, 'DELETE', `/v1/teams/${team.teamId}/invitations/${sent.json().id}`, team);
    }
    expect((await invite(team, 'fifty-first@example.com', VIEWER_ROLE, team.teamId)).statusCode).toBe(429);
  });

  // Last: it moves the clock past every session of the file.
  it('expires a link after 7 days; the address can then be invited again', async () => {
    const email = fresh();
    await invite(admin, email);
    const hash = await invitationHash(server, email);
    server.clock.advance(TEAM_LIMITS.invitationTtlMs - 1);
    expect((await call(server, 'POST', '/v1/invitations/inspect', signedOut, { hash })).statusCode).toBe(200);
    server.clock.advance(1);
    const expired = await call(server, 'POST', '/v1/invitations/inspect', signedOut, { hash });
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toEqual(gone);
    const invitee = await createSignedInUser(server, { email: `late-${email}` });
    expect((await call(server, 'POST', '/v1/invitations/accept', invitee, { hash })).statusCode).toBe(410);
    const again = await createSignedInUser(server, { teamId: admin.teamId, role: 10 });
    expect((await invite(again, email)).statusCode).toBe(201);
  });

  it('refuses a field in a call that takes no body; takes none, {} or null', async () => {
    const owner = await createSignedInUser(server, { teamName: 'Bodiless' });
    const revoke = (payload?: unknown) =>
      call(server, 'DELETE', `/v1/teams/${owner.teamId}/invitations/2147483647`, owner, payload);
    const stray = await revoke({ stray: 1 });
    expect(stray.statusCode).toBe(400);
    expect(stray.json()).toMatchObject({
      error: 'invalid_request',
      message: 'Invalid request: body must NOT have additional properties',
    });
    // Past validation, an invitation that does not exist is gone.
    for (const none of [undefined, {}, null]) expect((await revoke(none)).json()).toEqual(gone);
  });
});
