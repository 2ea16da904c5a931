import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteExpiredStats } from '../../server/statistics/retention.ts';
import {
  createSignedInUser,
  type SignedInUser,
  startTestServer,
  type TestServer,
} from '../helpers/server.ts';
import { createActiveNode, ingest, minutes, NOW_SECONDS, type TestNode } from '../helpers/telemetry.ts';

const DAY = 86_400;

/** The month read at scale, an index-only scan of the hourly rollup (drizzle/0007_stats_scale.sql). */
describe('statistics at scale: the hourly rollup read from its covering index', () => {
  let server: TestServer;
  let owner: SignedInUser;
  let nodes: TestNode[];

  beforeAll(async () => {
    // Cache off: every answer below is read from the database.
    server = await startTestServer({ statsCacheMb: 0 });
    server.clock.set(new Date(NOW_SECONDS * 1000));
    owner = await createSignedInUser(server);
    nodes = [await createActiveNode(server, owner.teamId), await createActiveNode(server, owner.teamId)];
    await ingest(nodes[0]!, minutes(NOW_SECONDS - 3 * DAY, 3 * 1440, 1));
    await ingest(nodes[1]!, minutes(NOW_SECONDS - 2 * DAY, 2 * 1440, 2));
  });
  afterAll(() => server.close());

  async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
    return ((await server.db.execute(query)) as unknown as { rows: T[] }).rows;
  }

  function month() {
    return server.app.inject({
      method: 'POST',
      url: '/stats/v1/nodr/month',
      headers: owner.headers,
      payload: {
        startTimestamp: NOW_SECONDS - 30 * DAY,
        endTimestamp: NOW_SECONDS,
        clientId: owner.teamId,
        licenceKey: nodes.map((node) => node.licenseKey),
      },
    });
  }

  it('indexes (node_id, ts) of stat_hour with every column the month read sums', async () => {
    const [index] = await rows<{ indexdef: string }>(
      sql`select indexdef from pg_indexes where tablename = 'stat_hour' and indexname = 'stat_hour_read_idx'`,
    );
    expect(index?.indexdef).toMatch(
      /\(node_id, ts\) INCLUDE \(uplink, delivered, input, viewers_sum, quality_sum, samples\)$/,
    );
  });

  it('the retention run vacuums stat_hour, so its pages are all-visible and the answer is unchanged', async () => {
    const visibility = () =>
      rows<{ pages: number; visible: number }>(
        // The partitions' pages: the partitioned table itself has none.
        sql`select sum(relpages)::integer as pages, sum(relallvisible)::integer as visible from pg_class
          where oid in (select inhrelid from pg_inherits where inhparent = 'stat_hour'::regclass)`,
      );
    const answer = await month();
    expect(answer.statusCode, answer.body).toBe(200);
    expect((await visibility())[0]?.visible).toBe(0);

    const none = { partitions: [], defaultRows: 0 };
    expect(await deleteExpiredStats(server.app.deps)).toEqual({
      stat_minute: none,
      stat_20m: none,
      stat_hour: none,
    });

    const [after] = await visibility();
    expect(after!.pages).toBeGreaterThan(0);
    expect(after!.visible).toBe(after!.pages);
    expect((await month()).body).toBe(answer.body);
  });

  it('a node reporting after the vacuum is still counted in full', async () => {
    const before = (await month()).json<{ total_result: { nodrUpLink: number } }>().total_result.nodrUpLink;
    // A new minute inside the window (the one before the second node's first): a row written after the vacuum, which
    // an index-only read must still see.
    const late = minutes(NOW_SECONDS - 2 * DAY - 60, 1, 3);
    expect(await ingest(nodes[1]!, late)).toBe(1);
    const after = (await month()).json<{ total_result: { nodrUpLink: number } }>().total_result.nodrUpLink;
    expect(after - before).toBe(late[0]!.uplink);
  });
});
