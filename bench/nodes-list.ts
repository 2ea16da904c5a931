/**
 * Benchmark of the My NODR hot paths, against a real listening server with seeded data:
 *  1. POST /api/v1/nodres/team/{teamId} (the node list) under 50 concurrent connections, with autocannon:
 *     p50 / p99 latency and requests per second.
 *  2. Event delivery latency to 1,000 open event streams: from the toggle call that changes a node's status to
 *     the `data: 20` line arriving on each stream.
 * The load (autocannon, and the 1,000 streams) runs in child processes, so that the clients do not share the
 * server's event loop. Figures are printed, never asserted.
 *
 * Both run twice in one process (bench/load.ts benchVariants): without the session cache (before) and
 * with it (after).
 *
 * Usage: `npm run bench:nodes` (PGlite in memory, in its worker thread), or with DATABASE_URL set for PostgreSQL (it
 * migrates and seeds that database). BENCH_SECONDS sets the list duration (default 10); BENCH_PGLITE_THREADS=main,worker
 * adds the HTTP thread placement, BENCH_SESSION_CACHE=on (or off) runs one setup.
 */
import { fork } from 'node:child_process';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { MAX_STREAMS_PER_USER } from '../server/live/sse-streams.ts';
import { autocannon, type BenchVariant, benchVariants, describeLoad } from './load.ts';

const STREAMS = 1000;
const ROUNDS = 5;

interface StreamJob {
  base: string;
  cookies: string[];
  token: string;
  teamId: number;
  nodeId: number;
}

if (process.argv[2] === '--streams') await streamsClient(JSON.parse(process.argv[3]!) as StreamJob);
else for (const variant of benchVariants()) await run(variant);

