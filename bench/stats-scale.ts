/**
 * Statistics at scale: 100 nodes x 35 days of minutes, seeded set-based in time order
 * (bench/stats-seed.ts seedMinutesByTime: the ingest statement's rows and rollups), in PGlite in its worker thread
 * (the product's mode) or, with DATABASE_URL (scripts/with-postgres.sh), in a throwaway PostgreSQL database. The
 * real server then answers POST /stats/v1/nodr/month for 3 nodes, each request another window and trio of nodes
 * (3,960 distinct answers), from a child process (bench/stats-scale-load.ts), at a fixed 500 req/s and at the
 * highest rate 20 connections reach. Uncached is the answer cache switched off (as STATS_CACHE_MB=0 does), so every request
 * runs its query; cached is the cache on with 40 windows that the warm-up has filled. Before and after run in one
 * process against the same rows: "before" without the covering index of the hourly rollup, "after" with it
 * (drizzle/0007_stats_scale.sql). Prints p50/p99/max, the rate offered and achieved, errors, the CPU each request
 * cost (bench/cpu-time.ts) and the load average. Under each layout the month read alone (no HTTP) is timed with both
 * answer builders back to back: before, the database wrote the JSON; after, it hands over integers and the server
 * writes the JSON (server/statistics/stats-points.ts), with the CPU per read of the server and of PostgreSQL.
 *
 * The minutes themselves are generated and folded into the rollups but not stored unless BENCH_MINUTES=1: the month
 * read never touches stat_minute, and storing 5 million rows multiplies the seeding time (minutes on PostgreSQL,
 * far longer on PGlite).
 *
 * Knobs: BENCH_PORT (9122), BENCH_NODES (100), BENCH_DAYS (35), BENCH_RATE (500), BENCH_SECONDS (8),
 * BENCH_CONNECTIONS (20), BENCH_MINUTES (0), BENCH_READS (300, the reads alone per builder).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app.ts';
import { testConfig } from '../server/config.ts';
import type { Db } from '../server/db/database.ts';
import { preparePartitions } from '../server/statistics/partitions.ts';
import { readStatsJson } from '../server/statistics/stats.repository.ts';
import { statsCacheOf } from '../server/statistics/stats-cache.ts';
import { freshDatabase } from '../tests/helpers/database.ts';
import { databaseBuiltMonth } from '../tests/helpers/stats-json-reference.ts';
import { postgresCpuMs, postmasterPid, processCpuMs } from './cpu-time.ts';
import { DAY, seedMinutesByTime, seedNodes, seedTeam } from './stats-seed.ts';

const PORT = Number(process.env.BENCH_PORT ?? 9122);
const NODES = Number(process.env.BENCH_NODES ?? 100);
const DAYS = Number(process.env.BENCH_DAYS ?? 35);
const RATE = Number(process.env.BENCH_RATE ?? 500);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const READS = Number(process.env.BENCH_READS ?? 300);
const STORE_MINUTES = process.env.BENCH_MINUTES === '1';
const MONTH = 30 * DAY;
const CACHE_BYTES = 32 * 1024 * 1024;
const here = path.dirname(fileURLToPath(import.meta.url));

interface LoadResult {
  latency: { p50: number; p99: number; max: number };
  requests: { average: number; total: number };
  non2xx: number;
  errors: number;
}

/** One load run in a child process (bench/stats-scale-load.ts). */
function load(bodies: string[], token: string, rate: number, seconds: number): Promise<LoadResult> {
  const options = {
    url: `http://127.0.0.1:${PORT}/stats/v1/nodr/month`,
    token,
    bodies,
    connections: CONNECTIONS,
  };
  // The bodies are too many for a command line: they go through a file.
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'nodr-load-')), 'options.json');
  fs.writeFileSync(file, JSON.stringify({ ...options, rate, seconds }));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'stats-scale-load.ts'), file], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
      if (code === 0) resolve(JSON.parse(out) as LoadResult);
      else reject(new Error(`load exited with ${code}`));
    });
  });
}

const loadAverage = () => os.loadavg()[0]!.toFixed(1);

