import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NODE_HEADERS, nodeRequestHeaders } from '../../contracts/node-signing.ts';
import { VIEWER_ROLE } from '../../contracts/team-body.ts';
import { nodes } from '../../server/db/schema.ts';
import { newNodeKeys, passingReport, registerNode } from '../helpers/nodes.ts';
import { createSignedInUser, startTestServer, type TestServer } from '../helpers/server.ts';

/**
 * docs/security.md: a licence key names a node and grants nothing. Viewers read every licence key (the statistics
 * call takes them), so every node-facing route must refuse a request that has the right licence key but no valid
 * signature by the node's private key, and change nothing.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('a licence key alone', () => {
  it('is readable by a viewer of the team', async () => {
    const admin = await createSignedInUser(server);
    const viewer = await createSignedInUser(server, { teamId: admin.teamId, role: VIEWER_ROLE });
    const { node } = await registerNode(server, admin);
    const list = await server.app.inject({
      method: 'POST',
      url: `/api/v1/nodres/team/${admin.teamId}`,
      headers: viewer.headers,
    });
    expect(list.json().map((row: { licenseKey: string }) => row.licenseKey)).toContain(node.licenseKey);
  });

  it('is refused by every node-facing route without the private key, and nothing changes', async () => {
    const admin = await createSignedInUser(server);
    const { node } = await registerNode(server, admin);
    const nodeRoutes = server.app.routeTable
      .routes()
      .filter((route) => route.url.startsWith('/api/node/') && route.method !== 'HEAD');
    expect(nodeRoutes.map((route) => `${route.method} ${route.url}`).sort()).toEqual([
      'POST /api/node/v1/check',
      'POST /api/node/v1/heartbeat',
      'POST /api/node/v1/telemetry',
    ]);
    const bodies: Record<string, unknown> = {
      '/api/node/v1/check': passingReport,
      '/api/node/v1/heartbeat': {},
      '/api/node/v1/telemetry': {
        points: [{ ts: 1_795_305_600, uplink: 1, delivered: 1, input: 1, viewers: 1, quality: 99 }],
      },
    };
    const [before] = await server.db.select().from(nodes).where(eq(nodes.id, node.id));
    const otherKey = newNodeKeys().privateKey;
    for (const route of nodeRoutes) {
      const raw = JSON.stringify(bodies[route.url]);
      const now = server.clock.now().getTime();
      const signedByAnother = nodeRequestHeaders(node.licenseKey, otherKey, raw, now);
      const attempts: Record<string, Record<string, string>> = {
        'no signature': { [NODE_HEADERS.license]: node.licenseKey, [NODE_HEADERS.timestamp]: String(now) },
        'a signature by another key': signedByAnother,
        'a garbled signature': { ...signedByAnother, [NODE_HEADERS.signature]: 'AAAA' },
      };
      for (const [what, headers] of Object.entries(attempts)) {
        const response = await server.app.inject({
          method: 'POST',
          url: route.url,
          headers: { ...headers, 'content-type': 'application/json' },
          payload: raw,
        });
        expect(response.statusCode, `${route.url} with ${what}`).toBe(401);
      }
    }
    const [after] = await server.db.select().from(nodes).where(eq(nodes.id, node.id));
    expect(after).toEqual(before);
  });
});
