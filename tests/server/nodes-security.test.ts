import { createPublicKey } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodes } from '../../server/db/schema.ts';
import { newNodeKeys, postCreateNode, registerNode } from '../helpers/nodes.ts';
import {
  createSignedInUser,
  form,
  type SignedInUser,
  startTestServer,
  type TestServer,
} from '../helpers/server.ts';

function pemOf(der: Buffer, newline: string): string {
  const base64 = der.toString('base64');
  return [
    '-----BEGIN PUBLIC KEY-----',
    base64.slice(0, 64),
    base64.slice(64),
    '-----END PUBLIC KEY-----',
  ].join(newline);
}

interface RouteCall {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  fields?: Record<string, string | number>;
}

/** Every node route of spec 7, with a valid body, aimed at `teamId`'s node `id`. */
function everyNodeRoute(
  teamId: number,
  id: number,
  node: { publicKey: string; licenseKey: string },
): RouteCall[] {
  const base = `/api/v1/nodres/team/${teamId}`;
  return [
    { name: 'list', method: 'POST', url: base },
    {
      name: 'create',
      method: 'POST',
      url: `${base}/set_public_key/config/1`,
      fields: { teamId, configId: 1, publicKey: newNodeKeys().publicKey },
    },
    { name: 'docker compose', method: 'POST', url: `${base}/docker_compose/${id}` },
    { name: 'get', method: 'GET', url: `${base}/${id}` },
    { name: 'delete', method: 'DELETE', url: `${base}/${id}` },
    {
      name: 'rename',
      method: 'PUT',
      url: `${base}/nodr/${id}`,
      fields: { teamId, config_id: 1, name: 'mine', id },
    },
    { name: 'update', method: 'PUT', url: `${base}/nodr/${id}`, fields: { teamId, configId: 2, id } },
    {
      name: 'reconfigure',
      method: 'PUT',
      url: `${base}/reset_settings_nodr/${id}`,
      fields: { teamId, configId: 1, publicKey: node.publicKey, licenseKey: node.licenseKey, id },
    },
    { name: 'toggle', method: 'PUT', url: `${base}/update_active_nodres/${id}` },
  ];
}

describe('node routes: who may call them', () => {
  let server: TestServer;
  let owner: SignedInUser;
  let outsider: SignedInUser;

  beforeAll(async () => {
    server = await startTestServer();
    owner = await createSignedInUser(server);
    outsider = await createSignedInUser(server);
  });
  afterAll(() => server.close());

  const send = (route: RouteCall, headers: Record<string, string>) => {
    const body = route.fields ? form(route.fields) : undefined;
    return server.app.inject({
      method: route.method,
      url: route.url,
      headers: { ...headers, ...body?.headers },
      payload: body?.payload,
    });
  };

  it('answers 403 to a signed-in user of another team on every node route, and changes nothing', async () => {
    const { node } = await registerNode(server, owner);
    await server.db.update(nodes).set({ status: 10 }).where(eq(nodes.id, node.id));
    const routes = everyNodeRoute(owner.teamId, node.id, node);
    expect(routes.map((route) => route.name)).toEqual([
      'list',
      'create',
      'docker compose',
      'get',
      'delete',
      'rename',
      'update',
      'reconfigure',
      'toggle',
    ]);
    for (const route of routes) {
      const response = await send(route, outsider.headers);
      expect(response.statusCode, route.name).toBe(403);
      expect(response.body, route.name).not.toContain(node.licenseKey);
    }
    // Even with a body that would fail validation, the outsider learns only 403.
    const invalid = await send(
      { ...routes[1]!, fields: { configId: 'abc', publicKey: '' } },
      outsider.headers,
    );
    expect(invalid.statusCode).toBe(403);
    const [row] = await server.db.select().from(nodes).where(eq(nodes.id, node.id));
    expect(row).toMatchObject({ status: 10, name: '', configId: 1 });
    const ownerNodes = await server.db.select().from(nodes).where(eq(nodes.teamId, owner.teamId));
    expect(ownerNodes).toHaveLength(1);

    // The outsider's own team path cannot reach the node either.
    const viaOwnTeam = everyNodeRoute(outsider.teamId, node.id, node).filter(
      (route) => !['list', 'create'].includes(route.name),
    );
    for (const route of viaOwnTeam) {
      expect((await send(route, outsider.headers)).statusCode, route.name).toBe(404);
    }
  });

  it('answers 401 without a session on every node route, configs and dictionaries', async () => {
    const { node } = await registerNode(server, owner);
    const routes: RouteCall[] = [
      ...everyNodeRoute(owner.teamId, node.id, node),
      { name: 'configs', method: 'POST', url: '/api/v1/configs' },
      { name: 'dictionaries', method: 'GET', url: '/api/dictionaries/45' },
    ];
    for (const route of routes) {
      expect((await send(route, {})).statusCode, route.name).toBe(401);
      expect(
        (await send(route, { authorization: 'Bearer not-a-real-token-at-all-xx' })).statusCode,
        route.name,
      ).toBe(401);
    }
  });

  it('lets a Viewer of the team use the node routes', async () => {
    const viewer = await createSignedInUser(server, { teamId: owner.teamId, role: 20 });
    const response = await send(
      { name: 'list', method: 'POST', url: `/api/v1/nodres/team/${owner.teamId}` },
      viewer.headers,
    );
    expect(response.statusCode).toBe(200);
  });

  it('rejects bad path ids with 403 or 400, never a 5xx', async () => {
    for (const team of ['abc', '0', '-1', '99999999999', '1.5']) {
      const response = await server.app.inject({
        method: 'POST',
        url: `/api/v1/nodres/team/${team}`,
        headers: owner.headers,
      });
      expect(response.statusCode, team).toBe(403);
    }
    for (const id of ['abc', '0', '99999999999']) {
      const response = await server.app.inject({
        method: 'GET',
        url: `/api/v1/nodres/team/${owner.teamId}/${id}`,
        headers: owner.headers,
      });
      expect(response.statusCode, id).toBe(400);
    }
  });
});

