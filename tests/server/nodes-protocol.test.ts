import { generateKeyPairSync } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { create } from 'superstruct';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { nodeRequestHeaders } from '../../contracts/node-signing.ts';
import { nodes } from '../../server/db/schema.ts';
import type { LiveEvent } from '../../server/lib/events.ts';
import { CheckStruct, NodeStruct } from '../../src/api/nodes.ts';
import { passingReport, registerNode, signedNodeCall } from '../helpers/nodes.ts';
import {
  createSignedInUser,
  type SignedInUser,
  startTestServer,
  type TestServer,
} from '../helpers/server.ts';

describe('docker-compose.yml per node', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      publicUrl: 'https://dash.example.org',
      nodeImage: 'registry.example/nodr:2.0',
    });
  });
  afterAll(() => server.close());

  it('is a valid Compose file running the node and its agent with the license key, API address and keys', async () => {
    const user = await createSignedInUser(server);
    const { node } = await registerNode(server, user);
    const response = await server.app.inject({
      method: 'POST',
      url: `/api/v1/nodres/team/${user.teamId}/docker_compose/${node.id}`,
      headers: user.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/yaml/);
    expect(response.headers['content-disposition']).toBe('attachment; filename="docker-compose.yml"');
    const compose = parse(response.body);
    expect(Object.keys(compose.services)).toEqual(['nodr', 'agent']);
    for (const service of Object.values<Record<string, unknown>>(compose.services)) {
      expect(service).toMatchObject({
        image: 'registry.example/nodr:2.0',
        restart: 'unless-stopped',
        environment: {
          NODR_LICENSE_KEY: node.licenseKey,
          NODR_API_URL: 'https://dash.example.org/api/node/',
          NODR_DOMAIN: node.domain,
        },
      });
      expect(service.volumes).toContain('./keys:/etc/nodr/keys:ro');
    }
    expect(compose.services.agent.command).toEqual(['nodr-agent']);
    expect(compose.services.agent.network_mode).toBe('host');
    expect(compose.services.agent.environment.NODR_STATE_DIR).toBe('/var/lib/nodr-agent');
    expect(compose.services.agent.volumes).toContain('agent-state:/var/lib/nodr-agent');
    expect(compose.volumes).toHaveProperty('agent-state');
  });
});