/** The layouts compared: the hourly rollup read through its primary key, then through the covering index. */
const LAYOUTS = [
  { name: 'before (primary key)', apply: sql`drop index if exists stat_hour_read_idx` },
  {
    name: 'after (covering index)',
    apply: sql`create index if not exists stat_hour_read_idx on stat_hour (node_id, ts)
      include (uplink, delivered, input, viewers_sum, quality_sum, samples)`,
  },
];

/** A month read of `ids` over [start, end), as the service does it or as it was done before. */
type MonthRead = (db: Db, ids: number[], start: number, end: number) => Promise<unknown>;

/**
 * The builders compared: before, the database wrote the answer's JSON (tests/helpers/stats-json-reference.ts);
 * after, it hands over integers and the server writes the JSON (server/statistics/stats-points.ts).
 */
const BUILDERS: { name: string; read: MonthRead }[] = [
  {
    name: 'before (JSON written by the database)',
    read: (db, ids, start, end) => db.execute(databaseBuiltMonth(ids, start, end)),
  },
  {
    name: 'after (integers from the database, JSON written by the server)',
    read: (db, ids, start, end) => readStatsJson(db, { table: 'stat_hour', interval: 3600 }, ids, start, end),
  },
];

/**
 * The read alone, no HTTP: `count` windows one after another, p50 and p99 in ms, and the CPU each read cost this
 * process (with PGlite's thread) and PostgreSQL.
 */
async function queryAlone(
  db: Db,
  read: MonthRead,
  ids: number[][],
  end: number,
  count: number,
  cpuNow: () => { server: number; database: number },
): Promise<string> {
  const times: number[] = [];
  const before = cpuNow();
  for (let i = 0; i < count; i++) {
    const last = end - (i % 120) * 3600;
    const started = performance.now();
    await read(db, ids[i % ids.length]!, last - MONTH, last);
    times.push(performance.now() - started);
  }
  const after = cpuNow();
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
  const server = ((after.server - before.server) / count).toFixed(2);
  const database = ((after.database - before.database) / count).toFixed(2);
  const cpu = Number(database) > 0 ? `server ${server} ms + PostgreSQL ${database} ms` : `${server} ms`;
  return `p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, CPU per read ${cpu}`;
}

/**
 * How the database reads a month of these nodes' hours (the same filter as readStatsJson's): the scan of the plan,
 * and for an index-only scan how many rows it still had to fetch from the table.
 */
async function readPath(db: Db, ids: number[], end: number): Promise<string> {
  const result = (await db.execute(sql`
    explain (analyze, costs off, timing off, summary off)
    select sum(uplink), sum(delivered), sum(input), sum(viewers_sum), sum(quality_sum), sum(samples) from stat_hour
    where node_id = any(${`{${ids.join(',')}}`}::integer[]) and ts >= ${end - MONTH} and ts < ${end}`)) as unknown as {
    rows: { 'QUERY PLAN': string }[];
  };
  const lines = result.rows.map((row) => row['QUERY PLAN'].trim());
  const scan = lines.find((line) => / Scan /.test(line) && !line.startsWith('Recheck')) ?? lines.join('; ');
  const fetches = lines.find((line) => line.startsWith('Heap Fetches'));
  return `read by ${scan.replace(/^->\s*/, '').replace(/\s*\(actual.*$/, '')}${fetches ? ` (${fetches})` : ''}`;
}

