import { asc, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stat20m, statHour, statMinute } from '../../server/db/schema.ts';
import { buildClosedRollups, ROLLUP_DELAY_SECONDS } from '../../server/statistics/retention.ts';
import type { MinutePoint } from '../../server/statistics/stats.repository.ts';
import {
  createSignedInUser,
  type SignedInUser,
  startTestServer,
  type TestServer,
} from '../helpers/server.ts';
import { aggregate, buildRollups, createActiveNode, NOW_SECONDS } from '../helpers/telemetry.ts';

// Three days of minutes before "now": enough for 20-minute and hourly buckets across day boundaries.
const SPAN_MINUTES = 3 * 1440;

const pointArb = fc.record({
  minute: fc.integer({ min: 0, max: SPAN_MINUTES - 1 }),
  uplink: fc.integer({ min: 0, max: 10_000_000_000 }),
  delivered: fc.integer({ min: 0, max: 10_000_000_000 }),
  input: fc.integer({ min: 0, max: 10_000_000_000 }),
  viewers: fc.integer({ min: 0, max: 100_000 }),
  // + 0 turns a -0 into 0, which JSON would do anyway.
  quality: fc.double({ min: 0, max: 100, noNaN: true }).map((quality) => quality + 0),
});

/**
 * A node's reports: random points, sent in random batches, where later batches repeat earlier minutes (as a node
 * retrying, or reporting late) with values that must not count again.
 */
const reportsArb = fc
  .array(fc.array(pointArb, { minLength: 1, maxLength: 120 }), { minLength: 1, maxLength: 8 })
  .chain((batches) =>
    fc
      .array(
        fc.tuple(
          fc.nat({ max: batches.length - 1 }),
          fc.nat({ max: 1000 }),
          fc.nat({ max: batches.length - 1 }),
        ),
        {
          maxLength: 20,
        },
      )
      .map((repeats) => {
        // Copies point j of batch i (with new values) into batch k: a repeated minute.
        const copies = batches.map((batch) => [...batch]);
        for (const [from, index, to] of repeats) {
          const source = batches[from]!;
          const point = source[index % source.length]!;
          copies[to]!.push({ ...point, uplink: point.uplink + 1, viewers: point.viewers + 1 });
        }
        return copies;
      }),
  );

/**
 * Before each batch, maybe a run of the rollup job at a minute of the span (or after it): the buckets closed by then
 * are built from the minutes, and later reports of their minutes are added to them on ingest.
 */
const jobsArb = fc.array(fc.option(fc.nat({ max: SPAN_MINUTES + 120 })), { minLength: 8, maxLength: 8 });

type PointInput = typeof pointArb extends fc.Arbitrary<infer T> ? T : never;

const toPoint = (point: PointInput): MinutePoint => ({
  ts: NOW_SECONDS - SPAN_MINUTES * 60 + point.minute * 60,
  uplink: point.uplink,
  delivered: point.delivered,
  input: point.input,
  viewers: point.viewers,
  quality: point.quality,
});

