/**
 * bench:sse: 10,000 open event streams on one server process in PostgreSQL mode, and an event
 * to all of them through NOTIFY. Prints the server's RSS growth for the streams (target ≤ 200 MiB) with the memory
 * per stream, and the delivery latency from the NOTIFY to each stream's line (target p99 ≤ 150 ms).
 *
 * The server is `server/main.ts` in a child process (its RSS is read from /proc); the streams are plain sockets in
 * this process. The streams belong to 1,000 users of one team (each user may hold 10 streams).
 * Usage: `npm run bench:sse` (a throwaway PostgreSQL via scripts/with-postgres.sh). STREAMS and ROUNDS override;
 * BENCH_SSE_WRITES picks the write paths compared (below).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/db/database.ts';
import { sessions, teamMembers, teams, users } from '../server/db/schema.ts';
import { SSE_COOKIE } from '../server/lib/authenticate.ts';
import { BUS_CHANNEL } from '../server/lib/pg-event-bus.ts';
import { hashToken, randomToken } from '../server/lib/tokens.ts';
import { MAX_STREAMS_PER_USER } from '../server/live/sse-streams.ts';

const STREAMS = Number(process.env.STREAMS ?? 10_000);
const ROUNDS = Number(process.env.ROUNDS ?? 5);
const MiB = 1024 * 1024;
const root = path.resolve(import.meta.dirname, '..');
const url = process.env.DATABASE_URL;
if (!url) throw new Error('bench:sse needs DATABASE_URL (npm run bench:sse starts a throwaway PostgreSQL).');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const rssOf = (pid: number) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
/** CPU time a process has used, user and system, in ms; `/proc/<pid>/stat` counts in ticks of 10 ms. */
const cpuMsOf = (pid: number) => {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return { user: Number(fields[11]) * 10, system: Number(fields[12]) * 10 };
};
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** One team, STREAMS / 10 users in it, a session each; returns the team and the tokens. */
async function seed(database: Awaited<ReturnType<typeof openDatabase>>) {
  const { db } = database;
  const [team] = await db.insert(teams).values({ name: 'Bench team' }).returning();
  const people = Math.ceil(STREAMS / MAX_STREAMS_PER_USER);
  const made = await db
    .insert(users)
    .values(
      Array.from({ length: people }, (_, i) => ({ email: `sse${i}@bench.example`, name: 'B', surname: 'S' })),
    )
    .returning({ id: users.id });
  await db.insert(teamMembers).values(made.map((user) => ({ teamId: team!.id, userId: user.id, role: 20 })));
  const tokens = made.map(() => randomToken());
  const expiresAt = new Date(Date.now() + 3_600_000);
  await db
    .insert(sessions)
    .values(made.map((user, i) => ({ userId: user.id, tokenHash: hashToken(tokens[i]!), expiresAt })));
  return { teamId: team!.id, tokens };
}

interface OpenStream {
  /** When each round's line arrived (performance.now()), by round. */
  arrivals: number[];
}

function openStream(port: number, token: string, marker: RegExp): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const stream: OpenStream = { arrivals: [] };
    const request = http.get(
      {
        host: '127.0.0.1',
        port,
        path: '/api/v1/sse/handle',
        agent: false,
        headers: { cookie: `${SSE_COOKIE}=${token}` },
      },
      (response) => {
        if (response.statusCode !== 200) return reject(new Error(`stream refused: ${response.statusCode}`));
        response.setEncoding('utf8');
        // The server going away between two runs ends every stream; nothing to report.
        response.on('error', () => {});
        response.on('data', (chunk: string) => {
          const at = performance.now();
          for (const _ of chunk.matchAll(marker)) stream.arrivals.push(at);
        });
        resolve(stream);
      },
    );
    request.on('error', reject);
  });
}

/**
 * The two ways the server writes an event to its streams, compared in one run: through Node's response
 * (before) and as one chunk encoded once for all streams (after, SSE_FRAMED_WRITES). BENCH_SSE_WRITES=framed (or
 * response) runs one.
 */
