import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STAT_METRICS } from '../../contracts/stats-metrics.ts';

const DAY = 86_400;
const HOUR = 3600;

type Metrics = typeof STAT_METRICS;

/** What a person reads off the statistics call: each period's JSON points and CSV rows (by column name). */
interface Readings {
  json: Record<string, unknown>;
  csv: Record<string, string>[];
}

/**
 * Starts the whole server on a fresh module graph whose metric list is `metrics`, ingests the same minutes as every
 * other run, and reads the day (minute buckets) and the month (hourly rollups) as JSON and as CSV.
 */
async function readWith(metrics: Metrics): Promise<Readings> {
  vi.resetModules();
  vi.doMock('../../contracts/stats-metrics.ts', async (importOriginal) => ({
    ...(await importOriginal<object>()),
    STAT_METRICS: metrics,
  }));
  const { createSignedInUser, startTestServer } = await import('../helpers/server.ts');
  const { createActiveNode, ingest, minutes, NOW_SECONDS } = await import('../helpers/telemetry.ts');
  const server = await startTestServer({ statsCacheMb: 0 });
  try {
    server.clock.set(new Date(NOW_SECONDS * 1000));
    const owner = await createSignedInUser(server);
    const nodes = [
      await createActiveNode(server, owner.teamId),
      await createActiveNode(server, owner.teamId),
    ];
    await ingest(nodes[0]!, minutes(NOW_SECONDS - 3 * HOUR, 180, 1));
    await ingest(nodes[1]!, minutes(NOW_SECONDS - 2 * HOUR, 100, 3));
    const json: Record<string, unknown> = {};
    const csv: Record<string, string>[] = [];
    for (const [period, span] of [
      ['day', DAY],
      ['month', 30 * DAY],
    ] as const) {
      const payload = {
        startTimestamp: NOW_SECONDS - span,
        endTimestamp: NOW_SECONDS,
        clientId: owner.teamId,
        licenceKey: nodes.map((node) => node.licenseKey),
      };
      const url = `/stats/v1/nodr/${period}`;
      const answer = await server.app.inject({ method: 'POST', url, headers: owner.headers, payload });
      expect(answer.statusCode, answer.body).toBe(200);
      const { result, total_result } = answer.json<{ result: unknown; total_result: unknown }>();
      json[period] = { result, total_result };
      const file = await server.app.inject({
        method: 'POST',
        url: `${url}?format=csv`,
        headers: owner.headers,
        payload,
      });
      expect(file.statusCode, file.body).toBe(200);
      csv.push(...(parse(file.body, { columns: true }) as Record<string, string>[]));
    }
    return { json, csv };
  } finally {
    await server.close();
    vi.doUnmock('../../contracts/stats-metrics.ts');
  }
}

describe('the statistics metrics come from one list (contracts/stats-metrics.ts)', () => {
  afterEach(() => vi.resetModules());

  it('answers the same numbers, in JSON and CSV, whatever the order of the metric list', async () => {
    const reference = await readWith(STAT_METRICS);
    // The reference holds data: a select list and a parser out of step would change these numbers.
    expect(reference.csv.length).toBeGreaterThan(180);
    expect(Object.keys((reference.json.day as { result: object }).result)).toHaveLength(180);
    const reorderings = fc.sample(
      fc.shuffledSubarray([...STAT_METRICS], { minLength: STAT_METRICS.length }),
      { numRuns: 1, seed: 7 },
    );
    for (const reordered of [[...STAT_METRICS].reverse(), ...reorderings]) {
      const readings = await readWith(reordered as unknown as Metrics);
      expect(readings.json, reordered.map((metric) => metric.name).join()).toEqual(reference.json);
      expect(readings.csv).toEqual(reference.csv);
    }
  }, 120_000);
});
