import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedNodeCall } from '../helpers/nodes.ts';
import {
  createSignedInUser,
  type SignedInUser,
  startTestServer,
  type TestServer,
} from '../helpers/server.ts';
import { activeNode } from './health-fixtures.ts';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe('liveness apart: what every signed request moves lives outside the nodes row', () => {
  let server: TestServer;
  let user: SignedInUser;

  beforeAll(async () => {
    server = await startTestServer();
    user = await createSignedInUser(server);
  });
  afterAll(() => server.close());

  /** The row version of a node: it changes whenever anything rewrites the row. */
  async function nodeVersion(nodeId: number) {
    const result = await server.db.execute(sql`select xmin::text as version from nodes where id = ${nodeId}`);
    return rowsOf<{ version: string }>(result)[0]!.version;
  }

  it('leaves the nodes row untouched on heartbeats and telemetry of an active node', async () => {
    const { node, heartbeat, keys } = await activeNode(server, user);
    const before = await nodeVersion(node.id);
    for (let minute = 0; minute < 3; minute += 1) {
      server.clock.advance(60_000);
      expect((await heartbeat()).statusCode).toBe(200);
    }
    const ts = Math.floor(server.clock.now().getTime() / 60_000) * 60;
    const report = { points: [{ ts, uplink: 1, delivered: 2, input: 3, viewers: 4, quality: 50 }] };
    expect((await signedNodeCall(server, 'v1/telemetry', node, keys.privateKey, report)).statusCode).toBe(
      200,
    );
    expect(await nodeVersion(node.id)).toBe(before);
  });

  it('updates the liveness row in place (HOT): a heartbeat writes no index entry', async () => {
    const { heartbeat } = await activeNode(server, user);
    const counters = async () => {
      await server.db.execute(sql`select pg_stat_force_next_flush()`);
      const result = await server.db.execute(sql`
        select n_tup_upd::integer as updates, n_tup_hot_upd::integer as hot
        from pg_stat_user_tables where relname = 'node_liveness'`);
      return rowsOf<{ updates: number; hot: number }>(result)[0] ?? { updates: 0, hot: 0 };
    };
    const before = await counters();
    for (let beat = 0; beat < 20; beat += 1) {
      server.clock.advance(60_000);
      expect((await heartbeat()).statusCode).toBe(200);
    }
    const after = await counters();
    expect(after.updates - before.updates).toBe(20);
    expect(after.hot - before.hot).toBe(20);
  });
});
