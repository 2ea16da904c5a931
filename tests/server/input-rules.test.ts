import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerNode } from '../helpers/nodes.ts';
import {
  createSignedInUser,
  form,
  type SignedInUser,
  startTestServer,
  type TestServer,
} from '../helpers/server.ts';

/** Every bad input is a 4xx with `{ error, message }`; JSON bodies are taken as typed. */
let server: TestServer;
let user: SignedInUser;
let nodeId: number;

beforeAll(async () => {
  server = await startTestServer();
  user = await createSignedInUser(server);
  nodeId = (await registerNode(server, user)).node.id;
});
afterAll(() => server?.close());

function json(method: 'POST' | 'PUT', url: string, body: unknown, raw?: string) {
  return server.app.inject({
    method,
    url,
    headers: { ...user.headers, 'content-type': 'application/json' },
    payload: raw ?? JSON.stringify(body),
  });
}

function expectClear400(response: { statusCode: number; json(): unknown }) {
  expect(response.statusCode).toBe(400);
  const body = response.json() as { error: unknown; message: unknown };
  expect(typeof body.error).toBe('string');
  expect(typeof body.message).toBe('string');
}

const renameUrl = () => `/api/v1/nodres/team/${user.teamId}/nodr/${nodeId}`;

describe('control characters', () => {
  it('refuses a NUL byte in a node name sent as JSON', async () => {
    expectClear400(await json('PUT', renameUrl(), { name: 'edge\u0000one' }));
  });

  it('refuses a NUL byte in a node name sent as a form', async () => {
    const body = form({ teamId: user.teamId, name: 'edge\u0000one', id: nodeId });
    const response = await server.app.inject({
      method: 'PUT',
      url: renameUrl(),
      headers: { ...user.headers, ...body.headers },
      payload: body.payload,
    });
    expectClear400(response);
  });

  it('refuses other control characters and DEL in a team name', async () => {
    for (const name of ['a\u0001b', 'line\nbreak', 'tab\there', 'del\u007f']) {
      expectClear400(await json('PUT', `/auth/v1/teams/${user.teamId}`, { id: user.teamId, name }));
    }
  });

  it('says which field holds a control character', async () => {
    const response = await json('PUT', renameUrl(), { name: 'a\u0000b' });
    expect(response.json()).toEqual({
      error: 'invalid_request',
      message: 'Invalid request: body/name must not contain control characters',
    });
  });

  it('answers a control character in a public key with the spec message (spec 8)', async () => {
    const response = await json('POST', `/api/v1/nodres/team/${user.teamId}/set_public_key/config/1`, {
      publicKey: '-----BEGIN PUBLIC KEY-----\u0000',
    });
    expectClear400(response);
    expect(response.json()).toMatchObject({ error: 'invalid_public_key' });
  });
});

describe('JSON nesting', () => {
  it('refuses a deeply nested 16 KB object sent to the statistic settings', async () => {
    const depth = 2700;
    const raw = `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    expect(raw.length).toBeLessThanOrEqual(16 * 1024);
    const response = await json(
      'POST',
      `/api/v1/statistic/settings/put/user/${user.userId}/team/${user.teamId}`,
      undefined,
      raw,
    );
    expectClear400(response);
    expect(response.json()).toMatchObject({ error: 'too_deep' });
  });

  it('refuses deep arrays on every JSON route, the node protocol included', async () => {
    const raw = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    for (const url of [`/stats/v1/nodr/day`, `/api/node/v1/heartbeat`, `/auth/guest/auth`]) {
      const response = await server.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload: raw,
      });
      expectClear400(response);
    }
  });

  it('keeps a saved statistics configuration of ordinary depth', async () => {
    const settings = { tabs: [{ name: 'All', nodes: [1, 2], range: { kind: 'day' } }] };
    const response = await json(
      'POST',
      `/api/v1/statistic/settings/put/user/${user.userId}/team/${user.teamId}`,
      settings,
    );
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(response.json<{ text: string }>().text)).toEqual(settings);
  });
});

describe('JSON bodies are taken as typed', () => {
  it('refuses {"name": false} as a team name and leaves the name alone', async () => {
    const before = await server.app.inject({
      method: 'GET',
      url: `/auth/v1/teams/${user.teamId}`,
      headers: user.headers,
    });
    expectClear400(await json('PUT', `/auth/v1/teams/${user.teamId}`, { id: user.teamId, name: false }));
    const after = await server.app.inject({
      method: 'GET',
      url: `/auth/v1/teams/${user.teamId}`,
      headers: user.headers,
    });
    expect(after.json<{ name: string }>().name).toBe(before.json<{ name: string }>().name);
    expect(after.json<{ name: string }>().name).not.toBe('false');
  });

  it('refuses null as a public key as a wrong type, not as a key', async () => {
    const response = await json('POST', `/api/v1/nodres/team/${user.teamId}/set_public_key/config/1`, {
      teamId: user.teamId,
      configId: 1,
      publicKey: null,
    });
    expectClear400(response);
    expect(response.json()).toEqual({
      error: 'invalid_request',
      message: 'Invalid request: body/publicKey must be string',
    });
  });

  it('refuses a number sent as a string id in JSON', async () => {
    expectClear400(await json('PUT', renameUrl(), { id: String(nodeId), name: 'x' }));
  });

  it('refuses unknown fields in a JSON body', async () => {
    expectClear400(await json('PUT', renameUrl(), { name: 'edge', colour: 'red' }));
    expectClear400(
      await json('PUT', `/auth/v1/teams/${user.teamId}`, { id: user.teamId, name: 'T', admin: true }),
    );
  });

  it('still reads form bodies as strings, typed by the schema', async () => {
    const body = form({ teamId: user.teamId, config_id: 1, name: 'edge one', id: nodeId });
    const response = await server.app.inject({
      method: 'PUT',
      url: renameUrl(),
      headers: { ...user.headers, ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'edge one' });
  });

  it('refuses a form body whose id is not a number', async () => {
    const body = form({ teamId: 'abc', name: 'edge one' });
    const response = await server.app.inject({
      method: 'PUT',
      url: renameUrl(),
      headers: { ...user.headers, ...body.headers },
      payload: body.payload,
    });
    expectClear400(response);
  });
});

describe('methods', () => {
  it('answers 405 with Allow for an unsupported method on a known path', async () => {
    const response = await server.app.inject({
      method: 'PATCH',
      url: `/auth/v1/teams/${user.teamId}`,
      headers: user.headers,
    });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD, PUT');
    expect(response.json()).toMatchObject({ error: 'method_not_allowed' });
  });

  it('answers 405 on a path with one method', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/auth/guest/auth' });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('POST');
  });

  it('keeps 404 for unknown paths', async () => {
    const response = await server.app.inject({ method: 'POST', url: '/api/v1/no-such-thing' });
    expect(response.statusCode).toBe(404);
  });
});
