import { generateKeyPairSync } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NODE_CLOCK, nodeRequestHeaders } from '../../contracts/node-signing.ts';
import { nodeLiveness } from '../../server/db/schema.ts';
import { NODE_LIMITS } from '../../server/nodes/node-limits.ts';
import { type NodeKeys, registerNode } from '../helpers/nodes.ts';
import { createSignedInUser, startTestServer, type TestServer } from '../helpers/server.ts';
import { freshIp } from './auth-helpers.ts';

const MINUTE = 60_000;

/** The node protocol's timestamp window and its rate limits (docs/node-protocol.md). */
describe('node requests: the clock window and the limits', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  /** A node of its own team (a team holds 3 nodes at most). */
  const newNode = async () => registerNode(server, await createSignedInUser(server));

  /** A signed heartbeat dated `offsetMs` from the server's clock, from `ip`; the clock moves 1 ms first. */
  function heartbeat(
    node: { licenseKey: string },
    privateKey: NodeKeys['privateKey'],
    offsetMs = 0,
    ip = '198.51.100.1',
  ) {
    server.clock.advance(1);
    const headers = nodeRequestHeaders(
      node.licenseKey,
      privateKey,
      '{}',
      server.clock.now().getTime() + offsetMs,
    );
    return server.app.inject({
      method: 'POST',
      url: '/api/node/v1/heartbeat',
      headers,
      payload: '{}',
      remoteAddress: ip,
    });
  }

  it('refuses a request dated 4 minutes ahead, which then does not lock the node out', async () => {
    const { node, keys } = await newNode();
    const ahead = await heartbeat(node, keys.privateKey, 4 * MINUTE);
    expect([ahead.statusCode, ahead.json().error]).toEqual([401, 'stale_timestamp']);
    expect((await heartbeat(node, keys.privateKey)).statusCode).toBe(200);
  });

  it('accepts at most 60 s ahead, and never keeps a mark beyond that', async () => {
    const { node, keys } = await newNode();
    expect(NODE_CLOCK.maxAheadMs).toBe(MINUTE);
    expect((await heartbeat(node, keys.privateKey, MINUTE + 1)).statusCode).toBe(401);
    expect((await heartbeat(node, keys.privateKey, MINUTE)).statusCode).toBe(200);

    // A mark left 4 minutes ahead (accepted before this rule) no longer refuses correctly dated requests.
    const future = server.clock.now().getTime() + 4 * MINUTE;
    await server.db
      .update(nodeLiveness)
      .set({ lastRequestMs: future })
      .where(eq(nodeLiveness.nodeId, node.id));
    expect((await heartbeat(node, keys.privateKey)).statusCode).toBe(200);
    const [stored] = await server.db.select().from(nodeLiveness).where(eq(nodeLiveness.nodeId, node.id));
    expect(stored!.lastRequestMs).toBe(server.clock.now().getTime());
  });

  it('answers 429 with Retry-After to a licence over its limit, without moving the replay mark', async () => {
    const { node, keys } = await newNode();
    const { max, windowMs } = NODE_LIMITS.perLicence;
    server.clock.advance(windowMs - (server.clock.now().getTime() % windowMs));
    for (let i = 0; i < max; i += 1) {
      const response = await heartbeat(node, keys.privateKey);
      expect(response.statusCode, `request ${i + 1}`).toBe(200);
    }
    const markOf = async () =>
      (await server.db.select().from(nodeLiveness).where(eq(nodeLiveness.nodeId, node.id)))[0]!.lastRequestMs;
    const mark = await markOf();
    const over = await heartbeat(node, keys.privateKey);
    expect([over.statusCode, over.json().error]).toEqual([429, 'rate_limited']);
    expect(await markOf()).toBe(mark);
    const retryAfter = Number(over.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(windowMs / 1000);

    server.clock.advance(retryAfter * 1000);
    expect((await heartbeat(node, keys.privateKey)).statusCode).toBe(200);
  });

  it('answers 429 with Retry-After to an address sending bad signatures; other addresses are not affected', async () => {
    const { node, keys } = await newNode();
    const stranger = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
    const guesser = freshIp();
    const { max, windowMs } = NODE_LIMITS.badSignaturesPerIp;
    for (let i = 0; i < max; i += 1) {
      const forged = await heartbeat(node, stranger, 0, guesser);
      expect(forged.json().error, `request ${i + 1}`).toBe('bad_signature');
    }
    const over = await heartbeat(node, stranger, 0, guesser);
    expect([over.statusCode, over.json().error]).toEqual([429, 'rate_limited']);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(over.headers['retry-after'])).toBeLessThanOrEqual(windowMs / 1000);
    expect((await heartbeat(node, keys.privateKey, 0, freshIp())).statusCode).toBe(200);
  });
});
