import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { NodeAgent } from '../../agent/agent.ts';
import type { FetchLike } from '../../agent/client.ts';
import { createAgent } from '../../agent/create.ts';
import type { AgentLogger } from '../../agent/log.ts';
import type { TelemetryPoint } from '../../contracts/node-protocol.schema.ts';
import { buildApp } from '../../server/app.ts';
import { simulatedMinute, type TrafficProfile } from '../../simulation/traffic.ts';
import { registerNode } from '../helpers/nodes.ts';
import {
  createSignedInUser,
  type SignedInUser,
  startTestServer,
  type TestServer,
} from '../helpers/server.ts';
import { buildRollups } from '../helpers/telemetry.ts';

// The port range of this suite (9170-9179).
const PORT = 9171;
const CLI_PORT = 9172;
const PROFILE: TrafficProfile = { seed: 11, peakViewers: 150, bitrate: 4_000_000, utcOffsetHours: 0 };

const log: AgentLogger & { lines: string[] } = {
  lines: [],
  debug() {},
  info: (line) => log.lines.push(line),
  warn: (line) => log.lines.push(line),
  error: (line) => log.lines.push(line),
};

function rows<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

describe('the node agent against the real server', () => {
  let server: TestServer;
  let app: FastifyInstance;
  let user: SignedInUser;
  let dir: string;
  /** Every point the agent produced, by minute: what the server must hold, each exactly once. */
  const sent = new Map<number, TelemetryPoint>();

  beforeAll(async () => {
    server = await startTestServer();
    app = server.app;
    await app.listen({ port: PORT, host: '127.0.0.1' });
    user = await createSignedInUser(server);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nodr-agent-it-'));
  });
  afterAll(async () => {
    await app?.close();
    await server?.database.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    if (server) fs.rmSync(server.config.dataDir, { recursive: true, force: true });
  });
  afterEach(() => {
    log.lines.length = 0;
  });

  /** The agent's clock is the server's test clock: both see the same time, which the test moves. */
  const clock = {
    now: () => server.clock.now().getTime(),
    sleep: async () => {},
  };

  /** Wakes the agent whenever it is due, as `run()` would, for `minutes` minutes of the shared clock. */
  async function runFor(agent: NodeAgent, minutes: number) {
    const end = clock.now() + minutes * 60_000;
    for (;;) {
      const next = await agent.step();
      if (next >= end) break;
      server.clock.set(new Date(Math.max(clock.now(), next)));
    }
    server.clock.set(new Date(end));
  }

  async function dayStats(licenseKey: string) {
    const end = Math.floor(clock.now() / 1000);
    const response = await app.inject({
      method: 'POST',
      url: '/stats/v1/nodr/day',
      headers: user.headers,
      payload: {
        startTimestamp: end - 86_400,
        endTimestamp: end,
        clientId: user.teamId,
        licenceKey: [licenseKey],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{
      result: Record<string, { nodrUpLink: number; deliveredToViewers: number; inputFromCdn: number }>;
      total_result: { nodrUpLink: number; deliveredToViewers: number; inputFromCdn: number };
    }>();
  }

  it('checks the hardware, heartbeats to active, reports telemetry, and loses nothing across a server restart', async () => {
    const { node, keys } = await registerNode(server, user, 2);
    const keyFile = path.join(dir, 'private.pem');
    fs.writeFileSync(keyFile, keys.privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
    // Records what the agent sends, and can throw away one answer after the server stored the batch.
    let loseNextTelemetryAnswer = false;
    const recordingFetch: FetchLike = async (url, init) => {
      if (url.endsWith('/v1/telemetry')) {
        for (const point of JSON.parse(init.body).points as TelemetryPoint[]) {
          if (!sent.has(point.ts)) sent.set(point.ts, point);
          expect(sent.get(point.ts)).toEqual(point);
        }
      }
      const response = await fetch(url, init);
      if (url.endsWith('/v1/telemetry') && response.ok && loseNextTelemetryAnswer) {
        loseNextTelemetryAnswer = false;
        throw new TypeError('fetch failed: socket hang up');
      }
      return response;
    };
    const agent = await createAgent(
      {
        apiUrl: `http://127.0.0.1:${PORT}`,
        privateKeyFile: keyFile,
        licenseKey: node.licenseKey,
        simulate: true,
        stateDir: path.join(dir, 'state'),
        dataDir: dir,
        verbose: false,
      },
      { fetch: recordingFetch, clock, log, profile: PROFILE, random: () => 0.5, maxBackoffMs: 60_000 },
    );

    // Check, then heartbeat: 'Launching NODR app', then active.
    await agent.step();
    const shown = await app.inject({
      method: 'GET',
      url: `/api/v1/nodres/team/${user.teamId}/${node.id}`,
      headers: user.headers,
    });
    expect(shown.json().status, log.lines.join('\n')).toBe(10);
    expect(JSON.parse(shown.json().check)).toMatchObject({ result: true });
    expect(log.lines).toContain('hardware check passed');

    // Ten minutes of telemetry, one answer lost on the way back.
    await runFor(agent, 5);
    loseNextTelemetryAnswer = true;
    await runFor(agent, 5);
    expect(sent.size).toBe(9);
    const day = await dayStats(node.licenseKey);
    expect(Object.keys(day.result).length).toBe(9);
    for (const [ts, point] of sent) {
      expect(point).toEqual(simulatedMinute(ts, PROFILE));
      expect(day.result[String(ts)]).toMatchObject({
        nodrUpLink: point.uplink,
        deliveredToViewers: point.delivered,
        inputFromCdn: point.input,
      });
    }

    // The server stops for twenty minutes while the agent keeps running, then starts again on the same database.
    await app.close();
    await runFor(agent, 20);
    expect(log.lines.some((line) => /telemetry failed .*No answer/.test(line))).toBe(true);
    app = await buildApp({
      config: server.config,
      database: server.database,
      clock: server.clock,
      logger: false,
    });
    await app.listen({ port: PORT, host: '127.0.0.1' });
    await runFor(agent, 3);

    // Every minute the agent produced is stored exactly once, and the rollups agree with the minutes.
    const stored = rows<{ ts: number; uplink: number; delivered: number; input: number }>(
      await server.db.execute(
        sql`select ts::float8 as ts, uplink::float8 as uplink, delivered::float8 as delivered, input::float8 as input
            from stat_minute where node_id = ${node.id} order by ts`,
      ),
    );
    expect(stored.length).toBe(9 + 20 + 3);
    expect(stored.map((row) => row.ts)).toEqual([...sent.keys()].sort((a, b) => a - b));
    for (const row of stored) {
      expect(row).toEqual({
        ts: row.ts,
        uplink: sent.get(row.ts)?.uplink,
        delivered: sent.get(row.ts)?.delivered,
        input: sent.get(row.ts)?.input,
      });
    }
    // The rollup job builds the buckets of those minutes.
    await buildRollups(server);
    const sums = (table: string) =>
      server.db
        .execute(
          sql`select sum(delivered)::float8 as delivered, sum(samples)::float8 as samples from ${sql.raw(table)}
              where node_id = ${node.id}`,
        )
        .then((result) => rows<{ delivered: number; samples: number }>(result)[0]);
    const expectedDelivered = [...sent.values()].reduce((sum, point) => sum + point.delivered, 0);
    expect(await sums('stat_20m')).toEqual({ delivered: expectedDelivered, samples: 32 });
    expect(await sums('stat_hour')).toEqual({ delivered: expectedDelivered, samples: 32 });
    expect((await dayStats(node.licenseKey)).total_result.deliveredToViewers).toBe(expectedDelivered);
  });
});

describe('the agent command line', () => {
  let server: TestServer;
  let child: ChildProcess | undefined;
  let dir: string;
  beforeAll(async () => {
    server = await startTestServer();
    await server.app.listen({ port: CLI_PORT, host: '127.0.0.1' });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nodr-agent-cli-'));
  });
  afterAll(async () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    await server?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('runs as `tsx agent/main.ts --simulate`, makes a new node active, and stops cleanly on SIGTERM', async () => {
    const user = await createSignedInUser(server);
    const { node, keys } = await registerNode(server, user, 1);
    const keyFile = path.join(dir, 'private.pem');
    fs.writeFileSync(keyFile, keys.privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
    // The test server's clock stands still; the process signs with the real clock, which stays well within 5 min.
    server.clock.set(new Date());
    let output = '';
    child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'agent/main.ts',
        '--server',
        `http://127.0.0.1:${CLI_PORT}/`,
        '--key',
        keyFile,
        '--simulate',
        '--state-dir',
        path.join(dir, 'state'),
      ],
      {
        cwd: path.resolve(import.meta.dirname, '../..'),
        env: { ...process.env, NODR_LICENSE_KEY: node.licenseKey },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const exited = new Promise<number | null>((resolve) => child?.once('exit', (code) => resolve(code)));
    await expect
      .poll(
        async () => {
          const response = await server.app.inject({
            method: 'GET',
            url: `/api/v1/nodres/team/${user.teamId}/${node.id}`,
            headers: user.headers,
          });
          return response.json().status;
        },
        { timeout: 20_000, interval: 200 },
      )
      .toBe(10);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output).toContain('hardware check passed');
    expect(output).toContain('node status 10 (active)');
    expect(output).toContain('agent stopped');
    expect(fs.existsSync(path.join(dir, 'state', 'state.json'))).toBe(true);
  });

  it('explains a missing setting and exits with status 2', () => {
    const result = spawn(
      process.execPath,
      ['--import', 'tsx', 'agent/main.ts', '--server', 'http://127.0.0.1:1'],
      {
        cwd: path.resolve(import.meta.dirname, '../..'),
        env: { PATH: process.env.PATH },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stderr = '';
    result.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    return new Promise<void>((resolve) => {
      result.once('exit', (code) => {
        expect(code).toBe(2);
        expect(stderr).toContain('The private key file is required');
        expect(stderr).toContain('Usage:');
        resolve();
      });
    });
  });
});
