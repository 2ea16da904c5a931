import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TelemetryPoint } from '../contracts/node-protocol.schema.ts';
import { verifyNodeSignature } from '../contracts/node-signing.ts';
import { AGENT_VERSION, VERSION_PATTERN } from '../contracts/node-versions.ts';
import { simulatedMinute } from '../simulation/traffic.ts';
import type { NodeAgent } from './agent.ts';
import type { FetchLike } from './client.ts';
import type { AgentClock } from './clock.ts';
import { createAgent } from './create.ts';
import type { AgentLogger } from './log.ts';
import type { AgentOptions } from './options.ts';

const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const privatePem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const publicPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
const LICENSE = 'license-key-for-tests';
const PROFILE = { seed: 7, peakViewers: 200, bitrate: 4_000_000, utcOffsetHours: 0 };

/**
 * A node endpoint double with the server's rules: signature over `<timestamp>.<body>`, strictly increasing
 * timestamps, check only while configuring, telemetry only while active, idempotent per minute.
 */
function fakeServer() {
  const server = {
    status: 1,
    checkPasses: true,
    down: false,
    /** throw away the answer of the next telemetry request after storing its points (a lost response) */
    loseNextAnswer: false,
    lastTimestamp: 0,
    stored: new Map<number, TelemetryPoint>(),
    calls: [] as string[],
    /** the bodies of the check and the heartbeats, in order */
    reports: [] as { route: string; body: Record<string, unknown> }[],
    telemetryBatches: [] as number[],
  };
  const answer = (status: number, body: unknown) => ({ status, text: async () => JSON.stringify(body) });
  const fetch: FetchLike = async (url, init) => {
    if (server.down) throw new TypeError('fetch failed: connect ECONNREFUSED');
    const route = new URL(url).pathname.replace('/api/node/', '');
    const timestamp = init.headers['x-nodr-timestamp'] ?? '';
    expect(init.headers['x-nodr-license']).toBe(LICENSE);
    expect(verifyNodeSignature(publicPem, timestamp, init.body, init.headers['x-nodr-signature'] ?? '')).toBe(
      true,
    );
    if (Number(timestamp) <= server.lastTimestamp)
      return answer(401, { error: 'replayed', message: 'replayed' });
    server.lastTimestamp = Number(timestamp);
    server.calls.push(route);
    const body = JSON.parse(init.body);
    if (route !== 'v1/telemetry') server.reports.push({ route, body });
    if (route === 'v1/check') {
      if (server.status !== 1)
        return answer(409, { error: 'not_configuring', message: 'not being configured' });
      expect(body).toEqual(expect.objectContaining({ os: 10, ip: expect.any(String) }));
      server.status = 1;
      const verdict = { used: 1, result: server.checkPasses };
      const items = {
        storage: verdict,
        ram: { used: 2, result: true },
        ip: verdict,
        os: verdict,
        bandwidth: verdict,
      };
      (server as { passed?: boolean }).passed = server.checkPasses;
      return answer(200, { result: server.checkPasses, check_config_nodr: items });
    }
    if (route === 'v1/heartbeat') {
      if (server.status === 1 && (server as { passed?: boolean }).passed) server.status = 10;
      return answer(200, { status: server.status });
    }
    if (route === 'v1/telemetry') {
      if (server.status !== 10) return answer(409, { error: 'node_not_active', message: 'not active' });
      let accepted = 0;
      for (const point of body.points as TelemetryPoint[]) {
        expect(point.ts % 60).toBe(0);
        if (!server.stored.has(point.ts)) {
          server.stored.set(point.ts, point);
          accepted += 1;
        }
      }
      server.telemetryBatches.push(body.points.length);
      if (server.loseNextAnswer) {
        server.loseNextAnswer = false;
        throw new TypeError('fetch failed: socket hang up');
      }
      return answer(200, { accepted, duplicates: body.points.length - accepted });
    }
    return answer(404, { error: 'not_found', message: route });
  };
  return { server, fetch };
}

function testClock(start: number): AgentClock & { set(ms: number): void; advance(ms: number): void } {
  let now = start;
  return {
    now: () => now,
    sleep: async () => {},
    set: (ms) => {
      now = ms;
    },
    advance: (ms) => {
      now += ms;
    },
  };
}

