import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareAhead } from '../../server/statistics/partitions.ts';
import {
  createSignedInUser,
  type SignedInUser,
  startTestServer,
  type TestServer,
} from '../helpers/server.ts';
import {
  buildRollups,
  createActiveNode,
  ingest,
  minutes,
  NOW_SECONDS,
  type TestNode,
} from '../helpers/telemetry.ts';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe('statistics time partitions', () => {
  let server: TestServer;
  let user: SignedInUser;
  let node: TestNode;

  beforeAll(async () => {
    server = await startTestServer();
    user = await createSignedInUser(server);
    node = await createActiveNode(server, user.teamId);
  });
  afterAll(() => server.close());

  async function rowsIn(table: string): Promise<number> {
    const result = await server.db.execute(sql.raw(`select count(*)::integer as n from ${table}`));
    return rowsOf<{ n: number }>(result)[0]!.n;
  }

  const day = async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/stats/v1/nodr/day',
      headers: user.headers,
      payload: {
        startTimestamp: NOW_SECONDS - 3600,
        endTimestamp: NOW_SECONDS + 3600,
        clientId: user.teamId,
        licenceKey: [node.licenseKey],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  it('takes telemetry across midnight and a month end before any partition exists, then moves it into them', async () => {
    // 2026-02-28 23:30 to 2026-03-01 00:04 UTC: two days, two months, and no partition made for either yet.
    server.clock.set(new Date((NOW_SECONDS + 240) * 1000));
    expect(await ingest(node, minutes(NOW_SECONDS - 1800, 35))).toBe(35);
    await buildRollups(server);
    expect(await rowsIn('stat_minute_default')).toBe(35);
    const before = await day();

    // The partition job (its first run may come while this test runs) at 23:30: today, two days ahead, two months.
    await prepareAhead(server.db, NOW_SECONDS - 1800);
    for (const name of [
      'stat_minute_p20260228',
      'stat_minute_p20260301',
      'stat_minute_p20260302',
      'stat_20m_p202602',
      'stat_20m_p202603',
      'stat_hour_p202602',
      'stat_hour_p202603',
      'stat_hour_p202604',
    ]) {
      expect(await rowsIn(name), name).toBeGreaterThanOrEqual(0);
    }
    expect(await rowsIn('stat_minute_default')).toBe(0);
    expect(await rowsIn('stat_minute_p20260228')).toBe(30);
    expect(await rowsIn('stat_minute_p20260301')).toBe(5);
    expect([await rowsIn('stat_hour_p202602'), await rowsIn('stat_hour_p202603')]).toEqual([1, 1]);
    expect(await day()).toEqual(before);
    // A second run makes nothing more: the job may run on every replica and after every start.
    expect(await prepareAhead(server.db, NOW_SECONDS - 1800)).toEqual([]);

    // Ingest after midnight lands in the day's own partition.
    server.clock.set(new Date((NOW_SECONDS + 600) * 1000));
    expect(await ingest(node, minutes(NOW_SECONDS + 300, 5))).toBe(5);
    expect([await rowsIn('stat_minute_p20260301'), await rowsIn('stat_minute_default')]).toEqual([10, 0]);
  });

  it("reads a month from that month's partitions only", async () => {
    const plan = await server.db.execute(sql`
      explain (costs off) select ts, sum(uplink) from stat_hour
      where node_id = any(${`{${node.node.id}}`}::integer[]) and ts >= ${NOW_SECONDS} and ts < ${NOW_SECONDS + 31 * 86_400}
      group by ts`);
    const text = rowsOf<{ 'QUERY PLAN': string }>(plan)
      .map((row) => row['QUERY PLAN'])
      .join('\n');
    expect(text).toContain('stat_hour_p202603');
    expect(text).not.toMatch(/stat_hour_p202602|stat_hour_p202604|stat_hour_default/);
  });
});
