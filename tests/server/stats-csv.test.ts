import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { create } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSV_CONTENT_TYPE, STATS_CSV_COLUMNS, statsCsvRow } from '../../contracts/stats-csv.ts';
import { StatsResponseStruct } from '../../src/api/stats.ts';
import {
  createSignedInUser,
  type SignedInUser,
  startTestServer,
  type TestServer,
} from '../helpers/server.ts';
import { createActiveNode, ingest, minutes, NOW_SECONDS, type TestNode } from '../helpers/telemetry.ts';

const DAY = 86_400;
const MONTH = 30 * DAY;
const TEAM_NAME = 'Acme, "North"\nEU';

describe('statistics as CSV: POST /stats/v1/nodr/{period}?format=csv or Accept: text/csv', () => {
  let server: TestServer;
  let owner: SignedInUser;
  let viewer: SignedInUser;
  let stranger: SignedInUser;
  let node: TestNode;
  let idle: TestNode;
  let foreign: TestNode;

  beforeAll(async () => {
    server = await startTestServer();
    server.clock.set(new Date(NOW_SECONDS * 1000));
    owner = await createSignedInUser(server, { teamName: TEAM_NAME });
    viewer = await createSignedInUser(server, { teamId: owner.teamId, role: 20 });
    stranger = await createSignedInUser(server);
    node = await createActiveNode(server, owner.teamId);
    idle = await createActiveNode(server, owner.teamId);
    foreign = await createActiveNode(server, stranger.teamId);
    await ingest(node, minutes(NOW_SECONDS - 2 * 3600, 120, 1));
  });
  afterAll(() => server.close());

  const window = (span: number, keys: string[], teamId = owner.teamId) => ({
    startTimestamp: NOW_SECONDS - span,
    endTimestamp: NOW_SECONDS,
    clientId: teamId,
    licenceKey: keys,
  });

  function exportCsv(
    period: string,
    body: unknown,
    options: { user?: SignedInUser | null; url?: string; accept?: string } = {},
  ) {
    const { user = owner, url = `/stats/v1/nodr/${period}?format=csv`, accept } = options;
    return server.app.inject({
      method: 'POST',
      url,
      headers: { ...(user ? user.headers : {}), ...(accept ? { accept } : {}) },
      payload: body as object,
    });
  }

  const records = (body: string): string[][] => parse(body, { relax_column_count: false });

  it('answers one row per bucket, equal to the JSON answer of the same window, with download headers', async () => {
    const body = window(DAY, [node.licenseKey]);
    const response = await exportCsv('day', body);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe(CSV_CONTENT_TYPE);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="nodr-acme-north-eu-day-2026-02-28T0000Z-2026-03-01T0000Z.csv"',
    );
    expect(response.headers.vary).toMatch(/accept/i);
    const [header, ...rows] = records(response.body);
    expect(header).toEqual([...STATS_CSV_COLUMNS]);
    const json = await server.app.inject({
      method: 'POST',
      url: '/stats/v1/nodr/day',
      headers: owner.headers,
      payload: body,
    });
    const answer = create(json.json(), StatsResponseStruct);
    const expected = Object.values(answer.result).map((point) =>
      statsCsvRow(point, { team: TEAM_NAME, period: 'day', interval: 60 }).map(String),
    );
    expect(rows).toHaveLength(120);
    expect(rows).toEqual(expected);
    // The team's comma, quotes and line break survive the quoting.
    expect(rows[0]?.[1]).toBe(TEAM_NAME);
    expect(rows[0]?.[0]).toBe('2026-02-28T22:00:00Z');
    expect(response.body).toContain('"Acme, ""North""\nEU"');
  });

  it('bit rates are the bucket bytes * 8 / interval: a week bucket of 20 minutes', async () => {
    const response = await exportCsv('week', window(7 * DAY, [node.licenseKey]));
    const [header, ...rows] = records(response.body);
    const column = (name: (typeof STATS_CSV_COLUMNS)[number]) => header!.indexOf(name);
    expect(rows).toHaveLength(6);
    for (const row of rows) {
      const bytes = Number(row[column('uplink_bytes')]);
      expect(Number(row[column('uplink_bit_s')])).toBe(Math.round((bytes * 8) / 1200));
      expect(row[column('period')]).toBe('week');
    }
  });

  it('Accept: text/csv asks for CSV too; format=json or a JSON-first Accept keeps JSON', async () => {
    const body = window(DAY, [node.licenseKey]);
    const url = '/stats/v1/nodr/day';
    const byAccept = await exportCsv('day', body, { url, accept: 'text/csv' });
    expect(byAccept.headers['content-type']).toBe(CSV_CONTENT_TYPE);
    expect(records(byAccept.body)).toHaveLength(121);
    const jsonFirst = await exportCsv('day', body, { url, accept: 'application/json, text/csv;q=0.5' });
    expect(jsonFirst.headers['content-type']).toMatch(/^application\/json/);
    const forced = await exportCsv('day', body, { url: `${url}?format=json`, accept: 'text/csv' });
    expect(forced.headers['content-type']).toMatch(/^application\/json/);
    const browser = await exportCsv('day', body, { url, accept: '*/*' });
    expect(browser.headers['content-type']).toMatch(/^application\/json/);
  });

  it('an empty period is the header line alone', async () => {
    const response = await exportCsv('month', window(MONTH, [idle.licenseKey]));
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(`${STATS_CSV_COLUMNS.join(',')}\n`);
  });

  it('a team name that looks like a formula is defused for spreadsheets', async () => {
    const team = await createSignedInUser(server, { teamName: '=HYPERLINK("http://x.example")' });
    const own = await createActiveNode(server, team.teamId);
    await ingest(own, minutes(NOW_SECONDS - 600, 2, 1));
    const response = await exportCsv('day', window(DAY, [own.licenseKey], team.teamId), { user: team });
    const [, row] = records(response.body);
    expect(row?.[1]).toBe(`'=HYPERLINK("http://x.example")`);
    expect(response.headers['content-disposition']).toContain('filename="nodr-hyperlink-http-x-example-day-');
  });

  it('a viewer of the team may export (a read)', async () => {
    const response = await exportCsv('day', window(DAY, [node.licenseKey]), { user: viewer });
    expect(response.statusCode).toBe(200);
    expect(records(response.body)).toHaveLength(121);
  });

  it.each([
    ['signed out', () => exportCsv('day', window(DAY, [node.licenseKey]), { user: null }), 401],
    ['an outsider', () => exportCsv('day', window(DAY, [node.licenseKey]), { user: stranger }), 403],
    ['a key of another team', () => exportCsv('day', window(DAY, [foreign.licenseKey])), 403],
    ['a window longer than the period', () => exportCsv('day', window(2 * DAY, [node.licenseKey])), 400],
    ['an empty window', () => exportCsv('day', window(0, [node.licenseKey])), 400],
    [
      'an unknown format',
      () => exportCsv('day', window(DAY, [node.licenseKey]), { url: '/stats/v1/nodr/day?format=xml' }),
      400,
    ],
    [
      'a stray query field',
      () => exportCsv('day', window(DAY, [node.licenseKey]), { url: '/stats/v1/nodr/day?format=csv&x=1' }),
      400,
    ],
    [
      'a repeated format',
      () =>
        exportCsv('day', window(DAY, [node.licenseKey]), {
          url: '/stats/v1/nodr/day?format=csv&format=json',
        }),
      400,
    ],
    ['a NUL in a key', () => exportCsv('day', window(DAY, ['abc\u0000def'])), 400],
    ['an unknown period', () => exportCsv('year', window(DAY, [node.licenseKey])), 404],
  ])('%s is a JSON %i, never a CSV', async (_name, call, status) => {
    const response = await call();
    expect(response.statusCode).toBe(status);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ error: expect.any(String), message: expect.any(String) });
  });

  it('streams a large export: 100 nodes over a month of hours, summed per bucket, sent in several chunks', async () => {
    const fleet = await createSignedInUser(server);
    const nodes = await Promise.all(
      Array.from({ length: 100 }, () => createActiveNode(server, fleet.teamId)),
    );
    const ids = nodes.map((each) => each.node.id);
    // Straight into the hourly rollup: 72,000 rows, what a month of 100 nodes reporting every minute leaves there.
    await server.db.execute(sql`
      insert into stat_hour (node_id, ts, uplink, delivered, input, viewers_sum, quality_sum, samples)
      select id, ts, 3600000 + id, 7200000, 3600000, 600, 5400, 60
      from unnest(${`{${ids.join(',')}}`}::integer[]) as id,
        generate_series(${NOW_SECONDS - MONTH}::int8, ${NOW_SECONDS - 3600}::int8, 3600) as ts`);
    const keys = nodes.map((each) => each.licenseKey);
    const started = performance.now();
    const response = await server.app.inject({
      method: 'POST',
      url: '/stats/v1/nodr/month?format=csv',
      headers: fleet.headers,
      payload: window(MONTH, keys, fleet.teamId),
      payloadAsStream: true,
    });
    expect(response.statusCode).toBe(200);
    const chunks: Buffer[] = [];
    for await (const chunk of response.stream()) chunks.push(Buffer.from(chunk));
    const elapsed = performance.now() - started;
    const [, ...rows] = records(Buffer.concat(chunks).toString('utf8'));
    expect(rows).toHaveLength(720);
    const idSum = ids.reduce((total, id) => total + id, 0);
    for (const row of rows) {
      expect(Number(row[3])).toBe(100 * 3_600_000 + idSum);
      expect(Number(row[9])).toBe(1000); // 100 nodes, each 10 viewers on average
      expect(Number(row[10])).toBe(90);
      expect(Number(row[11])).toBe(2);
    }
    // Produced page by page (contracts' rows pass through csv-stringify as they are read), not as one string.
    expect(chunks.length).toBeGreaterThan(1);
    expect(elapsed).toBeLessThan(10_000);
  });
});