const quiet: AgentLogger & { lines: string[] } = {
  lines: [],
  debug() {},
  info(message) {
    quiet.lines.push(message);
  },
  warn(message) {
    quiet.lines.push(message);
  },
  error(message) {
    quiet.lines.push(message);
  },
};

// 2026-03-02 10:00:30 UTC: half a minute into a minute.
const START = Date.UTC(2026, 2, 2, 10, 0, 30);

describe('the node agent core', () => {
  let dir: string;
  let options: AgentOptions;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nodr-agent-'));
    fs.writeFileSync(path.join(dir, 'private.pem'), privatePem, { mode: 0o600 });
    options = {
      apiUrl: 'http://dashboard.test/api/node/',
      privateKeyFile: path.join(dir, 'private.pem'),
      licenseKey: LICENSE,
      simulate: true,
      stateDir: path.join(dir, 'state'),
      dataDir: dir,
      verbose: false,
    };
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  async function agentWith(fetch: FetchLike, clock: AgentClock, random = () => 0.5): Promise<NodeAgent> {
    return createAgent(options, { fetch, clock, log: quiet, random, profile: PROFILE });
  }

  /** Steps the agent through `minutes` minutes, waking it whenever it is due, as `run()` would. */
  async function runFor(agent: NodeAgent, clock: ReturnType<typeof testClock>, minutes: number) {
    const end = clock.now() + minutes * 60_000;
    for (;;) {
      const next = await agent.step();
      if (next >= end) break;
      clock.set(Math.max(clock.now(), next));
    }
    clock.set(end);
  }

  it('posts the hardware check, then a heartbeat that makes the node active', async () => {
    const { server, fetch } = fakeServer();
    const clock = testClock(START);
    const agent = await agentWith(fetch, clock);
    const next = await agent.step();
    expect(server.calls).toEqual(['v1/check', 'v1/heartbeat']);
    expect(server.status).toBe(10);
    expect(agent.nodeStatus).toBe(10);
    // Next: collecting the minute that is running, 2 s after it ends.
    expect(next).toBe(Date.UTC(2026, 2, 2, 10, 1, 2));
  });

  it('says its version in the hardware check and in every heartbeat', async () => {
    const { server, fetch } = fakeServer();
    const clock = testClock(START);
    const agent = await agentWith(fetch, clock);
    await agent.step();
    clock.advance(60_000);
    await agent.step();
    expect(server.reports.map(({ route }) => route)).toEqual(['v1/check', 'v1/heartbeat', 'v1/heartbeat']);
    for (const { body } of server.reports) expect(body.agentVersion).toBe(AGENT_VERSION);
    expect(AGENT_VERSION).toMatch(new RegExp(VERSION_PATTERN));
  });

  it('checks again every minute while the check fails, and becomes active once it passes', async () => {
    const { server, fetch } = fakeServer();
    server.checkPasses = false;
    const clock = testClock(START);
    const agent = await agentWith(fetch, clock);
    await agent.step();
    expect(agent.nodeStatus).toBe(1);
    expect(quiet.lines.some((line) => line.includes('hardware check failed'))).toBe(true);
    server.checkPasses = true;
    await runFor(agent, clock, 2);
    expect(server.calls.filter((call) => call === 'v1/check').length).toBeGreaterThanOrEqual(2);
    expect(agent.nodeStatus).toBe(10);
  });

  it('skips the check for a node that is already active and reports one point a minute', async () => {
    const { server, fetch } = fakeServer();
    server.status = 10;
    const clock = testClock(START);
    const agent = await agentWith(fetch, clock);
    await runFor(agent, clock, 10);
    // The minute the agent started in is not reported (it saw only part of it); the nine after it are.
    const minutes = [...server.stored.keys()];
    const first = Date.UTC(2026, 2, 2, 10, 1) / 1000;
    expect(minutes).toEqual(Array.from({ length: 9 }, (_, index) => first + index * 60));
    for (const [ts, point] of server.stored) expect(point).toEqual(simulatedMinute(ts, PROFILE));
    expect(server.telemetryBatches.every((size) => size === 1)).toBe(true);
    expect(server.calls.filter((call) => call === 'v1/heartbeat').length).toBe(10);
    expect(server.calls[0]).toBe('v1/check');
  });

  it('queues while the server is down, backs off with a cap, and delivers every minute once when it is back', async () => {
    const { server, fetch } = fakeServer();
    server.status = 10;
    const clock = testClock(START);
    const agent = await createAgent(options, {
      fetch,
      clock,
      log: quiet,
      random: () => 0.999,
      profile: PROFILE,
      maxBackoffMs: 60_000,
    });
    await runFor(agent, clock, 3);
    server.down = true;
    quiet.lines.length = 0;
    await runFor(agent, clock, 30);
    // Retry delays double from 1 s and stop growing at the cap (60 s); collection goes on meanwhile.
    const delays = quiet.lines.flatMap((line) => /retrying in (\d+) s/.exec(line)?.[1] ?? []).map(Number);
    expect(delays.slice(0, 4)).toEqual([1, 2, 4, 8]);
    expect(Math.max(...delays)).toBe(60);
    // One backoff for the whole agent: about one attempt a minute at the cap, not one per task.
    expect(delays.length).toBeLessThan(40);
    const queued = fs.readFileSync(path.join(options.stateDir, 'queue.jsonl'), 'utf8').trim().split('\n');
    expect(queued.length).toBe(30);
    server.down = false;
    await runFor(agent, clock, 2);
    const minutes = [...server.stored.keys()].sort((a, b) => a - b);
    expect(minutes.length).toBe(2 + 30 + 2);
    expect(minutes.every((ts, index) => index === 0 || ts - (minutes[index - 1] ?? 0) === 60)).toBe(true);
    expect(fs.readFileSync(path.join(options.stateDir, 'queue.jsonl'), 'utf8')).toBe('');
  });

  it('resends a batch whose answer was lost; the server keeps each minute once', async () => {
    const { server, fetch } = fakeServer();
    server.status = 10;
    const clock = testClock(START);
    const agent = await agentWith(fetch, clock);
    await runFor(agent, clock, 2);
    server.loseNextAnswer = true;
    await runFor(agent, clock, 3);
    expect(server.stored.size).toBe(4);
    // The lost batch was sent again (same minute twice), the server counted it once.
    expect(server.telemetryBatches.reduce((sum, size) => sum + size, 0)).toBe(5);
  });

  it('survives a restart: the queue and the last minute are on disk, timestamps keep increasing', async () => {
    const { server, fetch } = fakeServer();
    server.status = 10;
    const clock = testClock(START);
    const first = await agentWith(fetch, clock);
    await runFor(first, clock, 3);
    server.down = true;
    await runFor(first, clock, 5);
    // A new process on the same state folder, with the clock stepped back by 10 s (an NTP correction).
    clock.advance(-10_000);
    server.down = false;
    const second = await agentWith(fetch, clock);
    await runFor(second, clock, 2);
    const minutes = [...server.stored.keys()].sort((a, b) => a - b);
    expect(minutes.length).toBe(2 + 5 + 2);
    expect(new Set(minutes).size).toBe(minutes.length);
    expect(quiet.lines.some((line) => line.includes('replayed'))).toBe(false);
  });

  it('keeps running when collecting fails for a reason other than the network', async () => {
    const { server, fetch } = fakeServer();
    server.status = 10;
    const clock = testClock(START);
    const agent = await createAgent(options, { fetch, clock, log: quiet, profile: PROFILE });
    // The queue file cannot be written: its folder is replaced by a file.
    fs.rmSync(options.stateDir, { recursive: true, force: true });
    fs.writeFileSync(options.stateDir, 'not a folder');
    await runFor(agent, clock, 3);
    expect(quiet.lines.some((line) => /collect failed/.test(line))).toBe(true);
    expect(server.calls.filter((call) => call === 'v1/heartbeat').length).toBe(3);
  });

  it('stops reporting while the node is inactive and resumes when it is active again', async () => {
    const { server, fetch } = fakeServer();
    server.status = 10;
    const clock = testClock(START);
    const agent = await agentWith(fetch, clock);
    await runFor(agent, clock, 2);
    server.status = 20;
    await runFor(agent, clock, 5);
    const whileInactive = server.stored.size;
    expect(agent.nodeStatus).toBe(20);
    server.status = 10;
    await runFor(agent, clock, 3);
    expect(whileInactive).toBeLessThanOrEqual(2);
    expect(server.stored.size).toBeGreaterThan(whileInactive);
    // Inactive minutes are not made up afterwards.
    const minutes = [...server.stored.keys()];
    expect(minutes.filter((ts) => ts >= START / 1000 + 150 && ts < START / 1000 + 360)).toEqual([]);
  });
});
