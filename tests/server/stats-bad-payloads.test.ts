import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSignedInUser,
  type SignedInUser,
  startTestServer,
  type TestServer,
} from '../helpers/server.ts';
import { createActiveNode, minutes, NOW_SECONDS, type TestNode } from '../helpers/telemetry.ts';

const FIELDS = ['ts', 'uplink', 'delivered', 'input', 'viewers', 'quality'] as const;
// Values that no field accepts: wrong JSON types, out of range, or not an integer where one is needed.
const BAD_VALUES: unknown[] = [-1, 'abc', '60', null, true, {}, [], 1e13, 1.5e300, -0.5];

describe('bad payloads never cause a 5xx', () => {
  let server: TestServer;
  let owner: SignedInUser;
  let node: TestNode;
  const seen: number[] = [];

  beforeAll(async () => {
    server = await startTestServer();
    server.clock.set(new Date(NOW_SECONDS * 1000));
    owner = await createSignedInUser(server);
    node = await createActiveNode(server, owner.teamId);
  });
  afterAll(() => server.close());

  async function expectRefused(
    send: () => Promise<{ statusCode: number; body: string }>,
    allowed: number[],
    label: string,
  ) {
    const response = await send();
    seen.push(response.statusCode);
    expect(allowed, `${label} -> ${response.statusCode} ${response.body}`).toContain(response.statusCode);
  }

  it('telemetry: every field with every bad value, and every field missing (400)', async () => {
    const [valid] = minutes(NOW_SECONDS - 600, 1);
    for (const field of FIELDS) {
      for (const value of [...BAD_VALUES, ...(field === 'ts' ? [NOW_SECONDS - 630] : [])]) {
        const point = { ...valid!, [field]: value };
        await expectRefused(
          () => node.post({ points: [valid, point] }),
          [400],
          `${field}=${JSON.stringify(value)}`,
        );
      }
      const { [field]: _, ...missing } = valid!;
      await expectRefused(() => node.post({ points: [missing] }), [400], `${field} missing`);
    }
    for (const quality of [100.01, 101, -0.01]) {
      await expectRefused(() => node.post({ points: [{ ...valid!, quality }] }), [400], `quality ${quality}`);
    }
  });

  it('telemetry: random JSON values and random text (400)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), async (value) => {
        await expectRefused(() => node.post(JSON.stringify(value)), [400], JSON.stringify(value));
      }),
      { numRuns: 60 },
    );
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 40 }), async (text) => {
        await expectRefused(() => node.post(text), [400], JSON.stringify(text));
      }),
      { numRuns: 40 },
    );
    await fc.assert(
      fc.asyncProperty(fc.array(fc.jsonValue(), { maxLength: 4 }), async (points) => {
        await expectRefused(() => node.post({ points }), [400], JSON.stringify(points));
      }),
      { numRuns: 30 },
    );
  });

  it('statistics: random field types and values (400, or 403 for well-formed keys of no node)', async () => {
    const field = fc.oneof(fc.jsonValue(), fc.integer(), fc.string({ maxLength: 300 }));
    const body = fc.record(
      {
        startTimestamp: field,
        endTimestamp: field,
        clientId: field,
        licenceKey: fc.oneof(field, fc.array(field)),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('day', 'week', 'month'), body, async (period, payload) => {
        await expectRefused(
          () =>
            server.app.inject({
              method: 'POST',
              url: `/stats/v1/nodr/${period}`,
              headers: owner.headers,
              payload,
            }),
          [400, 403],
          JSON.stringify(payload),
        );
      }),
      { numRuns: 60 },
    );
    const withKeys = (licenceKey: string[]) => ({
      startTimestamp: NOW_SECONDS - 60,
      endTimestamp: NOW_SECONDS,
      clientId: owner.teamId,
      licenceKey,
    });
    for (const key of ['"', '\\', 'a,b', '{}', 'NULL', '"},{"', "'; drop table nodes; --", '\u00e9\ud800']) {
      await expectRefused(
        () =>
          server.app.inject({
            method: 'POST',
            url: '/stats/v1/nodr/day',
            headers: owner.headers,
            payload: withKeys([key]),
          }),
        [403],
        JSON.stringify(key),
      );
    }
    for (const key of ['\u0000', 'a\u0000b', '\n', '']) {
      await expectRefused(
        () =>
          server.app.inject({
            method: 'POST',
            url: '/stats/v1/nodr/day',
            headers: owner.headers,
            payload: withKeys([key]),
          }),
        [400],
        JSON.stringify(key),
      );
    }
    for (const payload of ['{', 'licenceKey=', '[]', '""']) {
      await expectRefused(
        () =>
          server.app.inject({
            method: 'POST',
            url: '/stats/v1/nodr/day',
            headers: {
              ...owner.headers,
              'content-type': payload.startsWith('licence')
                ? 'application/x-www-form-urlencoded'
                : 'application/json',
            },
            payload,
          }),
        [400],
        payload,
      );
    }
  });

  it('statistic settings: non-object bodies and malformed ids (400), never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.jsonValue().filter((value) => typeof value !== 'object' || value === null || Array.isArray(value)),
        async (value) => {
          await expectRefused(
            () =>
              server.app.inject({
                method: 'POST',
                url: `/api/v1/statistic/settings/put/user/${owner.userId}/team/${owner.teamId}`,
                headers: { ...owner.headers, 'content-type': 'application/json' },
                payload: JSON.stringify(value),
              }),
            [400],
            JSON.stringify(value),
          );
        },
      ),
      { numRuns: 20 },
    );
    for (const id of ['abc', '0', '-1', '1.5', '99999999999', '%00']) {
      for (const action of ['get', 'put']) {
        await expectRefused(
          () =>
            server.app.inject({
              method: 'POST',
              url: `/api/v1/statistic/settings/${action}/user/${id}/team/${owner.teamId}`,
              headers: { ...owner.headers, 'content-type': 'application/json' },
              payload: '{}',
            }),
          [400],
          `${action} user ${id}`,
        );
      }
    }
  });

  it('covered at least 200 bad payloads, none answered with a 5xx', () => {
    expect(seen.length).toBeGreaterThanOrEqual(200);
    expect(seen.filter((status) => status >= 500)).toEqual([]);
  });
});