async function run({ thread, sessionCacheSize, label }: BenchVariant): Promise<void> {
  console.info(`\n${label}`);
  const { buildApp } = await import('../server/app.ts');
  const { testConfig } = await import('../server/config.ts');
  const { openDatabase } = await import('../server/db/database.ts');
  const { sessions, teamMembers, teams, users } = await import('../server/db/schema.ts');
  const { seedReferenceData } = await import('../server/db/seed.ts');
  const { SSE_COOKIE } = await import('../server/lib/authenticate.ts');
  const { hashToken, randomToken } = await import('../server/lib/tokens.ts');

  const seconds = Number(process.env.BENCH_SECONDS ?? 10);
  const otherTeams = 300;
  const database = await openDatabase({ url: process.env.DATABASE_URL, thread });
  const db = database.db;
  await seedReferenceData(db);
  const app = await buildApp({ config: testConfig({ sessionCacheSize }), database, logger: false });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });

  async function member(teamId: number): Promise<string> {
    const [user] = await db
      .insert(users)
      .values({ email: `bench-${randomToken(6)}@example.com` })
      .returning();
    await db.insert(teamMembers).values({ teamId, userId: user!.id, role: 10 });
    const token = randomToken();
    await db.insert(sessions).values({
      userId: user!.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    return token;
  }

  // Three nodes per team in the list's statuses, with a stored check: a full list as the screen sees it.
  const check = JSON.stringify({
    result: true,
    check_config_nodr: {
      storage: { used: 6e11, result: true },
      ram: { used: 1.6e10, result: true },
      ip: { used: '1.2.3.4', result: true },
      os: { used: 10, result: true },
      bandwidth: { used: 1e9, result: true },
    },
  });
  async function seedNodes(teamId: number): Promise<void> {
    await db.execute(sql`
      insert into nodes (team_id, name, status, "check", config_id, public_key, public_key_fingerprint, license_key,
        domain, storage, ram, ip_address, os, bandwidth)
      select ${teamId}, 'Bench node ' || i, (array[10, 1, 20])[i], ${check}, 1, 'bench-key', md5(random()::text || i),
        md5(random()::text || i), 'bench-' || md5(random()::text) || '.nodr.example', 6e11, 1.6e10, '1.2.3.4', 10, 1e9
      from generate_series(1, 3) as i`);
  }

  const seedStart = performance.now();
  const [benchTeam] = await db.insert(teams).values({ name: 'Bench' }).returning();
  const teamId = benchTeam!.id;
  const token = await member(teamId);
  await seedNodes(teamId);
  for (let i = 0; i < otherTeams; i++) {
    const [team] = await db
      .insert(teams)
      .values({ name: `Other ${i}` })
      .returning();
    await member(team!.id);
    await seedNodes(team!.id);
  }
  console.info(
    `seeded ${otherTeams + 1} teams, ${(otherTeams + 1) * 3} nodes on ${database.kind} in ` +
      `${Math.round(performance.now() - seedStart)} ms`,
  );

  // 1. The node list under 50 concurrent connections.
  const list = await autocannon(`${base}/api/v1/nodres/team/${teamId}`, {
    connections: 50,
    seconds,
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  console.info(describeLoad(`node list, 50 connections, ${seconds} s, ${label}`, list));

  // 2. Event delivery to 1,000 open streams, triggered by a real toggle call: 100 members with 10 streams each, since
  // a user may hold MAX_STREAMS_PER_USER (the server closes the oldest beyond it; with 10 members only 100 stayed open).
  const cookies: string[] = [];
  for (let i = 0; i < STREAMS / MAX_STREAMS_PER_USER; i++)
    cookies.push(`${SSE_COOKIE}=${await member(teamId)}`);
  const rows = (await db.execute(
    sql`select id from nodes where team_id = ${teamId} and status = 10 limit 1`,
  )) as unknown as {
    rows: { id: number }[];
  };
  const job: StreamJob = { base, cookies, token, teamId, nodeId: rows.rows[0]!.id };
  await new Promise<void>((resolve, reject) => {
    const child = fork(process.argv[1]!, ['--streams', JSON.stringify(job)], { stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`streams client exited with ${code}`)),
    );
  });

  await app.close();
  await database.close();
}

/** The child process that holds the 1,000 streams and measures when each sees the change. */
async function streamsClient(job: StreamJob): Promise<void> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
  let expected = '';
  const arrivals: number[] = new Array(STREAMS).fill(0);
  const requests: http.ClientRequest[] = [];
  const connectStart = performance.now();
  await Promise.all(
    Array.from(
      { length: STREAMS },
      (_, i) =>
        new Promise<void>((resolve, reject) => {
          const request = http.get(
            `${job.base}/api/v1/sse/handle`,
            { agent, headers: { cookie: job.cookies[i % job.cookies.length]! } },
            (response) => {
              if (response.statusCode !== 200) reject(new Error(`stream ${i}: ${response.statusCode}`));
              response.setEncoding('utf8');
              response.on('data', (chunk: string) => {
                if (chunk.includes('retry:')) resolve();
                if (expected && arrivals[i] === 0 && chunk.includes(expected))
                  arrivals[i] = performance.now();
              });
            },
          );
          request.on('error', reject);
          requests.push(request);
        }),
    ),
  );
  console.info(`opened ${STREAMS} event streams in ${Math.round(performance.now() - connectStart)} ms`);

  const percentile = (sorted: number[], p: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
  const all: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    arrivals.fill(0);
    expected = 'data: 20';
    const sent = performance.now();
    const response = await fetch(
      `${job.base}/api/v1/nodres/team/${job.teamId}/update_active_nodres/${job.nodeId}`,
      {
        method: 'PUT',
        headers: { authorization: `Bearer ${job.token}` },
      },
    );
    if (response.status !== 200) throw new Error(`toggle: ${response.status}`);
    const deadline = performance.now() + 10_000;
    while (arrivals.includes(0) && performance.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 1));
    const received = arrivals.filter((arrival) => arrival > 0);
    const delays = received.map((arrival) => arrival - sent).sort((a, b) => a - b);
    all.push(...delays);
    console.info(
      `event round ${round + 1}: ${received.length}/${STREAMS} streams, p50 ${percentile(delays, 0.5).toFixed(1)} ms, ` +
        `p99 ${percentile(delays, 0.99).toFixed(1)} ms, last ${delays.at(-1)?.toFixed(1)} ms`,
    );
    expected = '';
  }
  all.sort((a, b) => a - b);
  console.info(
    `event delivery to ${STREAMS} streams over ${ROUNDS} rounds (from the toggle call): p50 ` +
      `${percentile(all, 0.5).toFixed(1)} ms, p99 ${percentile(all, 0.99).toFixed(1)} ms, max ${all.at(-1)?.toFixed(1)} ms`,
  );
  for (const request of requests) request.destroy();
  agent.destroy();
}