const variants = [
  { label: "through Node's response (before)", framed: '0' },
  { label: 'pre-framed chunks (after)', framed: '1' },
].filter((variant) =>
  (process.env.BENCH_SSE_WRITES ?? 'response,framed')
    .split(',')
    .includes(variant.framed === '1' ? 'framed' : 'response'),
);

async function main(): Promise<void> {
  const database = await openDatabase({ url });
  const { teamId, tokens } = await seed(database);
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  console.info(
    `\nbench:sse on ${cpu} × ${os.cpus().length}, ${Math.round(os.totalmem() / MiB / 1024)} GiB, Node ${process.version}`,
  );
  for (const variant of variants) await measure(variant, teamId, tokens, database);
  await database.close();
  process.exit(0);
}

async function measure(
  variant: (typeof variants)[number],
  teamId: number,
  tokens: string[],
  database: Awaited<ReturnType<typeof openDatabase>>,
): Promise<void> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nodr-bench-sse-'));
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DEMO: '0',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      SSE_FRAMED_WRITES: variant.framed,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let ready = false; !ready; await sleep(200)) {
    ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
  }
  // Warm the paths a stream takes once, so the baseline holds the code and the pools the streams reuse.
  await openStream(port, tokens[0]!, /data: 10\n/g);
  await sleep(1_000);
  global.gc?.();
  const before = rssOf(server.pid!);

  const marker = /data: 10\n/g;
  const streams: OpenStream[] = [];
  const opening = performance.now();
  for (let i = 0; i < STREAMS; i += 200) {
    const batch = Array.from({ length: Math.min(200, STREAMS - i) }, (_, j) =>
      openStream(port, tokens[Math.floor((i + j) / MAX_STREAMS_PER_USER)]!, marker),
    );
    streams.push(...(await Promise.all(batch)));
  }
  const openedIn = performance.now() - opening;
  await sleep(2_000);
  const after = rssOf(server.pid!);

  const latencies: number[] = [];
  const serverCpuMs = { user: 0, system: 0 };
  for (let round = 0; round < ROUNDS; round += 1) {
    const cpuBefore = cpuMsOf(server.pid!);
    const sentAt = performance.now();
    const event = JSON.stringify({ kind: 'event', teamId, value: 10 });
    await database.db.execute(sql`select pg_notify(${BUS_CHANNEL}, ${event})`);
    const deadline = sentAt + 10_000;
    while (streams.some((stream) => stream.arrivals.length <= round) && performance.now() < deadline)
      await sleep(5);
    for (const stream of streams) {
      const at = stream.arrivals[round];
      latencies.push(at === undefined ? Number.POSITIVE_INFINITY : at - sentAt);
    }
    const cpuAfter = cpuMsOf(server.pid!);
    serverCpuMs.user += cpuAfter.user - cpuBefore.user;
    serverCpuMs.system += cpuAfter.system - cpuBefore.system;
    await sleep(500);
  }
  latencies.sort((a, b) => a - b);
  const missed = latencies.filter((ms) => !Number.isFinite(ms)).length;
  const growth = after - before;

  // The latency is wall time: on a machine busy with other work it grows; the server's CPU per event does not.
  const load = os.loadavg()[0]!.toFixed(1);
  console.info(`\nevents written ${variant.label}, load average ${load}`);
  console.info(`${STREAMS} streams opened in ${(openedIn / 1000).toFixed(1)} s`);
  console.info(
    `server RSS ${(before / MiB).toFixed(1)} MiB -> ${(after / MiB).toFixed(1)} MiB: growth ${(growth / MiB).toFixed(1)} MiB (target <= 200), ${(growth / STREAMS / 1024).toFixed(1)} KiB per stream`,
  );
  console.info(
    `event to all (${ROUNDS} rounds through NOTIFY): p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms (target <= 150), max ${latencies.at(-1)?.toFixed(1)} ms, missed ${missed}`,
  );
  const perRound = (ms: number) => (ms / ROUNDS).toFixed(0);
  console.info(
    `server CPU per event to all: ${perRound(serverCpuMs.user)} ms user + ${perRound(serverCpuMs.system)} ms system (10 ms ticks)`,
  );

  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
}

await main();