describe('rollups equal aggregating the stored minutes (property)', () => {
  let server: TestServer;
  let owner: SignedInUser;

  beforeAll(async () => {
    server = await startTestServer();
    server.clock.set(new Date(NOW_SECONDS * 1000));
    owner = await createSignedInUser(server);
  });
  afterAll(() => server.close());

  it('stat_minute keeps the first report of each minute; stat_20m and stat_hour sum exactly those', async () => {
    await fc.assert(
      fc.asyncProperty(reportsArb, jobsArb, async (batches, jobs) => {
        const node = await createActiveNode(server, owner.teamId);
        // Each run starts with no bucket of the span built (the job rebuilds the other nodes' buckets the same).
        await server.db.execute(sql`update stat_rollup_mark set until = 0`);
        // The oracle: the first report of each minute, in sending order, wins.
        const expected = new Map<number, MinutePoint>();
        let accepted = 0;
        let duplicates = 0;
        for (const [index, batch] of batches.entries()) {
          const job = jobs[index];
          if (job !== null && job !== undefined) {
            const at = NOW_SECONDS - SPAN_MINUTES * 60 + job * 60 + ROLLUP_DELAY_SECONDS;
            await buildClosedRollups({ db: server.db, clock: { now: () => new Date(at * 1000) } });
          }
          const points = batch.map(toPoint);
          for (const point of points) if (!expected.has(point.ts)) expected.set(point.ts, point);
          const response = await node.post({ points });
          expect(response.statusCode, response.body).toBe(200);
          const answer = response.json<{ accepted: number; duplicates: number; skipped: number }>();
          expect(answer.skipped).toBe(0);
          accepted += answer.accepted;
          duplicates += answer.duplicates;
        }
        const sent = batches.reduce((total, batch) => total + batch.length, 0);
        expect(accepted).toBe(expected.size);
        expect(duplicates).toBe(sent - expected.size);
        await buildRollups(server);

        const stored = await server.db
          .select()
          .from(statMinute)
          .where(eq(statMinute.nodeId, node.node.id))
          .orderBy(asc(statMinute.ts));
        const truth = [...expected.values()].sort((a, b) => a.ts - b.ts);
        expect(stored.map(({ nodeId: _, ...point }) => point)).toEqual(truth);

        for (const [table, width] of [
          [stat20m, 1200],
          [statHour, 3600],
        ] as const) {
          const rows = await server.db
            .select()
            .from(table)
            .where(eq(table.nodeId, node.node.id))
            .orderBy(asc(table.ts));
          const buckets = aggregate(truth, width);
          expect(rows.map((row) => row.ts)).toEqual([...buckets.keys()].sort((a, b) => a - b));
          for (const row of rows) {
            const bucket = buckets.get(row.ts)!;
            expect(row).toMatchObject({
              uplink: bucket.uplink,
              delivered: bucket.delivered,
              input: bucket.input,
              viewersSum: bucket.viewersSum,
              samples: bucket.samples,
            });
            expect(row.qualitySum).toBeCloseTo(bucket.qualitySum, 6);
          }
        }
      }),
      { numRuns: 25 },
    );
  });

  it('a week and a month answer the same while their buckets are open, once the job built them, and after late minutes', async () => {
    // The answer cache off: every read below is a query.
    const uncached = await startTestServer({ statsCacheMb: 0 });
    try {
      uncached.clock.set(new Date(NOW_SECONDS * 1000));
      const user = await createSignedInUser(uncached);
      const nodes = [
        await createActiveNode(uncached, user.teamId),
        await createActiveNode(uncached, user.teamId),
      ];
      const points = (seed: number) =>
        Array.from({ length: 300 }, (_, i) => ({
          ts: NOW_SECONDS - 5 * 3600 + i * 60,
          uplink: 1_000 * seed + i,
          delivered: 3_000 * seed + (i % 11),
          input: 500 + (i % 5),
          viewers: 10 * seed + (i % 7),
          quality: 50 + ((i * seed) % 50),
        }));
      const all = [points(1), points(2)];
      // Every other minute now; the rest after the job ran: late reports of built buckets.
      for (const [index, node] of nodes.entries())
        expect((await node.post({ points: all[index]!.filter((_, i) => i % 2 === 0) })).statusCode).toBe(200);
      const read = async () => {
        const answers: string[] = [];
        for (const period of ['week', 'month']) {
          const response = await uncached.app.inject({
            method: 'POST',
            url: `/stats/v1/nodr/${period}`,
            headers: user.headers,
            payload: {
              startTimestamp: NOW_SECONDS - 6 * 3600,
              endTimestamp: NOW_SECONDS,
              clientId: user.teamId,
              licenceKey: nodes.map((node) => node.licenseKey),
            },
          });
          expect(response.statusCode, response.body).toBe(200);
          answers.push(response.body);
        }
        return answers;
      };
      const open = await read();
      await buildRollups(uncached);
      expect(await read()).toEqual(open);

      for (const [index, node] of nodes.entries())
        expect((await node.post({ points: all[index]!.filter((_, i) => i % 2 === 1) })).statusCode).toBe(200);
      const late = await read();
      // The rollups forgotten: every bucket read from its minutes, the same numbers as the rollups with the late
      // minutes added to them.
      await uncached.db.execute(sql`delete from stat_20m`);
      await uncached.db.execute(sql`delete from stat_hour`);
      await uncached.db.execute(sql`update stat_rollup_mark set until = 0`);
      expect(await read()).toEqual(late);
      expect(late).not.toEqual(open);
    } finally {
      await uncached.close();
    }
  });
});
