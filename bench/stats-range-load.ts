/**
 * The custom range call under load against the no-database floor (docs/performance.md, "The custom range call"):
 * BENCH_NODES nodes x BENCH_DAYS days of minutes (with their rollups) in PGlite (in its worker thread, as the product
 * runs it), or in a throwaway database on the PostgreSQL server of DATABASE_URL; the real server; autocannon with 50
 * connections for BENCH_SECONDS against two floors and POST /stats/v1/nodr/range for 3 nodes over a 10-day window
 * (20-minute buckets), with the answer cache as the product runs it and off:
 * - the no-database floor: a route added to the same server for this bench that takes the same request (body and
 *   headers) and sends the same answer's bytes from memory, through every hook of the product's routes, touching
 *   no database and no service;
 * - `GET /healthz`, the smallest answer the server has, for scale: next to it the range call also pays for sending
 *   and, in autocannon, receiving 130 KB a request.
 * Prints p50/p99, the server's CPU per request (every thread of the process, the database's worker included) and
 * the range call's p99 as a multiple of each floor's (target: at most 2.5 times the no-database floor's, with the
 * product's cache, on the median of BENCH_ROUNDS rounds). autocannon sends no Accept-Encoding, so answers go uncompressed: it reads compressed bodies at a
 * tenth of the rate, which would measure autocannon.
 *
 * Knobs: BENCH_NODES (20), BENCH_DAYS (35), BENCH_SECONDS (10), BENCH_CONNECTIONS (50), BENCH_ROUNDS (3: the
 * floor and the cached range call measured in turn that many times; the target is read on the median ratio).
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
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const RANGE_DAYS = 10;
/** The bench's own route: the no-database floor. */
const FLOOR_PATH = '/bench/no-database-floor';

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
  /** A measured run after a 2-second warm-up, with the server's CPU per request over the measured part. */
  const measure = async (url: string, post: boolean): Promise<LoadFigures & { cpuMs: number }> => {
    await load(url, post, 2);
    const before = process.cpuUsage();
    const figures = await load(url, post);
    const cpu = process.cpuUsage(before);
    return { ...figures, cpuMs: (cpu.user + cpu.system) / 1000 / Math.max(1, figures.requests.total) };
  };
  const line = (name: string, result: LoadFigures & { cpuMs: number }, floors: [string, number][] = []) =>
    console.info(
      `  ${describeLoad(name, result)}, server CPU ${result.cpuMs.toFixed(3)} ms/request` +
        floors.map(([floor, p99]) => `; p99 ${(result.latency.p99 / p99).toFixed(2)} x ${floor}`).join(''),
    );
  try {
    console.info(
      `stats range (${database.kind}${database.kind === 'pglite' ? `, ${process.env.PGLITE_THREAD ?? 'main'} thread` : ''}): ` +
        `${NODES} nodes x ${DAYS} days, ${RANGE_DAYS}-day range for 3 nodes, ${CONNECTIONS} connections, ${SECONDS} s each`,
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
      // The no-database floor: the same request in, the range call's own answer out, from memory.
      let answer = Buffer.alloc(0);
      app.post(FLOOR_PATH, { schema: { hide: true } }, (_request, reply) =>
        reply.type('application/json; charset=utf-8').send(answer),
      );
      await app.listen({ port: PORT, host: '127.0.0.1' });
      try {
        // The rollup job has built every closed bucket by the time anyone reads, as it does every minute.
        await buildClosedRollups(app.deps);
        const base = `http://127.0.0.1:${PORT}`;
        const first = await fetch(`${base}/stats/v1/nodr/range`, { method: 'POST', headers, body });
        if (!first.ok) throw new Error(`The range call answered ${first.status}: ${await first.text()}`);
        answer = Buffer.from(await first.arrayBuffer());
        const probe = await measure(`${base}/healthz`, false);
        line(`GET /healthz, ${mode}`, probe);
        // A p99 over 10 s moves with whatever else the machine does: the cached mode measures the floor and the
        // range call in turn, ROUNDS times, and the target is read on the median of the rounds' ratios.
        const ratios: number[] = [];
        for (let round = 1; round <= (statsCacheMb > 0 ? ROUNDS : 1); round += 1) {
          const floor = await measure(`${base}${FLOOR_PATH}`, true);
          line(`no-database floor (${answer.length} bytes), ${mode}, round ${round}`, floor);
          const range = await measure(`${base}/stats/v1/nodr/range`, true);
          line(`range call, ${mode}, round ${round}`, range, [
            ['the no-database floor', floor.latency.p99],
            ['GET /healthz', probe.latency.p99],
          ]);
          ratios.push(range.latency.p99 / floor.latency.p99);
        }
        if (ratios.length > 1) {
          const median = [...ratios].sort((a, b) => a - b)[Math.floor(ratios.length / 2)]!;
          console.info(
            `  range call, ${mode}: p99 ${median.toFixed(2)} x the no-database floor, the median of ${ratios.length} rounds ` +
              `(${ratios.map((ratio) => ratio.toFixed(2)).join(', ')}; target at most 2.5)`,
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
