import { create } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StatSettingsStruct } from '../../src/api/stats.ts';
import {
  createSignedInUser,
  type SignedInUser,
  startTestServer,
  type TestServer,
} from '../helpers/server.ts';

describe('statistic settings: POST /api/v1/statistic/settings/{get,put}/user/{user_id}/team/{team_id}', () => {
  let server: TestServer;
  let owner: SignedInUser;
  let teammate: SignedInUser;
  let stranger: SignedInUser;

  beforeAll(async () => {
    server = await startTestServer();
    owner = await createSignedInUser(server);
    teammate = await createSignedInUser(server, { teamId: owner.teamId, role: 20 });
    stranger = await createSignedInUser(server);
  });
  afterAll(() => server.close());

  const url = (action: 'get' | 'put', userId: number | string, teamId: number | string) =>
    `/api/v1/statistic/settings/${action}/user/${userId}/team/${teamId}`;

  function get(user: SignedInUser, userId = user.userId, teamId = user.teamId) {
    return server.app.inject({ method: 'POST', url: url('get', userId, teamId), headers: user.headers });
  }

  function put(user: SignedInUser, body: unknown, userId = user.userId, teamId = user.teamId) {
    return server.app.inject({
      method: 'POST',
      url: url('put', userId, teamId),
      headers: { ...user.headers, 'content-type': 'application/json' },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });
  }

  it("answers '{}' until something is saved, then the saved JSON", async () => {
    const empty = await get(owner);
    expect(empty.statusCode).toBe(200);
    expect(create(empty.json(), StatSettingsStruct)).toEqual({ text: '{}' });

    const settings = { tab: 'week', selected: ['key-1', 'key-2'], nested: { open: true } };
    const saved = await put(owner, settings);
    expect(saved.statusCode).toBe(200);
    expect(JSON.parse(create(saved.json(), StatSettingsStruct).text)).toEqual(settings);

    const read = await get(owner);
    expect(JSON.parse(create(read.json(), StatSettingsStruct).text)).toEqual(settings);

    await put(owner, { tab: 'month' });
    expect(JSON.parse((await get(owner)).json().text)).toEqual({ tab: 'month' });
  });

  it('keeps one blob per user and team', async () => {
    await put(teammate, { tab: 'day', mine: 'teammate' });
    expect(JSON.parse((await get(teammate)).json().text)).toEqual({ tab: 'day', mine: 'teammate' });
    expect(JSON.parse((await get(owner)).json().text)).not.toHaveProperty('mine');
    expect((await get(stranger)).json()).toEqual({ text: '{}' });
  });

  it("refuses another user's id and a team the caller is not in (403)", async () => {
    expect((await get(owner, teammate.userId, owner.teamId)).statusCode).toBe(403);
    expect((await put(owner, { x: 1 }, teammate.userId, owner.teamId)).statusCode).toBe(403);
    expect((await get(owner, owner.userId, stranger.teamId)).statusCode).toBe(403);
    expect((await put(owner, { x: 1 }, owner.userId, stranger.teamId)).statusCode).toBe(403);
    expect(JSON.parse((await get(teammate)).json().text)).toEqual({ tab: 'day', mine: 'teammate' });
  });

  it('needs a bearer token (401)', async () => {
    const response = await server.app.inject({ method: 'POST', url: url('get', owner.userId, owner.teamId) });
    expect(response.statusCode).toBe(401);
  });

  it('takes only a JSON object of at most 16 KiB', async () => {
    for (const body of ['[1,2]', '"text"', '42', 'null', 'true']) {
      expect((await put(owner, body)).statusCode, body).toBe(400);
    }
    const big = { blob: 'x'.repeat(16 * 1024) };
    expect((await put(owner, big)).statusCode).toBe(413);
    const fits = { blob: 'x'.repeat(16 * 1024 - 20) };
    expect((await put(owner, fits)).statusCode).toBe(200);
  });
});