describe('node limit and key uniqueness under concurrency', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('makes exactly 3 nodes out of 20 concurrent creates in one team', async () => {
    const user = await createSignedInUser(server);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => postCreateNode(server, user, newNodeKeys().publicKey)),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status === 409)).toHaveLength(17);
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(response.json()).toMatchObject({ error: 'node_limit' });
    }
    const live = await server.db
      .select()
      .from(nodes)
      .where(and(eq(nodes.teamId, user.teamId), ne(nodes.status, 50)));
    expect(live).toHaveLength(3);
  });

  it('registers one key once when 10 teams race to register it', async () => {
    const users = await Promise.all(Array.from({ length: 10 }, () => createSignedInUser(server)));
    const { publicKey } = newNodeKeys();
    const responses = await Promise.all(users.map((user) => postCreateNode(server, user, publicKey)));
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, ...Array(9).fill(409)]);
  });

  it('treats the same key re-encoded as a duplicate: CRLF, spaces, and base64 with other padding bits', async () => {
    const owner = await createSignedInUser(server);
    const other = await createSignedInUser(server);
    const { node } = await registerNode(server, owner);
    const { publicKey } = node;
    const lines = publicKey.split('\n');
    // The character before '==' carries 2 bits of the key and 4 unused bits: flipping an unused bit gives a
    // different text (still the spec 5 shape) that decodes to the very same key.
    const last = lines[2]!;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
    const padded = alphabet[alphabet.indexOf(last[57]!) ^ 1]!;
    const reEncoded = [lines[0], lines[1], `${last.slice(0, 57)}${padded}==`, lines[3]].join('\n');
    expect(reEncoded).not.toBe(publicKey);
    const variants = [
      publicKey,
      publicKey.replace(/\n/g, '\r\n'),
      `\n\n   ${publicKey}\t \n`,
      reEncoded,
      reEncoded.replace(/\n/g, '\r\n'),
      // Through crypto and back: DER exported, then wrapped again.
      String(createPublicKey(reEncoded).export({ type: 'spki', format: 'pem' })),
      pemOf(createPublicKey(publicKey).export({ type: 'spki', format: 'der' }), '\r\n'),
    ];
    for (const variant of variants) {
      const response = await postCreateNode(server, other, variant);
      expect(response.statusCode, JSON.stringify(variant)).toBe(409);
      expect(response.json()).toMatchObject({ error: 'public_key_taken' });
    }
    const [row] = await server.db.select().from(nodes).where(eq(nodes.id, node.id));
    expect(row?.publicKey).toBe(publicKey);
  });
});
