import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { create } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatPoint } from '../../contracts/stats-answer.schema.ts';
import { nodes } from '../../server/db/schema.ts';
import type { MinutePoint } from '../../server/statistics/stats.repository.ts';
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

describe('statistics service: POST /stats/v1/nodr/{day,week,month}', () => {
  let server: TestServer;
  let owner: SignedInUser;
  let stranger: SignedInUser;
  let first: TestNode;
  let second: TestNode;
  let deleted: TestNode;
  let foreign: TestNode;
  let firstMinutes: MinutePoint[];
  let secondMinutes: MinutePoint[];

  beforeAll(async () => {
    server = await startTestServer();
    server.clock.set(new Date(NOW_SECONDS * 1000));
    owner = await createSignedInUser(server);
    stranger = await createSignedInUser(server);
    first = await createActiveNode(server, owner.teamId);
    second = await createActiveNode(server, owner.teamId);
    deleted = await createActiveNode(server, owner.teamId);
    foreign = await createActiveNode(server, stranger.teamId);
    // Three days for the first node, the last day only for the second.
    firstMinutes = minutes(NOW_SECONDS - 3 * DAY, 3 * 1440, 1);
    secondMinutes = minutes(NOW_SECONDS - DAY, 1440, 2);
    await ingest(first, firstMinutes);
    await ingest(second, secondMinutes);
    await ingest(deleted, minutes(NOW_SECONDS - 3600, 60, 3));
    await ingest(foreign, minutes(NOW_SECONDS - DAY, 1440, 4));
    await server.db.update(nodes).set({ status: 50 }).where(eq(nodes.id, deleted.node.id));
  });
  afterAll(() => server.close());

  function stats(period: string, body: unknown, user: SignedInUser = owner) {
    return server.app.inject({
      method: 'POST',
      url: `/stats/v1/nodr/${period}`,
      headers: user.headers,
      payload: body as object,
    });
  }

  function window(span: number, keys: string[], end = NOW_SECONDS) {
    return { startTimestamp: end - span, endTimestamp: end, clientId: owner.teamId, licenceKey: keys };
  }

  async function statsOk(period: string, body: unknown) {
    const response = await stats(period, body);
    expect(response.statusCode, response.body).toBe(200);
    return create(response.json(), StatsResponseStruct);
  }

  function expectPoint(point: StatPoint | undefined, expected: Omit<StatPoint, 'dt'> & { dt: number }) {
    expect(point).toEqual(expected);
  }

  it('day: one 60 s bucket per minute with data, summed over the selected nodes', async () => {
    const answer = await statsOk('day', window(DAY, [first.licenseKey, second.licenseKey]));
    expect(Object.keys(answer.result)).toHaveLength(1440);
    expect(JSON.parse(answer.text)).toMatchObject({ interval: 60, points: 1440 });
    const byTs = new Map(secondMinutes.map((point) => [point.ts, point]));
    for (const a of firstMinutes.filter((point) => point.ts >= NOW_SECONDS - DAY)) {
      const b = byTs.get(a.ts)!;
      const delivered = a.delivered + b.delivered;
      const input = a.input + b.input;
      expectPoint(answer.result[String(a.ts)], {
        dt: a.ts,
        nodrUpLink: a.uplink + b.uplink,
        deliveredToViewers: delivered,
        inputFromCdn: input,
        totalViewers: a.viewers + b.viewers,
        qualityIndex: Math.round(((a.quality + b.quality) / 2) * 100) / 100,
        deliverToInputRatio: input === 0 ? 0 : Math.round((delivered / input) * 10_000) / 10_000,
      });
    }
  });

  it('day totals: byte sums, the mean of the bucket viewers, the weighted quality and the overall ratio', async () => {
    const answer = await statsOk('day', window(DAY, [first.licenseKey, second.licenseKey]));
    const inWindow = [...firstMinutes.filter((point) => point.ts >= NOW_SECONDS - DAY), ...secondMinutes];
    const sum = (pick: (point: MinutePoint) => number) =>
      inWindow.reduce((total, point) => total + pick(point), 0);
    const delivered = sum((point) => point.delivered);
    const input = sum((point) => point.input);
    expect(answer.total_result).toEqual({
      dt: NOW_SECONDS - DAY,
      nodrUpLink: sum((point) => point.uplink),
      deliveredToViewers: delivered,
      inputFromCdn: input,
      totalViewers: Math.round(sum((point) => point.viewers) / 1440),
      qualityIndex: Math.round((sum((point) => point.quality) / inWindow.length) * 100) / 100,
      deliverToInputRatio: Math.round((delivered / input) * 10_000) / 10_000,
    });
  });

  it('week: 1200 s buckets equal to aggregating the minutes', async () => {
    const answer = await statsOk('week', window(7 * DAY, [first.licenseKey]));
    const expected = aggregate(firstMinutes, 1200);
    expect(Object.keys(answer.result)).toHaveLength(3 * 72);
    expect(JSON.parse(answer.text)).toMatchObject({ interval: 1200, points: 216 });
    for (const [ts, bucket] of expected) {
      expectPoint(answer.result[String(ts)], {
        dt: ts,
        nodrUpLink: bucket.uplink,
        deliveredToViewers: bucket.delivered,
        inputFromCdn: bucket.input,
        totalViewers: Math.round(bucket.viewersSum / bucket.samples),
        qualityIndex: Math.round((bucket.qualitySum / bucket.samples) * 100) / 100,
        deliverToInputRatio: Math.round((bucket.delivered / bucket.input) * 10_000) / 10_000,
      });
    }
  });

  it('month: 3600 s buckets, one per hour with data', async () => {
    const answer = await statsOk('month', window(30 * DAY, [first.licenseKey, second.licenseKey]));
    expect(Object.keys(answer.result)).toHaveLength(3 * 24);
    expect(JSON.parse(answer.text)).toMatchObject({ interval: 3600, points: 72 });
    const hours = aggregate([...firstMinutes, ...secondMinutes], 3600);
    for (const [ts, bucket] of hours) {
      expect(answer.result[String(ts)]?.nodrUpLink).toBe(bucket.uplink);
      expect(answer.result[String(ts)]?.inputFromCdn).toBe(bucket.input);
    }
    const lastHour = answer.result[String(NOW_SECONDS - 3600)]!;
    // Two nodes, each averaging its 60 samples of the hour; the sum of the averages.
    const a = aggregate(firstMinutes, 3600).get(NOW_SECONDS - 3600)!;
    const b = aggregate(secondMinutes, 3600).get(NOW_SECONDS - 3600)!;
    expect(lastHour.totalViewers).toBe(Math.round(a.viewersSum / 60 + b.viewersSum / 60));
    expect(lastHour.qualityIndex).toBe(Math.round(((a.qualitySum + b.qualitySum) / 120) * 100) / 100);
  });

  it('lists only buckets with data and only those starting inside the window', async () => {
    const week = await statsOk('week', window(7 * DAY, [second.licenseKey]));
    expect(Object.keys(week.result)).toHaveLength(72);
    const cut = await statsOk('day', {
      ...window(DAY, [first.licenseKey]),
      startTimestamp: NOW_SECONDS - DAY + 30,
    });
    expect(Object.keys(cut.result)).toHaveLength(1439);
    expect(Math.min(...Object.values(cut.result).map((point) => point.dt))).toBe(NOW_SECONDS - DAY + 60);
    const empty = await statsOk('month', window(30 * DAY, [first.licenseKey], NOW_SECONDS - 10 * DAY));
    expect(empty.result).toEqual({});
    expect(empty.total_result).toMatchObject({
      nodrUpLink: 0,
      totalViewers: 0,
      qualityIndex: 0,
      deliverToInputRatio: 0,
    });
  });

  it('answers a finite ratio of 0 for a bucket with no input', async () => {
    const answer = await statsOk('day', window(DAY, [first.licenseKey]));
    const zeroInput = Object.values(answer.result).filter((point) => point.inputFromCdn === 0);
    expect(zeroInput.length).toBeGreaterThan(0);
    for (const point of zeroInput) expect(point.deliverToInputRatio).toBe(0);
    for (const point of Object.values(answer.result))
      expect(Number.isFinite(point.deliverToInputRatio)).toBe(true);
  });

  it.each([
    ['day', DAY],
    ['week', 7 * DAY],
    ['month', 30 * DAY],
  ])('%s: a window of exactly %i s is served, one second more is a 400', async (period, span) => {
    expect((await stats(period, window(span, [first.licenseKey]))).statusCode).toBe(200);
    const tooLong = await stats(period, window(span + 1, [first.licenseKey]));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ error: 'window_too_long' });
  });

  it.each(['day', 'week', 'month'])('%s: an empty or reversed window is a 400', async (period) => {
    expect((await stats(period, window(0, [first.licenseKey]))).statusCode).toBe(400);
    expect((await stats(period, window(-60, [first.licenseKey]))).statusCode).toBe(400);
  });

  it('refuses another team: its license key, its client id, an unknown key (403)', async () => {
    const cases = [
      window(DAY, [foreign.licenseKey]),
      window(DAY, [first.licenseKey, foreign.licenseKey]),
      window(DAY, ['no-such-license-key']),
      { ...window(DAY, [foreign.licenseKey]), clientId: stranger.teamId },
    ];
    for (const body of cases) {
      const response = await stats('day', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(403);
    }
    const own = await stats(
      'day',
      { ...window(DAY, [foreign.licenseKey]), clientId: stranger.teamId },
      stranger,
    );
    expect(own.statusCode).toBe(200);
    expect(Object.keys(own.json().result)).toHaveLength(1440);
    // The stranger's key is now known to this process (node-keys.ts): it still belongs to the stranger's team only.
    for (const body of cases) {
      const response = await stats('day', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(403);
    }
  });

  it('serves a deleted node of the team (status 50)', async () => {
    const answer = await statsOk('day', window(DAY, [deleted.licenseKey]));
    expect(Object.keys(answer.result)).toHaveLength(60);
  });

  it('needs a bearer token (401)', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/stats/v1/nodr/day',
      payload: window(DAY, [first.licenseKey]),
    });
    expect(response.statusCode).toBe(401);
  });

  it('takes form payloads: repeated licenceKey, licenceKey[] or a JSON array in one field', async () => {
    const json = await statsOk('day', window(DAY, [first.licenseKey, second.licenseKey]));
    const base = `startTimestamp=${NOW_SECONDS - DAY}&endTimestamp=${NOW_SECONDS}&clientId=${owner.teamId}`;
    const keys = [first.licenseKey, second.licenseKey];
    const bodies = [
      `${base}&licenceKey=${keys[0]}&licenceKey=${keys[1]}`,
      `${base}&licenceKey%5B%5D=${keys[0]}&licenceKey%5B%5D=${keys[1]}`,
      `${base}&licenceKey=${encodeURIComponent(JSON.stringify(keys))}`,
    ];
    for (const payload of bodies) {
      const response = await server.app.inject({
        method: 'POST',
        url: '/stats/v1/nodr/day',
        headers: { ...owner.headers, 'content-type': 'application/x-www-form-urlencoded' },
        payload,
      });
      expect(response.statusCode, payload).toBe(200);
      expect(response.json()).toEqual(json);
    }
  });

  it('never serves a cached answer once new telemetry of its nodes arrived', async () => {
    const late = await createActiveNode(server, owner.teamId);
    const early = minutes(NOW_SECONDS - 600, 5);
    await ingest(late, early);
    const uplinkOf = (answer: { result: Record<string, StatPoint> }) =>
      Object.values(answer.result).reduce((total, point) => total + point.nodrUpLink, 0);
    const sumOf = (points: MinutePoint[]) => points.reduce((total, point) => total + point.uplink, 0);
    const spans = { day: DAY, week: 7 * DAY, month: 30 * DAY } as const;
    for (const [period, span] of Object.entries(spans)) {
      expect(uplinkOf(await statsOk(period, window(span, [late.licenseKey])))).toBe(sumOf(early));
    }
    // A second later, the same buckets: the same points; only total_result.dt follows the request.
    const shifted = await statsOk('day', {
      ...window(DAY, [late.licenseKey]),
      startTimestamp: NOW_SECONDS - DAY + 1,
    });
    expect(uplinkOf(shifted)).toBe(sumOf(early));
    expect(shifted.total_result.dt).toBe(NOW_SECONDS - DAY + 1);

    const added = minutes(NOW_SECONDS - 300, 5, 7);
    await ingest(late, added);
    for (const [period, span] of Object.entries(spans)) {
      const answer = await statsOk(period, window(span, [late.licenseKey]));
      expect(uplinkOf(answer), period).toBe(sumOf([...early, ...added]));
      expect(answer.total_result.nodrUpLink).toBe(sumOf([...early, ...added]));
    }
  });

  it('sends an answer in the encoding the client accepts, the same JSON in each, from the same bytes again', async () => {
    const body = window(DAY, [first.licenseKey, second.licenseKey]);
    const ask = (acceptEncoding?: string, payload: object = body) =>
      server.app.inject({
        method: 'POST',
        url: '/stats/v1/nodr/day',
        headers: {
          ...owner.headers,
          ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
        },
        payload,
      });
    const plain = await ask();
    expect(plain.headers['content-encoding']).toBeUndefined();
    const decoders = { br: brotliDecompressSync, gzip: gunzipSync } as const;
    for (const [accepted, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0.5, gzip', 'gzip'],
      ['x-gzip', 'gzip'],
      ['*', 'gzip'],
    ] as const) {
      const first = await ask(accepted);
      const again = await ask(accepted);
      expect(first.headers['content-encoding'], accepted).toBe(encoding);
      expect(decoders[encoding](first.rawPayload).equals(plain.rawPayload), accepted).toBe(true);
      expect(again.rawPayload.equals(first.rawPayload), accepted).toBe(true);
      expect(String(first.headers.vary).toLowerCase()).toBe('accept, accept-encoding');
    }
    for (const refused of ['identity', 'deflate', 'br;q=0, gzip;q=0']) {
      const answer = await ask(refused);
      expect(answer.headers['content-encoding'], refused).toBeUndefined();
      expect(answer.rawPayload.equals(plain.rawPayload), refused).toBe(true);
    }
    // The bytes kept are those of the request's start: another start gets its own total_result.dt, then the first
    // start its own again.
    const later = await ask('br', { ...body, startTimestamp: body.startTimestamp + 1 });
    expect(JSON.parse(brotliDecompressSync(later.rawPayload).toString()).total_result.dt).toBe(
      body.startTimestamp + 1,
    );
    expect(JSON.parse(brotliDecompressSync((await ask('br')).rawPayload).toString()).total_result.dt).toBe(
      body.startTimestamp,
    );
    // The per-node answer is made per request and compressed the same way.
    const perNode = await ask('gzip', { ...body, perNode: true });
    expect(perNode.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(perNode.rawPayload).toString()).perNode).toHaveLength(2);
  });
});
