/**
 * Statistics API benchmark: 100 nodes x 35 days of minutes (5,040,000 rows plus rollups) in PGlite, or in
 * a throwaway database on the PostgreSQL server of DATABASE_URL; the real server on port 9120; autocannon at a fixed
 * rate against POST /stats/v1/nodr/{month,week,day} for 3 nodes, with the answer cache off and on. Prints p50/p99
 * latency and the achieved rate.
 *
 * Knobs: BENCH_NODES (100), BENCH_DAYS (35), BENCH_RATE (500), BENCH_SECONDS (10), BENCH_CONNECTIONS (20).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app.ts';
import { testConfig } from '../server/config.ts';
import { freshDatabase } from '../tests/helpers/database.ts';
import { DAY, seedMinutes, seedNodes, seedTeam } from './stats-seed.ts';

const PORT = 9120;
const NODES = Number(process.env.BENCH_NODES ?? 100);
const DAYS = Number(process.env.BENCH_DAYS ?? 35);
const RATE = Number(process.env.BENCH_RATE ?? 500);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const WINDOWS = { month: 30 * DAY, week: 7 * DAY, day: DAY } as const;

const autocannonBin = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../node_modules/autocannon/autocannon.js',
);

interface AutocannonResult {
  latency: { p50: number; p99: number; average: number; max: number };
  requests: { average: number; total: number };
  non2xx: number;
  errors: number;
}

/** autocannon in its own process, so the load generator does not share the server's event loop. */
function autocannon(args: string[]): Promise<AutocannonResult> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [autocannonBin, ...args, '--json', '-n'],
      { maxBuffer: 64 * 1024 * 1024 },
      (error, stdout) => (error ? reject(error) : resolve(JSON.parse(stdout) as AutocannonResult)),
    );
  });
}

async function main(): Promise<void> {
  const database = await freshDatabase();
  const { db } = database;
  const started = performance.now();
  const team = await seedTeam(db);
  const nodes = await seedNodes(db, team.teamId, NODES);
  const end = Math.floor(Date.now() / 1000 / 3600) * 3600;
  await seedMinutes(
    db,
    nodes.map((node) => node.id),
    end,
    DAYS,
    (done) => {
      if (done % 10 === 0) process.stdout.write(`  seeded ${done}/${NODES} nodes\r`);
    },
  );
  await db.execute(sql`analyze`);
  const count = async (table: string) =>
    (
      (await db.execute(sql`select count(*)::float8 as n from ${sql.raw(table)}`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows[0]!.n;
  console.info(
    `stats-api (${database.kind}): seeded ${await count('stat_minute')} minute rows, ${await count('stat_20m')} 20-minute` +
      ` and ${await count('stat_hour')} hourly rows in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nodr-bench-'));
  const licenceKey = nodes.slice(0, 3).map((node) => node.licenseKey);
  try {
    // Uncached: every request runs its query. Cached: the server as configured by default, where repeated windows
    // are answered from memory until telemetry of their nodes arrives (none does during the run).
    for (const [mode, statsCacheMb] of [
      ['uncached', 0],
      ['cached', 32],
    ] as const) {
      const app = await buildApp({
        config: testConfig({ port: PORT, dataDir, statsCacheMb }),
        database,
        logger: false,
      });
      await app.listen({ port: PORT, host: '127.0.0.1' });
      try {
        for (const [period, window] of Object.entries(WINDOWS)) {
          const body = JSON.stringify({
            startTimestamp: end - window,
            endTimestamp: end,
            clientId: team.teamId,
            licenceKey,
          });
          const args = [
            ...[
              '-m',
              'POST',
              '-H',
              'content-type=application/json',
              '-H',
              `authorization=Bearer ${team.token}`,
            ],
            ...['-b', body, '-c', String(CONNECTIONS), `http://127.0.0.1:${PORT}/stats/v1/nodr/${period}`],
          ];
          await autocannon([...args, '-d', '2']);
          const result = await autocannon([...args, '-R', String(RATE), '-d', String(SECONDS)]);
          console.info(
            `  ${mode.padEnd(8)} ${period.padEnd(5)} 3 nodes @ ${RATE} req/s: p50 ${result.latency.p50} ms, ` +
              `p99 ${result.latency.p99} ms, max ${result.latency.max} ms, achieved ${result.requests.average.toFixed(0)} req/s ` +
              `(${result.requests.total} requests, ${result.non2xx} non-2xx, ${result.errors} errors)`,
          );
        }
      } finally {
        await app.close();
      }
    }
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
