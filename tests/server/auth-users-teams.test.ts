import { array, assert } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../server/lib/events.ts';
import { TeamRenderStruct, TeamStruct, TeamUserStruct, UserStruct } from '../../src/api/auth.ts';
import {
  createSignedInUser,
  type SignedInUser,
  startTestServer,
  type TestServer,
} from '../helpers/server.ts';
import { type Account, type Fields, get, send, signUp } from './auth-helpers.ts';

describe('user and team calls', () => {
  let server: TestServer;
  let admin: Account;
  let viewer: SignedInUser;
  let outsider: Account;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await signUp(server, 'admin@example.com');
    outsider = await signUp(server, 'outsider@example.com');
    viewer = await createSignedInUser(server, {
      teamId: admin.teamId,
      role: 20,
      email: 'viewer@example.com',
    });
  });
  afterAll(() => server.close());

  const putUser = (account: { headers: Record<string, string> }, id: number, fields: Fields) =>
    send(server, 'PUT', `/auth/v1/user/${id}`, fields, { headers: account.headers });
  const putTeam = (account: { headers: Record<string, string> }, id: number, fields: Fields) =>
    send(server, 'PUT', `/auth/v1/teams/${id}`, fields, { headers: account.headers });

  function recordEvents(teamId: number): LiveEvent[] {
    const events: LiveEvent[] = [];
    server.app.deps.hub.subscribe(teamId, (event) => events.push(event));
    return events;
  }

  it('reads the own user, and refuses another user with 403', async () => {
    const own = await get(server, `/auth/v1/user/${admin.userId}`, admin.headers);
    expect(own.statusCode).toBe(200);
    const user = own.json();
    assert(user, UserStruct);
    expect(user).toMatchObject({
      id: admin.userId,
      email: 'admin@example.com',
      image: null,
      statusChangeEmail: 0,
      newChangeEmail: null,
      deleteProgress: false,
      TeamsRender: [{ id: admin.teamId, name: '', role: 10 }],
    });
    expect(user.changePasswordAt).toBe(server.clock.now().toISOString());
    for (const id of [outsider.userId, viewer.userId, 999_999]) {
      const response = await get(server, `/auth/v1/user/${id}`, admin.headers);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ error: 'forbidden' });
    }
  });

  it('saves the known profile fields trimmed, ignores the rest of the full user, and tells the teams', async () => {
    const events = recordEvents(admin.teamId);
    const response = await putUser(admin, admin.userId, {
      id: admin.userId,
      name: '  Grace ',
      surname: 'Hopper',
      phone: '+1 (555) 010-99',
      image: '12',
      email: 'takeover@example.com',
      deleteProgress: true,
      statusChangeEmail: 10,
      TeamsRender: '[object Object]',
      changePasswordAt: 'null',
    });
    expect(response.statusCode).toBe(200);
    const user = response.json();
    assert(user, UserStruct);
    expect(user).toMatchObject({
      name: 'Grace',
      surname: 'Hopper',
      phone: '+1 (555) 010-99',
      image: '12',
      email: 'admin@example.com',
      deleteProgress: false,
      statusChangeEmail: 0,
    });
    expect(events.map((event) => event.value)).toEqual([30]);
    const partial = await putUser(admin, admin.userId, { image: '0' });
    expect(partial.json()).toMatchObject({ name: 'Grace', image: '0' });
  });

  it('validates the profile fields', async () => {
    const ok30 = 'x'.repeat(30);
    expect(
      (await putUser(admin, admin.userId, { name: ok30, surname: ok30, phone: '1'.repeat(30) })).statusCode,
    ).toBe(200);
    const bad: Fields[] = [
      { name: 'x'.repeat(31) },
      { surname: 'y'.repeat(31) },
      { phone: '1'.repeat(31) },
      { phone: 'call me' },
      { image: '13' },
      { image: '-1' },
      { image: 'abc' },
      { image: '' },
      { id: outsider.userId },
    ];
    for (const fields of bad) {
      const response = await putUser(admin, admin.userId, fields);
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(Object.keys(response.json())).toEqual(['error', 'message']);
    }
    const other = await putUser(admin, outsider.userId, { name: 'Mallory' });
    expect(other.statusCode).toBe(403);
  });

  it('counts profile fields in characters (code points), as the web app does: 30 emoji fit, 31 do not', async () => {
    const emoji30 = '😀'.repeat(30);
    const saved = await putUser(admin, admin.userId, { name: emoji30, surname: `é${'😀'.repeat(29)}` });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ name: emoji30, surname: `é${'😀'.repeat(29)}` });
    const tooLong: Fields[] = [
      { name: `${emoji30}😀` },
      { surname: `x${emoji30}` },
      { phone: `+${emoji30}` },
    ];
    for (const fields of tooLong) {
      const response = await putUser(admin, admin.userId, fields);
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(response.json()).toMatchObject({ error: 'invalid_field' });
    }
    // The phone keeps its own rule too: 30 characters of digits and phone punctuation only.
    const phone = await putUser(admin, admin.userId, { phone: '+44 (20) 7946-0958 12 34 56 78' });
    expect(phone.statusCode).toBe(200);
  });

  it('lists the users of the current team and the teams of the caller', async () => {
    const users = await send(server, 'POST', '/auth/v1/user', {}, { headers: admin.headers });
    expect(users.statusCode).toBe(200);
    assert(users.json(), array(TeamUserStruct));
    expect(users.json().map((user: { email: string; role: number }) => [user.email, user.role])).toEqual([
      ['admin@example.com', 10],
      ['viewer@example.com', 20],
    ]);
    const teams = await send(server, 'POST', '/auth/v1/teams', {}, { headers: viewer.headers });
    assert(teams.json(), array(TeamRenderStruct));
    expect(teams.json()).toEqual([{ id: admin.teamId, name: expect.any(String), role: 20 }]);
    // An empty body, no body at all and an empty JSON object are all the empty search payload.
    for (const request of [
      { payload: '', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
      { headers: {} },
      { payload: '{}', headers: { 'content-type': 'application/json' } },
    ]) {
      const response = await server.app.inject({
        method: 'POST',
        url: '/auth/v1/teams',
        ...request,
        headers: { ...request.headers, ...admin.headers },
      });
      expect(response.statusCode).toBe(200);
    }
  });

  it('lists the oldest membership first', async () => {
    const second = await createSignedInUser(server, { teamName: 'Second team' });
    await server.app.deps.db.execute(
      `insert into team_members (team_id, user_id, role, created_at) values (${second.teamId}, ${admin.userId}, 20, now() + interval '1 day')`,
    );
    const teams = (await send(server, 'POST', '/auth/v1/teams', {}, { headers: admin.headers })).json();
    expect(teams.map((team: { id: number }) => team.id)).toEqual([admin.teamId, second.teamId]);
    const check = (await get(server, '/auth/v1/check', admin.headers)).json();
    expect(check.TeamsRender.map((team: { id: number }) => team.id)).toEqual([admin.teamId, second.teamId]);
  });

  it('reads and renames a team for its admin, and tells the team', async () => {
    const events = recordEvents(admin.teamId);
    const renamed = await putTeam(admin, admin.teamId, { id: admin.teamId, name: '  Compilers Inc  ' });
    expect(renamed.statusCode).toBe(200);
    assert(renamed.json(), TeamStruct);
    expect(renamed.json()).toEqual({ id: admin.teamId, name: 'Compilers Inc' });
    expect(events.map((event) => event.value)).toEqual([30]);
    const read = await get(server, `/auth/v1/teams/${admin.teamId}`, viewer.headers);
    expect(read.json()).toEqual({ id: admin.teamId, name: 'Compilers Inc' });
    expect((await putTeam(admin, admin.teamId, { name: 'n'.repeat(100) })).statusCode).toBe(200);
    for (const name of ['', '   ', 'n'.repeat(101)]) {
      expect((await putTeam(admin, admin.teamId, { name })).statusCode).toBe(400);
    }
    expect((await putTeam(admin, admin.teamId, { id: outsider.teamId, name: 'x' })).statusCode).toBe(400);
  });

  it('refuses team calls from outsiders with 403 and renames from viewers with 403 read_only', async () => {
    const calls = [
      () => get(server, `/auth/v1/teams/${admin.teamId}`, outsider.headers),
      () => putTeam(outsider, admin.teamId, { id: admin.teamId, name: 'Hijacked' }),
      () => get(server, '/auth/v1/teams/999999', outsider.headers),
      () => putTeam(admin, outsider.teamId, { name: 'Not mine' }),
    ];
    for (const call of calls) {
      const response = await call();
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ error: 'forbidden' });
    }
    // A viewer is a member, read-only.
    const byViewer = await putTeam(viewer, admin.teamId, { id: admin.teamId, name: 'Viewer was here' });
    expect(byViewer.statusCode).toBe(403);
    expect(byViewer.json()).toMatchObject({ error: 'read_only' });
    const team = (await get(server, `/auth/v1/teams/${outsider.teamId}`, outsider.headers)).json();
    expect(team.name).toBe('');
  });
});