describe('node verification: signed POST /api/node/v1/check and v1/heartbeat', () => {
  let server: TestServer;
  let user: SignedInUser;
  let events: LiveEvent[];

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    user = await createSignedInUser(server);
    events = [];
    server.app.deps.hub.subscribe(user.teamId, (event) => events.push(event));
  });

  const getNode = async (id: number) =>
    create(
      (
        await server.app.inject({
          method: 'GET',
          url: `/api/v1/nodres/team/${user.teamId}/${id}`,
          headers: user.headers,
        })
      ).json(),
      NodeStruct,
    );

  it('walks status 1 through Misconfigured and Launching to active on the first heartbeat after a passed check', async () => {
    const { node, keys } = await registerNode(server, user);
    events.length = 0;

    // Before any check a heartbeat changes nothing ('Configuring hardware').
    let response = await signedNodeCall(server, 'v1/heartbeat', node, keys.privateKey);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ status: 1 });

    const failing = { storage: 100, ram: 8_000_000_000, ip: '192.168.1.10', os: 20, bandwidth: 400_000_000 };
    response = await signedNodeCall(server, 'v1/check', node, keys.privateKey, failing);
    expect(response.statusCode, response.body).toBe(200);
    const failed = create(response.json(), CheckStruct);
    expect(failed).toEqual({
      result: false,
      check_config_nodr: {
        storage: { used: 100, result: false },
        ram: { used: 8_000_000_000, result: true },
        ip: { used: '192.168.1.10', result: false },
        os: { used: 20, result: false },
        bandwidth: { used: 400_000_000, result: false },
      },
    });
    let stored = await getNode(node.id);
    expect(stored.status).toBe(1);
    expect(JSON.parse(stored.check!)).toEqual(failed);
    expect(stored).toMatchObject({
      storage: 100,
      ram: 8_000_000_000,
      ipAddress: '192.168.1.10',
      os: 20,
      bandWidth: 400_000_000,
    });

    // 'Misconfigured': a heartbeat does not activate.
    expect((await signedNodeCall(server, 'v1/heartbeat', node, keys.privateKey)).json()).toEqual({
      status: 1,
    });

    response = await signedNodeCall(server, 'v1/check', node, keys.privateKey, passingReport);
    expect(response.json()).toMatchObject({ result: true });
    stored = await getNode(node.id);
    expect(stored.status).toBe(1);
    expect(JSON.parse(stored.check!).result).toBe(true);

    response = await signedNodeCall(server, 'v1/heartbeat', node, keys.privateKey);
    expect(response.json()).toEqual({ status: 10 });
    expect((await getNode(node.id)).status).toBe(10);
    expect(events.map((event) => event.value)).toEqual([20, 20, 20]);

    // Once active: further heartbeats keep the status; a check is refused.
    expect((await signedNodeCall(server, 'v1/heartbeat', node, keys.privateKey)).json()).toEqual({
      status: 10,
    });
    response = await signedNodeCall(server, 'v1/check', node, keys.privateKey, passingReport);
    expect(response.statusCode).toBe(409);
    expect(events).toHaveLength(3);
  });

  it('compares every value with the configuration boundaries, and the IP with the configuration IP type', async () => {
    const { node, keys } = await registerNode(server, user, 1);
    const check = async (report: typeof passingReport) =>
      create((await signedNodeCall(server, 'v1/check', node, keys.privateKey, report)).json(), CheckStruct);
    const exact = {
      storage: 500_000_000_000,
      ram: 8_000_000_000,
      ip: '8.8.8.8',
      os: 10,
      bandwidth: 500_000_000,
    };
    expect((await check(exact)).result).toBe(true);
    expect((await check({ ...exact, storage: exact.storage - 1 })).check_config_nodr.storage.result).toBe(
      false,
    );
    expect((await check({ ...exact, ram: exact.ram - 1 })).check_config_nodr.ram.result).toBe(false);
    expect(
      (await check({ ...exact, bandwidth: exact.bandwidth - 1 })).check_config_nodr.bandwidth.result,
    ).toBe(false);
    for (const os of [20, 30])
      expect((await check({ ...exact, os })).check_config_nodr.os.result).toBe(false);
    for (const ip of ['10.1.2.3', '127.0.0.1', '100.64.0.1', '2a00:1450:4001::1', 'not-an-ip', '']) {
      const result = await check({ ...exact, ip });
      expect(result.check_config_nodr.ip, ip).toEqual({ used: ip, result: false });
      expect(result.result).toBe(false);
    }
  });

  it('accepts a public IPv6 address for a configuration that has IPv6', async () => {
    const { node, keys } = await registerNode(server, user, 1);
    // The seeded 'NODR Edge' (IPv4 + IPv6) is coming soon, so the node moves to it directly in the database.
    await server.db.update(nodes).set({ configId: 4 }).where(eq(nodes.id, node.id));
    const report = { ...passingReport, storage: 16e12, ram: 128e9, bandwidth: 25e9 };
    for (const ip of ['2a00:1450:4001::1', '1.2.3.4']) {
      const response = await signedNodeCall(server, 'v1/check', node, keys.privateKey, { ...report, ip });
      expect(response.json().result, ip).toBe(true);
    }
    const linkLocal = await signedNodeCall(server, 'v1/check', node, keys.privateKey, {
      ...report,
      ip: 'fe80::1',
    });
    expect(linkLocal.json().result).toBe(false);
  });

  it('refuses malformed reports with a 400, never a 5xx', async () => {
    const { node, keys } = await registerNode(server, user);
    const bodies: unknown[] = [
      {},
      { ...passingReport, storage: -1 },
      { ...passingReport, os: 40 },
      { ...passingReport, ip: 'x'.repeat(65) },
      { ...passingReport, ram: 'lots' },
      { ...passingReport, bandwidth: 1.5 },
      [],
      'text',
    ];
    for (const body of bodies) {
      const response = await signedNodeCall(server, 'v1/check', node, keys.privateKey, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    const raw = '{"storage":';
    server.clock.advance(1);
    const broken = await server.app.inject({
      method: 'POST',
      url: '/api/node/v1/check',
      headers: nodeRequestHeaders(node.licenseKey, keys.privateKey, raw, server.clock.now().getTime()),
      payload: raw,
    });
    expect(broken.statusCode).toBe(400);
  });

  it('refuses a bad signature, an unknown or deleted node, a stale timestamp and a replay', async () => {
    const { node, keys } = await registerNode(server, user);
    const body = JSON.stringify(passingReport);
    const send = (headers: Record<string, string>, payload = body, path = 'v1/check') =>
      server.app.inject({ method: 'POST', url: `/api/node/${path}`, headers, payload });
    const now = () => server.clock.now().getTime();
    const errorOf = (response: { statusCode: number; json(): { error: string } }) => [
      response.statusCode,
      response.json().error,
    ];

    expect(errorOf(await send({ 'content-type': 'application/json' }))).toEqual([401, 'missing_signature']);
    const stranger = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
    expect(errorOf(await send(nodeRequestHeaders(node.licenseKey, stranger, body, now() + 1)))).toEqual([
      401,
      'bad_signature',
    ]);
    const signed = nodeRequestHeaders(node.licenseKey, keys.privateKey, body, now() + 2);
    expect(errorOf(await send(signed, body.replace('"os":10', '"os":20')))).toEqual([401, 'bad_signature']);
    expect(errorOf(await send({ ...signed, 'x-nodr-signature': 'AAAA' }))).toEqual([401, 'bad_signature']);
    expect(errorOf(await send({ ...signed, 'x-nodr-timestamp': String(now() + 3) }))).toEqual([
      401,
      'bad_signature',
    ]);
    expect(
      errorOf(await send(nodeRequestHeaders('no-such-license', keys.privateKey, body, now() + 4))),
    ).toEqual([401, 'unknown_node']);
    for (const skew of [-5 * 60_000 - 1, 5 * 60_000 + 1]) {
      const stale = nodeRequestHeaders(node.licenseKey, keys.privateKey, body, now() + skew);
      expect(errorOf(await send(stale))).toEqual([401, 'stale_timestamp']);
    }
    expect(errorOf(await send({ ...signed, 'x-nodr-timestamp': 'yesterday' }))).toEqual([
      401,
      'bad_timestamp',
    ]);

    expect((await send(signed)).statusCode).toBe(200);
    expect(errorOf(await send(signed))).toEqual([401, 'replayed']);
    const older = nodeRequestHeaders(node.licenseKey, keys.privateKey, body, now() + 1);
    expect(errorOf(await send(older))).toEqual([401, 'replayed']);
    const heartbeat = nodeRequestHeaders(node.licenseKey, keys.privateKey, '{}', now() + 2);
    expect(errorOf(await send(heartbeat, '{}', 'v1/heartbeat'))).toEqual([401, 'replayed']);

    await server.db.update(nodes).set({ status: 50 }).where(eq(nodes.id, node.id));
    const afterDelete = nodeRequestHeaders(node.licenseKey, keys.privateKey, '{}', now() + 10);
    expect(errorOf(await send(afterDelete, '{}', 'v1/heartbeat'))).toEqual([401, 'unknown_node']);
  });

  it('must verify again after a settings change: the passed check is cleared and a heartbeat no longer activates', async () => {
    const { node, keys } = await registerNode(server, user);
    await signedNodeCall(server, 'v1/check', node, keys.privateKey, passingReport);
    const response = await server.app.inject({
      method: 'PUT',
      url: `/api/v1/nodres/team/${user.teamId}/nodr/${node.id}`,
      headers: { ...user.headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `configId=2&teamId=${user.teamId}&id=${node.id}`,
    });
    expect(create(response.json(), NodeStruct).check).toBeNull();
    expect((await signedNodeCall(server, 'v1/heartbeat', node, keys.privateKey)).json()).toEqual({
      status: 1,
    });
  });
});