async function main(): Promise<void> {
  const database = await freshDatabase();
  const { db } = database;
  const where =
    database.kind === 'postgres' ? 'PostgreSQL' : `PGlite (${process.env.PGLITE_THREAD ?? 'main'} thread)`;
  console.info(`stats-scale on ${where}, ${os.cpus().length} cores, load average ${loadAverage()}`);
  const seedStarted = performance.now();
  const team = await seedTeam(db);
  const nodes = await seedNodes(db, team.teamId, NODES);
  nodes.sort((a, b) => a.id - b.id);
  const end = Math.floor(Date.now() / 1000 / 3600) * 3600;
  // The partitions of the seeded days and months, as the partition job has made them by then: without them every row
  // lands in the default partition, and the server's partition job moves part of them during the measurement.
  await preparePartitions(db, end - DAYS * DAY, end + DAY);
  await seedMinutesByTime(
    db,
    nodes.map((node) => node.id),
    end,
    DAYS,
    {
      storeMinutes: STORE_MINUTES,
      onProgress: (day) => process.stdout.write(`  seeded day ${day}/${DAYS}\r`),
    },
  );
  // What the retention job does every hour (server/statistics/retention.ts), and the statistics after a bulk load.
  await db.execute(sql`vacuum analyze stat_hour`);
  const rows = (
    (await db.execute(
      sql`select (select count(*) from stat_minute)::float8 as m, (select count(*) from stat_hour)::float8 as h`,
    )) as unknown as { rows: { m: number; h: number }[] }
  ).rows[0]!;
  console.info(
    `  seeded ${NODES} nodes x ${DAYS} days: ${rows.m} minute rows${STORE_MINUTES ? '' : ' (BENCH_MINUTES=1 stores them)'}, ` +
      `${rows.h} hourly rows and the 20-minute rollup ` +
      `in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s (load average ${loadAverage()})`,
  );

  // Distinct answers: 120 month windows an hour apart times the trios of nodes; the cached runs use 40 of them.
  const trios = Array.from({ length: Math.floor(NODES / 3) }, (_, t) => nodes.slice(t * 3, t * 3 + 3));
  const bodies = Array.from({ length: 120 * trios.length }, (_, i) => {
    const last = end - (i % 120) * 3600;
    const trio = trios[Math.floor(i / 120)]!;
    return JSON.stringify({
      startTimestamp: last - MONTH,
      endTimestamp: last,
      clientId: team.teamId,
      licenceKey: trio.map((node) => node.licenseKey),
    });
  });
  const trioIds = trios.map((trio) => trio.map((node) => node.id));

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nodr-bench-'));
  const app = await buildApp({ config: testConfig({ port: PORT, dataDir }), database, logger: false });
  await app.listen({ port: PORT, host: '127.0.0.1' });
  const summary: string[] = [];
  const postmaster = database.kind === 'postgres' ? await postmasterPid(db) : undefined;
  // CPU per request of the server process (with PGlite's thread) and of PostgreSQL: what a rate costs in cores.
  const cpuNow = () => ({ server: processCpuMs(), database: postmaster ? postgresCpuMs(postmaster) : 0 });
  try {
    for (const layout of LAYOUTS) {
      await db.execute(layout.apply);
      await db.execute(sql`analyze stat_hour`);
      const path = await readPath(db, trioIds[0]!, end);
      summary.push(`${where}, ${layout.name}: ${path}`);
      console.info(summary.at(-1));
      // Warm both builders' plans and caches first, then measure them back to back.
      for (const builder of BUILDERS) await queryAlone(db, builder.read, trioIds, end, 20, cpuNow);
      for (const builder of BUILDERS) {
        const alone = await queryAlone(db, builder.read, trioIds, end, READS, cpuNow);
        summary.push(`${where}, ${layout.name}, ${builder.name}, the read alone, one at a time: ${alone}`);
        console.info(summary.at(-1));
      }
      for (const cached of [false, true]) {
        statsCacheOf(db).configure(cached ? CACHE_BYTES : 0);
        const set = cached ? bodies.slice(0, 40) : bodies;
        await load(set, team.token, 0, 2);
        for (const rate of [RATE, 0]) {
          const before = cpuNow();
          const result = await load(set, team.token, rate, SECONDS);
          const after = cpuNow();
          const perRequest = (ms: number) => (ms / Math.max(1, result.requests.total)).toFixed(2);
          const cpu = postmaster
            ? `CPU per request: server ${perRequest(after.server - before.server)} ms + PostgreSQL ${perRequest(after.database - before.database)} ms`
            : `CPU per request ${perRequest(after.server - before.server)} ms`;
          const line =
            `${where}, ${layout.name}, ${cached ? 'cached  ' : 'uncached'}, offered ${rate ? `${rate} req/s` : 'max    '}: ` +
            `achieved ${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, ` +
            `p99 ${result.latency.p99} ms, max ${result.latency.max} ms, ` +
            `${result.non2xx} non-2xx, ${result.errors} errors; ${cpu} (load average ${loadAverage()})`;
          summary.push(line);
          console.info(line);
        }
      }
    }
  } finally {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  console.info(`\nSummary (${where}; target uncached p99 <= 50 ms at ${RATE} req/s, cached p99 <= 20 ms):`);
  for (const line of summary) console.info(`  ${line}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
