import { create } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StatsResponseStruct } from '../../src/api/stats.ts';
import {
  createSignedInUser,
  type SignedInUser,
  startTestServer,
  type TestServer,
} from '../helpers/server.ts';
import { createActiveNode, ingest, minutes, NOW_SECONDS, type TestNode } from '../helpers/telemetry.ts';

const DAY = 86_400;
const iso = (seconds: number) => new Date(seconds * 1000).toISOString().replace('.000Z', 'Z');

describe('statistics service: the per-node breakdown, only when asked', () => {
  let server: TestServer;
  let owner: SignedInUser;
  let first: TestNode;
  let second: TestNode;
  let silent: TestNode;

  beforeAll(async () => {
    server = await startTestServer();
    server.clock.set(new Date(NOW_SECONDS * 1000));
    owner = await createSignedInUser(server, { teamName: 'Per Node Team' });
    first = await createActiveNode(server, owner.teamId);
    second = await createActiveNode(server, owner.teamId);
    silent = await createActiveNode(server, owner.teamId);
    await ingest(first, minutes(NOW_SECONDS - DAY, 1440, 1));
    await ingest(second, minutes(NOW_SECONDS - DAY / 2, 720, 3));
  });
  afterAll(() => server.close());

  const window = (keys: string[], extra: object = {}) => ({
    startTimestamp: NOW_SECONDS - DAY,
    endTimestamp: NOW_SECONDS,
    clientId: owner.teamId,
    licenceKey: keys,
    ...extra,
  });
  const range = (keys: string[], extra: object = {}) => ({
    from: iso(NOW_SECONDS - 20 * DAY),
    to: iso(NOW_SECONDS),
    clientId: owner.teamId,
    licenceKey: keys,
    ...extra,
  });

  function post(url: string, body: unknown) {
    return server.app.inject({ method: 'POST', url, headers: owner.headers, payload: body as object });
  }

  async function answerOf(url: string, body: unknown) {
    const response = await post(url, body);
    expect(response.statusCode, response.body).toBe(200);
    return create(response.json(), StatsResponseStruct);
  }

  it.each(['day', 'week', 'month'])(
    'the %s call answers exactly as before without perNode',
    async (period) => {
      const plain = await post(`/stats/v1/nodr/${period}`, window([first.licenseKey, second.licenseKey]));
      expect(plain.statusCode).toBe(200);
      expect(Object.keys(plain.json())).toEqual(['result', 'total_result', 'text']);
      const off = await post(
        `/stats/v1/nodr/${period}`,
        window([first.licenseKey, second.licenseKey], { perNode: false }),
      );
      expect(off.body).toBe(plain.body);
    },
  );

  it('the range call answers exactly as before without perNode', async () => {
    const plain = await post('/stats/v1/nodr/range', range([first.licenseKey]));
    expect(Object.keys(plain.json())).toEqual(['result', 'total_result', 'text']);
  });

  it.each([
    ['day', '/stats/v1/nodr/day', () => window([first.licenseKey])],
    ['month', '/stats/v1/nodr/month', () => window([first.licenseKey])],
    ['range', '/stats/v1/nodr/range', () => range([first.licenseKey])],
  ])('%s: one node alone has the same series and totals as the whole answer', async (_name, url, body) => {
    const answer = await answerOf(url, { ...body(), perNode: true });
    expect(answer.perNode).toHaveLength(1);
    expect(answer.perNode![0]).toEqual({
      licenceKey: first.licenseKey,
      result: answer.result,
      total_result: answer.total_result,
    });
  });

  it('several nodes: one entry per node, each its own figures, and a node without data has zeros', async () => {
    const keys = [first.licenseKey, second.licenseKey, silent.licenseKey];
    const answer = await answerOf('/stats/v1/nodr/day', window(keys, { perNode: true }));
    const byKey = new Map(answer.perNode!.map((node) => [node.licenceKey, node]));
    expect([...byKey.keys()].sort()).toEqual([...keys].sort());
    for (const node of [first, second]) {
      const alone = await answerOf('/stats/v1/nodr/day', window([node.licenseKey]));
      expect(byKey.get(node.licenseKey)).toMatchObject({
        result: alone.result,
        total_result: alone.total_result,
      });
    }
    expect(Object.keys(byKey.get(second.licenseKey)!.result)).toHaveLength(720);
    expect(byKey.get(silent.licenseKey)).toEqual({
      licenceKey: silent.licenseKey,
      result: {},
      total_result: {
        dt: NOW_SECONDS - DAY,
        nodrUpLink: 0,
        deliveredToViewers: 0,
        inputFromCdn: 0,
        totalViewers: 0,
        qualityIndex: 0,
        deliverToInputRatio: 0,
      },
    });
    const sum = answer.perNode!.reduce((bytes, node) => bytes + node.total_result.nodrUpLink, 0);
    expect(sum).toBe(answer.total_result.nodrUpLink);
  });

  it('a cached plain answer is not served to a per-node request, nor the other way round', async () => {
    const keys = [first.licenseKey];
    await answerOf('/stats/v1/nodr/week', window(keys));
    const withNodes = await answerOf('/stats/v1/nodr/week', window(keys, { perNode: true }));
    expect(withNodes.perNode).toHaveLength(1);
    const plain = await answerOf('/stats/v1/nodr/week', window(keys));
    expect(plain.perNode).toBeUndefined();
  });

  it.each([
    ['a string', 'true'],
    ['a number', 1],
    ['null', null],
  ])('perNode as %s is a 400 invalid_request', async (_name, value) => {
    for (const [url, body] of [
      ['/stats/v1/nodr/day', window([first.licenseKey], { perNode: value })],
      ['/stats/v1/nodr/range', range([first.licenseKey], { perNode: value })],
    ] as const) {
      const response = await post(url, body);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ error: 'invalid_request', message: expect.any(String) });
    }
  });
});
