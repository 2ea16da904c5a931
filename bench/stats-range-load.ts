/**
 * The custom range call under load against the no-database floor (docs/performance.md, "The custom range call"):
 * BENCH_NODES nodes x BENCH_DAYS days of minutes (with their rollups) in PGlite, or in a throwaway database on the
 * PostgreSQL server of DATABASE_URL; the real server; autocannon with 50 connections for BENCH_SECONDS against
 * GET /healthz (the floor: the same server and HTTP stack, no query) and POST /stats/v1/nodr/range for 3 nodes over a
 * 10-day window (20-minute buckets), with the answer cache as the product runs it and off. Prints p50/p99 and the
 * range call's p99 as a multiple of the floor's (target: at most 2.5 with the product's cache).
 *
 * Knobs: BENCH_NODES (20), BENCH_DAYS (35), BENCH_SECONDS (10), BENCH_CONNECTIONS (50).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app.ts';
import { testConfig } from '../server/config.ts';
import { buildClosedRollups } from '../server/statistics/retention.ts';
import { freshDatabase } from '../tests/helpers/database.ts';
import { autocannon, describeLoad, type LoadFigures } from './load.ts';
import { DAY, seedMinutes, seedNodes, seedTeam } from './stats-seed.ts';

const PORT = Number(process.env.BENCH_PORT ?? 9123);
const NODES = Number(process.env.BENCH_NODES ?? 20);
const DAYS = Number(process.env.BENCH_DAYS ?? 35);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const RANGE_DAYS = 10;

const iso = (seconds: number) => new Date(seconds * 1000).toISOString().replace('.000Z', 'Z');

async function main(): Promise<void> {
  const database = await freshDatabase();
  const { db } = database;
  const team = await seedTeam(db);
  const nodes = await seedNodes(db, team.teamId, NODES);
  const end = Math.floor(Date.now() / 1000 / DAY) * DAY;
  await seedMinutes(
    db,
    nodes.map((node) => node.id),
    end,
    DAYS,
  );
  await db.execute(sql`analyze`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nodr-bench-'));
  const body = JSON.stringify({
    from: iso(end - RANGE_DAYS * DAY),
    to: iso(end),
    clientId: team.teamId,
    licenceKey: nodes.slice(0, 3).map((node) => node.licenseKey),
  });
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${team.token}` };
  const load = (url: string, post: boolean, seconds = SECONDS) =>
    autocannon(url, {
      connections: CONNECTIONS,
      seconds,
      ...(post ? { method: 'POST', headers, body } : {}),
    });
  const line = (name: string, result: LoadFigures, floor?: number) =>
    console.info(
      `  ${describeLoad(name, result)}` +
        (floor ? `; p99 ${(result.latency.p99 / floor).toFixed(2)} x the floor` : ''),
    );
  try {
    console.info(
      `stats range (${database.kind}): ${NODES} nodes x ${DAYS} days, ${RANGE_DAYS}-day range for 3 nodes, ` +
        `${CONNECTIONS} connections, ${SECONDS} s each`,
    );
    for (const [mode, statsCacheMb] of [
      ['cache as configured', testConfig().statsCacheMb],
      ['cache off', 0],
    ] as const) {
      const app = await buildApp({
        config: testConfig({ port: PORT, dataDir, statsCacheMb }),
        database,
        logger: false,
      });
      await app.listen({ port: PORT, host: '127.0.0.1' });
      try {
        // The rollup job has built every closed bucket by the time anyone reads, as it does every minute.
        await buildClosedRollups(app.deps);
        const base = `http://127.0.0.1:${PORT}`;
        await load(`${base}/healthz`, false, 2);
        const floor = await load(`${base}/healthz`, false);
        line(`floor (GET /healthz), ${mode}`, floor);
        await load(`${base}/stats/v1/nodr/range`, true, 2);
        line(`range call, ${mode}`, await load(`${base}/stats/v1/nodr/range`, true), floor.latency.p99);
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
