import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { float8Text } from '../../server/statistics/float8-text.ts';
import {
  createSignedInUser,
  type SignedInUser,
  startTestServer,
  type TestServer,
} from '../helpers/server.ts';
import { databaseBuiltMonth } from '../helpers/stats-json-reference.ts';
import { createActiveNode, NOW_SECONDS, type TestNode } from '../helpers/telemetry.ts';

const DAY = 86_400;
const HOUR = 3600;
const START = NOW_SECONDS - 30 * DAY;
const FIRST_HOUR = Math.ceil(START / HOUR) * HOUR;

/** Byte sums up to 2^61 (three nodes' sum still fits int8), with zeros and small values common. */
const bytes = fc.oneof(
  fc.constant(0n),
  fc.bigInt({ min: 0n, max: 10n ** 9n }),
  fc.bigInt({ min: 0n, max: 2n ** 61n }),
);

/**
 * An hourly rollup row as ingest could leave it, and a few no ingest could (huge quality sums, 1 byte of input).
 * Quality sums are 0 or at least 0.001: dividing a subnormal double underflows, which PostgreSQL refuses.
 */
const rollupRow = fc.record({
  node: fc.integer({ min: 0, max: 2 }),
  hour: fc.integer({ min: 0, max: 718 }),
  uplink: bytes,
  delivered: bytes,
  input: fc.oneof(bytes, fc.constant(1n)),
  viewersSum: fc.oneof(fc.bigInt({ min: 0n, max: 12_000n }), fc.bigInt({ min: 0n, max: 10n ** 12n })),
  qualitySum: fc.oneof(
    fc.double({ min: 0.001, max: 6000, noNaN: true }),
    fc.integer({ min: 0, max: 6000 }),
    fc.double({ min: 1, max: 1e20, noNaN: true }),
  ),
  samples: fc.integer({ min: 1, max: 60 }),
});

describe('the month answer written from the database integers', () => {
  let server: TestServer;
  let owner: SignedInUser;
  let nodes: TestNode[];

  beforeAll(async () => {
    // Cache off: every answer is read from the rows of that run.
    server = await startTestServer({ statsCacheMb: 0 });
    server.clock.set(new Date(NOW_SECONDS * 1000));
    owner = await createSignedInUser(server);
    nodes = [];
    for (let i = 0; i < 3; i++) nodes.push(await createActiveNode(server, owner.teamId));
  });
  afterAll(() => server.close());

  async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
    return ((await server.db.execute(query)) as unknown as { rows: T[] }).rows;
  }

  it('float8Text writes every double as PostgreSQL writes a float8', async () => {
    const edges = [
      1e15, -1e15, 999_999_999_999_999.9, 1e-4, -1e-4, 9.99e-5, 1e21, 1e-7, 5e-324, 1.5e300, 0.0123,
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            fc.double({ noNaN: true, noDefaultInfinity: true }),
            fc.constantFrom(...edges),
            // Integers from 2^53 on, where doubles are 2 or more apart (the halfway rule of float8-text.ts).
            fc.bigInt({ min: 2n ** 53n, max: 2n ** 80n }).map(Number),
            // What the answer divides: an integer-valued scaled quality or ratio, over its scale.
            fc.bigInt({ min: 0n, max: 2n ** 80n }).map((scaled) => Number(scaled) / 10_000),
          ),
          { minLength: 1, maxLength: 100 },
        ),
        async (values) => {
          // String() reads back as the same double, so PostgreSQL parses exactly the value JavaScript holds.
          const texts = `{${values.map(String).join(',')}}`;
          const written = await rows<{ text: string }>(
            sql`select v::float8::text as text from unnest(${texts}::text[]) with ordinality as t(v, i) order by i`,
          );
          expect(written.map((row) => row.text)).toEqual(values.map(float8Text));
        },
      ),
      { numRuns: 25 },
    );
  });

  it('answers, for random hourly sums, exactly the JSON the database used to build', async () => {
    const ids = nodes.map((node) => node.node.id);
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(rollupRow, { maxLength: 30, selector: (row) => `${row.node}|${row.hour}` }),
        async (drawn) => {
          await server.db.execute(
            sql`delete from stat_hour where node_id = any(${`{${ids.join(',')}}`}::integer[])`,
          );
          if (drawn.length > 0) {
            const batch = JSON.stringify(
              drawn.map((row) => ({
                node_id: ids[row.node],
                ts: FIRST_HOUR + row.hour * HOUR,
                uplink: String(row.uplink),
                delivered: String(row.delivered),
                input: String(row.input),
                viewers_sum: String(row.viewersSum),
                quality_sum: row.qualitySum,
                samples: row.samples,
              })),
            );
            await server.db.execute(sql`
              insert into stat_hour (node_id, ts, uplink, delivered, input, viewers_sum, quality_sum, samples)
              select * from jsonb_to_recordset(${batch}::jsonb) as r(node_id integer, ts bigint, uplink bigint,
                delivered bigint, input bigint, viewers_sum bigint, quality_sum double precision, samples integer)`);
          }
          const answer = await server.app.inject({
            method: 'POST',
            url: '/stats/v1/nodr/month',
            headers: owner.headers,
            payload: {
              startTimestamp: START,
              endTimestamp: NOW_SECONDS,
              clientId: owner.teamId,
              licenceKey: nodes.map((node) => node.licenseKey),
            },
          });
          expect(answer.statusCode, answer.body).toBe(200);
          const [reference] = await rows<{ result: string; total: string }>(
            databaseBuiltMonth(ids, FIRST_HOUR, NOW_SECONDS),
          );
          const expected = `{"result":${reference!.result},"total_result":{"dt":${START},${reference!.total}},"text":`;
          expect(answer.body.slice(0, expected.length)).toBe(expected);
        },
      ),
      { numRuns: 30 },
    );
  });
});
