import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { stat20m, statHour, statMinute } from '../../server/db/schema.ts';
import { preparePartitions } from '../../server/statistics/partitions.ts';
import {
  deleteExpiredStats,
  RETENTION_FIRST_RUN_MS,
  RETENTION_INTERVAL_MS,
  startRetentionJob,
} from '../../server/statistics/retention.ts';
import { createSignedInUser, startTestServer, type TestServer } from '../helpers/server.ts';
import {
  buildRollups,
  createActiveNode,
  ingest,
  minutes,
  NOW_SECONDS,
  type TestNode,
} from '../helpers/telemetry.ts';

const DAY = 86_400;
const NONE = { partitions: [], defaultRows: 0 };

describe('statistics retention', () => {
  let server: TestServer;
  let node: TestNode;
  let other: TestNode;

  beforeAll(async () => {
    server = await startTestServer();
    server.clock.set(new Date(NOW_SECONDS * 1000));
    const owner = await createSignedInUser(server);
    node = await createActiveNode(server, owner.teamId);
    other = await createActiveNode(server, owner.teamId);
    // Two days ago (one day of minutes) and the last hour.
    await ingest(node, [...minutes(NOW_SECONDS - 2 * DAY, 1440), ...minutes(NOW_SECONDS - 3600, 60)]);
    await ingest(other, minutes(NOW_SECONDS - 2 * DAY, 60));
    await buildRollups(server);
    // The partition job's work for those days: the rows move from the default partition into theirs.
    await preparePartitions(server.db, NOW_SECONDS - 2 * DAY, NOW_SECONDS - 1);
  });
  afterAll(() => server.close());

  async function counts(of: TestNode = node) {
    const count = async (table: typeof statMinute | typeof stat20m | typeof statHour) =>
      (await server.db.select({ ts: table.ts }).from(table).where(eq(table.nodeId, of.node.id))).length;
    return { minute: await count(statMinute), twenty: await count(stat20m), hour: await count(statHour) };
  }

  const runAt = (seconds: number) => {
    server.clock.set(new Date(seconds * 1000));
    return deleteExpiredStats(server.app.deps);
  };

  it('keeps everything inside every retention', async () => {
    expect(await runAt(NOW_SECONDS)).toEqual({ stat_minute: NONE, stat_20m: NONE, stat_hour: NONE });
    expect(await counts()).toEqual({ minute: 1500, twenty: 75, hour: 25 });
  });

  it('drops a day of minutes as one partition once the whole day is past 35 days, and keeps the rollups', async () => {
    // 35 days after the day's first minute plus 10 minutes: the rest of the day is still inside retention.
    expect(await runAt(NOW_SECONDS - 2 * DAY + 35 * DAY + 600)).toEqual({
      stat_minute: NONE,
      stat_20m: NONE,
      stat_hour: NONE,
    });
    expect(await counts()).toEqual({ minute: 1500, twenty: 75, hour: 25 });
    const dropped = await runAt(NOW_SECONDS - DAY + 35 * DAY);
    expect(dropped).toEqual({
      stat_minute: { partitions: ['stat_minute_p20260227'], defaultRows: 0 },
      stat_20m: NONE,
      stat_hour: NONE,
    });
    expect(await counts()).toEqual({ minute: 60, twenty: 75, hour: 25 });
    expect(await counts(other)).toEqual({ minute: 0, twenty: 3, hour: 1 });
  });

  it('drops a month of 20-minute buckets once the month is past 400 days, and of hours past 3 years', async () => {
    await runAt(NOW_SECONDS + 36 * DAY);
    expect(await counts()).toEqual({ minute: 0, twenty: 75, hour: 25 });
    // The month ends at NOW_SECONDS: one second short of 400 days after it, February is kept whole.
    await runAt(NOW_SECONDS + 400 * DAY - 1);
    expect(await counts()).toEqual({ minute: 0, twenty: 75, hour: 25 });
    expect((await runAt(NOW_SECONDS + 400 * DAY)).stat_20m).toEqual({
      partitions: ['stat_20m_p202602'],
      defaultRows: 0,
    });
    expect(await counts()).toEqual({ minute: 0, twenty: 0, hour: 25 });
    await runAt(NOW_SECONDS + 3 * 365 * DAY);
    expect(await counts()).toEqual({ minute: 0, twenty: 0, hour: 0 });
    expect(await counts(other)).toEqual({ minute: 0, twenty: 0, hour: 0 });
  });

  it('follows the configured retention', async () => {
    const short = await startTestServer({ retention: { minuteDays: 1, twentyMinuteDays: 2, hourDays: 3 } });
    try {
      short.clock.set(new Date(NOW_SECONDS * 1000));
      const owner = await createSignedInUser(short);
      const shortNode = await createActiveNode(short, owner.teamId);
      // Minutes older than a day are skipped at ingest already; the last day is stored.
      const response = await shortNode.post({
        points: minutes(NOW_SECONDS - 2 * DAY, 1430).concat(minutes(NOW_SECONDS - 600, 10)),
      });
      expect(response.json()).toEqual({ accepted: 10, duplicates: 0, skipped: 1430 });
      short.clock.set(new Date((NOW_SECONDS + DAY) * 1000));
      // No partition was made for these rows (the job did not run): the default partition's expire row by row.
      const expired = { partitions: [], defaultRows: 1 };
      expect(await deleteExpiredStats(short.app.deps)).toEqual({
        stat_minute: { partitions: [], defaultRows: 10 },
        stat_20m: NONE,
        stat_hour: NONE,
      });
      short.clock.set(new Date((NOW_SECONDS + 3 * DAY) * 1000));
      expect(await deleteExpiredStats(short.app.deps)).toEqual({
        stat_minute: NONE,
        stat_20m: expired,
        stat_hour: expired,
      });
    } finally {
      await short.close();
    }
  });

  it('runs on its interval once started, and stops', async () => {
    const fresh = await createActiveNode(server, (await createSignedInUser(server)).teamId);
    server.clock.set(new Date(NOW_SECONDS * 1000));
    await ingest(fresh, minutes(NOW_SECONDS - 3600, 60));
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval'] });
    try {
      const job = startRetentionJob(server.app.deps, server.app.log);
      server.clock.set(new Date((NOW_SECONDS + 35 * DAY - 1800) * 1000));
      await vi.advanceTimersByTimeAsync(RETENTION_FIRST_RUN_MS);
      await job.stop();
      expect((await counts(fresh)).minute).toBe(30);
      server.clock.set(new Date((NOW_SECONDS + 36 * DAY) * 1000));
      await vi.advanceTimersByTimeAsync(RETENTION_INTERVAL_MS);
      await job.stop();
      // Stopped: the next interval deleted nothing more.
      expect((await counts(fresh)).minute).toBe(30);
    } finally {
      vi.useRealTimers();
    }
  });

  it('drops cached statistics answers when it deletes rows', async () => {
    server.clock.set(new Date(NOW_SECONDS * 1000));
    const viewer = await createSignedInUser(server);
    const fresh = await createActiveNode(server, viewer.teamId);
    await ingest(fresh, minutes(NOW_SECONDS - 3600, 60));
    const day = async () => {
      const response = await server.app.inject({
        method: 'POST',
        url: '/stats/v1/nodr/day',
        headers: viewer.headers,
        payload: {
          startTimestamp: NOW_SECONDS - 3600,
          endTimestamp: NOW_SECONDS,
          clientId: viewer.teamId,
          licenceKey: [fresh.licenseKey],
        },
      });
      expect(response.statusCode, response.body).toBe(200);
      return Object.keys(response.json().result).length;
    };
    expect(await day()).toBe(60);
    await runAt(NOW_SECONDS + 35 * DAY - 1800);
    server.clock.set(new Date(NOW_SECONDS * 1000));
    expect(await day()).toBe(30);
  });
});
