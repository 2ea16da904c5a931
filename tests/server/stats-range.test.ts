import { parse } from 'csv-parse/sync';
import { create } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATS_CSV_COLUMNS } from '../../contracts/stats-csv.ts';
import { buildClosedRollups } from '../../server/statistics/retention.ts';
import { StatsResponseStruct } from '../../src/api/stats.ts';
import {
  createSignedInUser,
  type SignedInUser,
  startTestServer,
  type TestServer,
} from '../helpers/server.ts';
import {
  aggregate,
  createActiveNode,
  ingest,
  minutes,
  NOW_SECONDS,
  type TestNode,
} from '../helpers/telemetry.ts';

const DAY = 86_400;
const iso = (seconds: number) => new Date(seconds * 1000).toISOString().replace('.000Z', 'Z');

describe('statistics service: POST /stats/v1/nodr/range, a custom range', () => {
  let server: TestServer;
  let owner: SignedInUser;
  let stranger: SignedInUser;
  let node: TestNode;
  let foreign: TestNode;

  beforeAll(async () => {
    // Short retentions, so a window can lie beyond the minutes' and the rollups' without months of data.
    server = await startTestServer({ retention: { minuteDays: 2, twentyMinuteDays: 10, hourDays: 30 } });
    server.clock.set(new Date(NOW_SECONDS * 1000));
    owner = await createSignedInUser(server, { teamName: 'Range Team' });
    stranger = await createSignedInUser(server);
    node = await createActiveNode(server, owner.teamId);
    foreign = await createActiveNode(server, stranger.teamId);
    await ingest(node, minutes(NOW_SECONDS - 2 * DAY, 2 * 1440, 1));
  });
  afterAll(() => server.close());

  const range = (from: number | string, to: number | string, keys = [node.licenseKey]) => ({
    from: typeof from === 'number' ? iso(from) : from,
    to: typeof to === 'number' ? iso(to) : to,
    clientId: owner.teamId,
    licenceKey: keys,
  });

  function post(url: string, body: unknown, user: SignedInUser | null = owner) {
    return server.app.inject({
      method: 'POST',
      url,
      headers: user ? user.headers : {},
      payload: body as object,
    });
  }

  async function answerOf(url: string, body: unknown) {
    const response = await post(url, body);
    expect(response.statusCode, response.body).toBe(200);
    return create(response.json(), StatsResponseStruct);
  }

  /** The range's answer equals the period call's answer for the same window. */
  async function expectSameAs(period: string, start: number, end: number, interval: number) {
    const byRange = await answerOf('/stats/v1/nodr/range', range(start, end));
    const byPeriod = await answerOf(`/stats/v1/nodr/${period}`, {
      startTimestamp: start,
      endTimestamp: end,
      clientId: owner.teamId,
      licenceKey: [node.licenseKey],
    });
    expect(JSON.parse(byRange.text).interval).toBe(interval);
    expect(Object.keys(byRange.result).length).toBeGreaterThan(0);
    expect(byRange).toEqual(byPeriod);
  }

  it('up to 2 days: 1-minute buckets, as the day call answers', async () => {
    await expectSameAs('day', NOW_SECONDS - DAY, NOW_SECONDS, 60);
    const twoDays = await answerOf('/stats/v1/nodr/range', range(NOW_SECONDS - 2 * DAY, NOW_SECONDS));
    expect(JSON.parse(twoDays.text)).toMatchObject({ interval: 60, points: 2 * 1440 });
  });

  it('up to 14 days: 20-minute buckets, as the week call answers', async () => {
    await expectSameAs('week', NOW_SECONDS - 3 * DAY, NOW_SECONDS, 1200);
  });

  it('beyond 14 days: hourly buckets, as the month call answers', async () => {
    await expectSameAs('month', NOW_SECONDS - 20 * DAY, NOW_SECONDS, 3600);
  });

  it('a short window older than the minutes kept is read from the 20-minute rollup', async () => {
    const answer = await answerOf('/stats/v1/nodr/range', range(NOW_SECONDS - 3 * DAY, NOW_SECONDS - DAY));
    expect(JSON.parse(answer.text)).toMatchObject({ interval: 1200, points: 72 });
    expect(answer.total_result.dt).toBe(NOW_SECONDS - 3 * DAY);
  });

  it('past 125 days: four-hour buckets from the hourly rollup, each the sum of its hours, up to 400 days', async () => {
    const longServer = await startTestServer();
    try {
      longServer.clock.set(new Date(NOW_SECONDS * 1000));
      const user = await createSignedInUser(longServer);
      const a = await createActiveNode(longServer, user.teamId);
      const b = await createActiveNode(longServer, user.teamId);
      const aMinutes = minutes(NOW_SECONDS - 2 * DAY, 2 * 1440, 1);
      const bMinutes = minutes(NOW_SECONDS - DAY + 1800, 1440 - 30, 2);
      await ingest(a, aMinutes);
      await ingest(b, bMinutes);
      // Half the hours built into the rollup, the rest still read from their minutes: both must add up the same.
      await buildClosedRollups({
        db: longServer.db,
        clock: { now: () => new Date((NOW_SECONDS - DAY) * 1000) },
      });
      const ask = async (days: number) => {
        const response = await longServer.app.inject({
          method: 'POST',
          url: '/stats/v1/nodr/range',
          headers: user.headers,
          payload: {
            from: iso(NOW_SECONDS - days * DAY),
            to: iso(NOW_SECONDS),
            clientId: user.teamId,
            licenceKey: [a.licenseKey, b.licenseKey],
          },
        });
        expect(response.statusCode, response.body).toBe(200);
        return create(response.json(), StatsResponseStruct);
      };
      expect(JSON.parse((await ask(125)).text)).toMatchObject({ interval: 3600, points: 48 });
      const perNode = await longServer.app.inject({
        method: 'POST',
        url: '/stats/v1/nodr/range',
        headers: user.headers,
        payload: {
          from: iso(NOW_SECONDS - 200 * DAY),
          to: iso(NOW_SECONDS),
          clientId: user.teamId,
          licenceKey: [a.licenseKey, b.licenseKey],
          perNode: true,
        },
      });
      const [aAnswer] = perNode.json<{ perNode: { result: Record<string, { nodrUpLink: number }> }[] }>()
        .perNode;
      for (const [ts, bucket] of aggregate(aMinutes, 14_400)) {
        expect(aAnswer!.result[String(ts)]?.nodrUpLink, `node a, ${ts}`).toBe(bucket.uplink);
      }
      expect(Object.keys(aAnswer!.result)).toHaveLength(12);
      for (const days of [126, 400]) {
        const answer = await ask(days);
        expect(JSON.parse(answer.text), `${days} days`).toMatchObject({ interval: 14_400, points: 12 });
        const aBuckets = aggregate(aMinutes, 14_400);
        const bBuckets = aggregate(bMinutes, 14_400);
        for (const [ts, own] of aBuckets) {
          const other = bBuckets.get(ts);
          const both = [own, ...(other ? [other] : [])];
          const sum = (field: 'uplink' | 'delivered' | 'input' | 'qualitySum' | 'samples') =>
            both.reduce((total, bucket) => total + bucket[field], 0);
          expect(answer.result[String(ts)], `${days} days, ${ts}`).toEqual({
            dt: ts,
            nodrUpLink: sum('uplink'),
            deliveredToViewers: sum('delivered'),
            inputFromCdn: sum('input'),
            // Each node's average over the four hours' minutes, added over the nodes.
            totalViewers: Math.round(
              both.reduce((total, bucket) => total + bucket.viewersSum / bucket.samples, 0),
            ),
            qualityIndex: Math.round((sum('qualitySum') / sum('samples')) * 100) / 100,
            deliverToInputRatio: Math.round((sum('delivered') / sum('input')) * 10_000) / 10_000,
          });
        }
        const everything = [...aMinutes, ...bMinutes];
        expect(answer.total_result.nodrUpLink).toBe(
          everything.reduce((total, point) => total + point.uplink, 0),
        );
      }
    } finally {
      await longServer.close();
    }
  });

  it.each([
    ['reversed', () => range(NOW_SECONDS, NOW_SECONDS - DAY), 'bad_window'],
    ['empty', () => range(NOW_SECONDS, NOW_SECONDS), 'bad_window'],
    ['a day that does not exist', () => range('2026-02-30T00:00:00Z', '2026-03-01T00:00:00Z'), 'bad_window'],
    ['longer than 400 days', () => range(NOW_SECONDS - 401 * DAY, NOW_SECONDS), 'window_too_long'],
    [
      'older than every table keeps',
      () => range(NOW_SECONDS - 40 * DAY, NOW_SECONDS - 20 * DAY),
      'outside_retention',
    ],
    [
      'ending more than a day ahead',
      () => range(NOW_SECONDS + DAY, NOW_SECONDS + 3 * DAY),
      'outside_retention',
    ],
    ['ending in the year 9999', () => range(NOW_SECONDS, '9999-12-31T00:00:00Z'), 'window_too_long'],
    ['NaN', () => range('NaN', NOW_SECONDS), 'invalid_request'],
    ['a huge year', () => range('+275760-09-13T00:00:00Z', NOW_SECONDS), 'invalid_request'],
    ['a number', () => ({ ...range(0, NOW_SECONDS), from: NOW_SECONDS - DAY }), 'invalid_request'],
    ['a NUL byte', () => range(`${iso(NOW_SECONDS - DAY)}\u0000`, NOW_SECONDS), 'invalid_request'],
    ['without a time zone', () => range('2026-02-27T00:00:00', NOW_SECONDS), 'invalid_request'],
    [
      'with a period field',
      () => ({ ...range(NOW_SECONDS - DAY, NOW_SECONDS), startTimestamp: 0 }),
      'invalid_request',
    ],
  ])('refuses a range %s with a clear 400', async (_label, body, error) => {
    const response = await post('/stats/v1/nodr/range', body());
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({ error, message: expect.any(String) });
  });

  it('checks the caller and the keys as the period calls do (401, 403)', async () => {
    expect((await post('/stats/v1/nodr/range', range(NOW_SECONDS - DAY, NOW_SECONDS), null)).statusCode).toBe(
      401,
    );
    expect(
      (await post('/stats/v1/nodr/range', range(NOW_SECONDS - DAY, NOW_SECONDS), stranger)).statusCode,
    ).toBe(403);
    const foreignKey = range(NOW_SECONDS - DAY, NOW_SECONDS, [foreign.licenseKey]);
    expect((await post('/stats/v1/nodr/range', foreignKey)).statusCode).toBe(403);
  });

  it('answers the range as CSV: period "custom", rates over the range\'s bucket, named after the range', async () => {
    const response = await post('/stats/v1/nodr/range?format=csv', range(NOW_SECONDS - 3 * DAY, NOW_SECONDS));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="nodr-range-team-custom-2026-02-26T0000Z-2026-03-01T0000Z.csv"',
    );
    const [header, ...rows] = parse(response.body) as string[][];
    expect(header).toEqual(STATS_CSV_COLUMNS);
    expect(rows).toHaveLength(2 * 72);
    const json = await answerOf('/stats/v1/nodr/range', range(NOW_SECONDS - 3 * DAY, NOW_SECONDS));
    const first = rows[0]!;
    const point = json.result[String(Date.parse(first[0]!) / 1000)]!;
    expect(first[2]).toBe('custom');
    expect(Number(first[STATS_CSV_COLUMNS.indexOf('uplink_bytes')])).toBe(point.nodrUpLink);
    expect(Number(first[STATS_CSV_COLUMNS.indexOf('uplink_bit_s')])).toBe(
      Math.round((point.nodrUpLink * 8) / 1200),
    );
  });
});
