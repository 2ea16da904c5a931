import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, METRICS_TOKEN_MIN_LENGTH } from '../../server/config.ts';
import { nodes } from '../../server/db/schema.ts';
import { SSE_COOKIE } from '../../server/lib/authenticate.ts';
import { buildMetricsServer } from '../../server/metrics/metrics-route.ts';
import { createSignedInUser, startTestServer, type TestServer } from '../helpers/server.ts';
import { createActiveNode, ingest, minutes, NOW_SECONDS } from '../helpers/telemetry.ts';

const TOKEN = 'metrics-token-0123456789abcdef';

/** A sample's value from Prometheus text: `name{labels} value`. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((row) => row.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

/** GET /metrics in Prometheus text format, behind METRICS_TOKEN or on METRICS_PORT. */
describe('/metrics with METRICS_TOKEN on the main port', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ metrics: { token: TOKEN, port: undefined } });
    server.clock.set(new Date(NOW_SECONDS * 1000));
  });
  afterAll(() => server.close());

  const scrape = (authorization?: string) =>
    server.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

  it('answers 401 JSON without the token, with a wrong one, or with a session or API token', async () => {
    const user = await createSignedInUser(server);
    for (const authorization of [
      undefined,
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      TOKEN,
      `Basic ${TOKEN}`,
      `Bearer ${TOKEN}\u0000`,
      user.headers.authorization,
    ]) {
      const response = await scrape(authorization);
      expect(response.statusCode, String(authorization)).toBe(401);
      expect(response.json()).toMatchObject({ error: 'unauthorized', message: expect.any(String) });
      expect(response.body).not.toContain('nodr_');
    }
  });

  it('serves the Prometheus text format with every metric docs/metrics.md lists', async () => {
    const response = await scrape(`Bearer ${TOKEN}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers['cache-control']).toBe('no-store');
    for (const name of [
      'nodr_http_request_duration_seconds',
      'nodr_event_streams_open',
      'nodr_mail_outbox_pending',
      'nodr_mail_delivery_failures_total',
      'nodr_telemetry_points_total',
      'nodr_nodes',
      'nodr_nodes_active',
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
    ]) {
      expect(response.body, name).toContain(`# TYPE ${name} `);
    }
    // PGlite has no pool: the pool gauge is only there on PostgreSQL.
    expect(response.body.includes('nodr_db_pool_connections')).toBe(server.database.kind === 'postgres');
  });

  it('has every series the Grafana dashboard in docs/ queries', async () => {
    const dashboard = fs.readFileSync(new URL('../../docs/grafana-dashboard.json', import.meta.url), 'utf8');
    const queried = new Set(dashboard.match(/\b(?:nodr|process|nodejs)_[a-z0-9_]+/g));
    expect(queried.size).toBeGreaterThan(8);
    const text = (await scrape(`Bearer ${TOKEN}`)).body;
    for (const name of queried) {
      if (name === 'nodr_db_pool_connections' && server.database.kind !== 'postgres') continue;
      expect(text, name).toMatch(new RegExp(`^${name}[{ ]`, 'm'));
    }
  });

  it('labels request durations by route pattern and status, never by the raw URL', async () => {
    const user = await createSignedInUser(server);
    await server.app.inject({
      method: 'POST',
      url: `/api/v1/nodres/team/${user.teamId}`,
      headers: user.headers,
    });
    await server.app.inject({ method: 'GET', url: '/api/v1/no-such-path-4242' });
    const text = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(
      sample(
        text,
        'nodr_http_request_duration_seconds_count{method="POST",route="/api/v1/nodres/team/:teamId",status_code="200"}',
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(
        text,
        'nodr_http_request_duration_seconds_count{method="GET",route="unmatched",status_code="404"}',
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain(`/team/${user.teamId}"`);
    expect(text).not.toContain('4242');
  });

  it('counts stored telemetry points and nodes by status and health, read at each scrape', async () => {
    const before = (await scrape(`Bearer ${TOKEN}`)).body;
    const user = await createSignedInUser(server);
    const online = await createActiveNode(server, user.teamId);
    const offline = await createActiveNode(server, user.teamId);
    await server.db
      .update(nodes)
      .set({ offlineSince: server.clock.now() })
      .where(eq(nodes.id, offline.node.id));
    const stored = await ingest(online, minutes(NOW_SECONDS - 600, 10, 1));
    expect(stored).toBe(10);

    const after = (await scrape(`Bearer ${TOKEN}`)).body;
    const delta = (series: string) => (sample(after, series) ?? 0) - (sample(before, series) ?? 0);
    expect(delta('nodr_telemetry_points_total')).toBe(10);
    expect(delta('nodr_nodes{status="active"}')).toBe(2);
    expect(delta('nodr_nodes_active{health="online"}')).toBe(1);
    expect(delta('nodr_nodes_active{health="offline"}')).toBe(1);
    expect(sample(after, 'nodr_nodes{status="deleted"}')).toBe(0);
  });

  it('counts open event streams up and down', async () => {
    const user = await createSignedInUser(server);
    const base = await server.app.listen({ port: 0, host: '127.0.0.1' });
    const streamsOpen = async () => sample((await scrape(`Bearer ${TOKEN}`)).body, 'nodr_event_streams_open');
    const before = (await streamsOpen()) ?? 0;
    const controller = new AbortController();
    const response = await fetch(`${base}/api/v1/sse/handle`, {
      headers: { cookie: `${SSE_COOKIE}=${user.token}` },
      signal: controller.signal,
    });
    const reader = response.body!.getReader();
    await reader.read();
    expect(await streamsOpen()).toBe(before + 1);
    controller.abort();
    await reader.read().catch(() => undefined);
    await expect.poll(streamsOpen, { timeout: 5000 }).toBe(before);
  });

  it('shows an empty outbox once mail is delivered', async () => {
    await server.app.deps.mailer.send({ to: 'someone@example.com', subject: 'Hello', text: 'Hi' });
    await server.app.deps.mailer.drain();
    const drained = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(sample(drained, 'nodr_mail_outbox_pending{state="all"}')).toBe(0);
    expect(sample(drained, 'nodr_mail_outbox_pending{state="failing"}')).toBe(0);
  });
});

describe('/metrics on METRICS_PORT', () => {
  let server: TestServer;

  beforeAll(async () => {
    // An SMTP server that refuses every connection, so deliveries fail and are counted.
    server = await startTestServer({
      metrics: { token: undefined, port: 9464 },
      smtpUrl: 'smtp://127.0.0.1:1',
    });
  });
  afterAll(() => server.close());

  it('is not served on the main port (JSON 404)', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: 'not_found', message: expect.any(String) });
  });

  it('is served on the second listener, which serves nothing else, and counts failed deliveries', async () => {
    const listener = buildMetricsServer(server.app.deps.metrics, server.config);
    try {
      await server.app.deps.mailer.send({ to: 'someone@example.com', subject: 'Hello', text: 'Hi' });
      await server.app.deps.mailer.drain();
      const response = await listener.inject({ method: 'GET', url: '/metrics' });
      expect(response.statusCode).toBe(200);
      expect(sample(response.body, 'nodr_mail_delivery_failures_total')).toBe(1);
      expect(sample(response.body, 'nodr_mail_outbox_pending{state="all"}')).toBe(1);
      expect(sample(response.body, 'nodr_mail_outbox_pending{state="failing"}')).toBe(1);
      for (const url of ['/', '/api/v1/configs', '/healthz', '/metrics/x']) {
        const other = await listener.inject({ method: 'GET', url });
        expect(other.statusCode, url).toBe(404);
        expect(other.json()).toMatchObject({ error: 'not_found' });
      }
    } finally {
      await listener.close();
    }
  });

  it('asks for the token on the second listener too when both are set', async () => {
    const listener = buildMetricsServer(server.app.deps.metrics, { metrics: { token: TOKEN, port: 9464 } });
    try {
      expect((await listener.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
      const ok = await listener.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(ok.statusCode).toBe(200);
    } finally {
      await listener.close();
    }
  });
});

// Unconfigured, /metrics is the JSON 404 of every unknown tool path: tests/server/probes.test.ts proves it.
describe('the metrics settings', () => {
  it('refuses a short token and a bad or clashing port at start', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'x'.repeat(METRICS_TOKEN_MIN_LENGTH - 1) })).toThrow(
      /METRICS_TOKEN/,
    );
    expect(() => loadConfig({ METRICS_TOKEN: `${'x'.repeat(METRICS_TOKEN_MIN_LENGTH)} y` })).toThrow(
      /METRICS_TOKEN/,
    );
    for (const port of ['0', '65536', 'abc', '8080', '-1']) {
      expect(() => loadConfig({ PORT: '8080', METRICS_PORT: port }), port).toThrow(/METRICS_PORT/);
    }
    expect(loadConfig({ METRICS_TOKEN: TOKEN, METRICS_PORT: '9464' }).metrics).toEqual({
      token: TOKEN,
      port: 9464,
    });
    expect(loadConfig({}).metrics).toEqual({ token: undefined, port: undefined });
  });
});
