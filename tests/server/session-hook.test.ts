import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireSession, requireTeamMember } from '../../server/plugins/session.ts';
import {
  createSignedInUser,
  type SignedInUser,
  startTestServer,
  type TestServer,
} from '../helpers/server.ts';

/** One way to require a session, a hook that puts the caller on the request (server/plugins/session.ts). */
describe('the session hook', () => {
  let server: TestServer;
  let owner: SignedInUser;
  let stranger: SignedInUser;

  beforeAll(async () => {
    server = await startTestServer(
      {},
      {
        probes: (app) => {
          app.get('/probe/caller', { preValidation: requireSession }, (request) => request.caller.teams);
          app.get('/probe/team/:teamId', { preValidation: requireTeamMember('teamId') }, (request) => ({
            userId: request.caller.userId,
          }));
          app.get('/probe/no-hook', (request) => ({ userId: request.caller.userId }));
        },
      },
    );
    owner = await createSignedInUser(server);
    stranger = await createSignedInUser(server);
  });
  afterAll(() => server.close());

  it('puts the caller with its team roles on the request', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/probe/caller', headers: owner.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([{ teamId: owner.teamId, role: 10 }]);
  });

  it('answers 401 without a session, with an unknown token, or with the token in the cookie only', async () => {
    const attempts = [
      {},
      { authorization: 'Bearer aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' },
      { authorization: `Bearer ${owner.token}\u0000` },
      { cookie: `nodr_session=${owner.token}` },
    ];
    for (const headers of attempts) {
      const response = await server.app.inject({ method: 'GET', url: '/probe/caller', headers });
      expect(response.statusCode, JSON.stringify(headers)).toBe(401);
      expect(response.json()).toMatchObject({ error: 'unauthorized', message: expect.any(String) });
    }
  });

  it('lets a member through and answers 403 to a non-member or a malformed team id', async () => {
    const own = await server.app.inject({
      method: 'GET',
      url: `/probe/team/${owner.teamId}`,
      headers: owner.headers,
    });
    expect(own.json()).toEqual({ userId: owner.userId });
    for (const teamId of [stranger.teamId, 'abc', '0']) {
      const response = await server.app.inject({
        method: 'GET',
        url: `/probe/team/${teamId}`,
        headers: owner.headers,
      });
      expect(response.statusCode, String(teamId)).toBe(403);
    }
  });

  it('fails loudly (a generic 500) when a route reads the caller without the hook', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/probe/no-hook',
      headers: owner.headers,
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: 'internal', message: 'Something went wrong on our side.' });
  });

  // These routes authenticated inside their handlers before: now 401 and 403 come before any 400 about the body.
  it('statistics: 401 before a 400 about the body', async () => {
    for (const period of ['day', 'week', 'month']) {
      const response = await server.app.inject({
        method: 'POST',
        url: `/stats/v1/nodr/${period}`,
        payload: { startTimestamp: 'soon', licenceKey: [] },
      });
      expect(response.statusCode, period).toBe(401);
    }
  });

  it('statistic settings: 401, then 403 for another team, before a 400 about the body', async () => {
    const url = `/api/v1/statistic/settings/put/user/${owner.userId}/team/${stranger.teamId}`;
    const json = { 'content-type': 'application/json' };
    const signedOut = await server.app.inject({ method: 'POST', url, headers: json, payload: '[1]' });
    expect(signedOut.statusCode).toBe(401);
    const outsider = await server.app.inject({
      method: 'POST',
      url,
      headers: { ...owner.headers, ...json },
      payload: '[1]',
    });
    expect(outsider.statusCode).toBe(403);
  });
});
