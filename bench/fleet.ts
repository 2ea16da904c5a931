import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { nodeRequestHeaders } from '../contracts/node-signing.ts';
import { buildApp } from '../server/app.ts';
import { testConfig } from '../server/config.ts';
import type { Db } from '../server/db/database.ts';
import { manualClock } from '../server/lib/clock.ts';
import { prepareAhead, preparePartitions } from '../server/statistics/partitions.ts';
import { buildClosedRollups, deleteExpiredStats } from '../server/statistics/retention.ts';
import { freshDatabase } from '../tests/helpers/database.ts';
import { type BenchNode, createBenchNode } from './bench-node.ts';
import { DAY, seedTeam } from './stats-seed.ts';

const NODES = Number(process.env.FLEET_NODES ?? 200);
const MINUTES = Number(process.env.FLEET_MINUTES ?? 30);
// How many requests are in flight at once, as many nodes reporting in the same second.
const CONCURRENCY = Number(process.env.FLEET_CONCURRENCY ?? 32);
const STAT_TABLES = ['stat_minute', 'stat_20m', 'stat_hour'] as const;
// 2026-03-10T00:00:00Z: the simulation starts at a midnight, the sized day is the one before.
const START = 1_773_100_800;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

async function one<T>(db: Db, query: ReturnType<typeof sql>): Promise<T | undefined> {
  return rowsOf<T>(await db.execute(query))[0];
}

const createNode = (db: Db, teamId: number) => createBenchNode(db, teamId, 'fleet.example');

/** Bytes of WAL written so far (an LSN as a number). */
async function walPosition(db: Db): Promise<number> {
  const row = await one<{ lsn: string }>(db, sql`select (pg_current_wal_lsn() - '0/0'::pg_lsn)::text as lsn`);
  return Number(row!.lsn);
}

/** CPU milliseconds of the database server's processes (PostgreSQL only: the postmaster and its children). */
async function databaseCpuMs(db: Db, kind: string): Promise<number> {
  if (kind !== 'postgres') return 0;
  const backend = await one<{ pid: number }>(db, sql`select pg_backend_pid() as pid`);
  const statOf = (pid: number | string) => fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = (stat: string) => stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const postmaster = Number(fields(statOf(backend!.pid))[1]);
  const ticks = 100;
  let total = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fields(statOf(entry));
      if (Number(entry) !== postmaster && Number(stat[1]) !== postmaster) continue;
      total += Number(stat[11]) + Number(stat[12]);
    } catch {
      // The process ended while we read.
    }
  }
  return (total / ticks) * 1000;
}

/** Rows inserted, updated (in place or not) and deleted in every table so far, from the statistics views. */
async function tableCounters(db: Db) {
  await db.execute(sql`select pg_stat_force_next_flush()`).catch(() => undefined);
  const rows = rowsOf<{ relname: string; ins: string; upd: string; hot: string; del: string }>(
    await db.execute(sql`
      select relname, n_tup_ins::text as ins, n_tup_upd::text as upd, n_tup_hot_upd::text as hot,
        n_tup_del::text as del
      from pg_stat_user_tables`),
  );
  return new Map(
    rows.map((row) => [
      row.relname,
      {
        written: Number(row.ins) + Number(row.upd) + Number(row.del),
        upd: Number(row.upd),
        hot: Number(row.hot),
      },
    ]),
  );
}

/** Bytes of a statistics table on disk, with its indexes and every partition. */
async function tableBytes(db: Db, table: string): Promise<number> {
  const row = await one<{ bytes: string }>(
    db,
    sql`select coalesce(sum(pg_total_relation_size(c.oid)), 0)::text as bytes from pg_class c
      where c.relname = ${table}
        or c.oid in (select inhrelid from pg_inherits where inhparent = ${table}::regclass)`,
  );
  return Number(row!.bytes);
}

/**
 * WAL bytes written between two positions, by the table (partitions and their indexes under the parent's name) or,
 * for a record that touches none, by its kind (commits...), per point; PostgreSQL only (pg_walinspect).
 */
async function walSplit(db: Db, kind: string, from: number, to: number, points: number) {
  if (kind !== 'postgres') return null;
  await db.execute(sql`create extension if not exists pg_walinspect`);
  const lsn = (bytes: number) =>
    `${Math.floor(bytes / 2 ** 32).toString(16)}/${(bytes % 2 ** 32).toString(16)}`;
  const rows = rowsOf<{ owner: string; bytes: string }>(
    await db.execute(sql`
      with records as (
        select record_length, resource_manager, record_type,
          (regexp_match(block_ref, 'rel [0-9]+/[0-9]+/([0-9]+)'))[1]::oid as node
        from pg_get_wal_records_info(${lsn(from)}::pg_lsn, ${lsn(to)}::pg_lsn)),
      named as (
        select r.record_length, coalesce(
          (select coalesce(t.relname, c.relname) from pg_class c
             left join pg_index i on i.indexrelid = c.oid
             left join pg_class t on t.oid = i.indrelid
             where c.relfilenode = r.node limit 1),
          r.resource_manager || ' ' || split_part(r.record_type, ' ', 1)) as owner
        from records r)
      select regexp_replace(owner, '_(p[0-9]+|default)$', '') as owner, sum(record_length)::text as bytes
      from named group by 1 order by sum(record_length) desc`),
  );
  return Object.fromEntries(
    rows.map((row) => [row.owner, Math.round((Number(row.bytes) / points) * 10) / 10]),
  );
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
}

async function main(): Promise<void> {
  const database = await freshDatabase();
  const db = database.db;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nodr-fleet-'));
  const clock = manualClock(new Date(START * 1000));
  const config = testConfig({ dataDir });
  const app = await buildApp({ config, database, clock, logger: false });
  await app.ready();
  let notifications = 0;
  const publish = app.deps.hub.publishStatsChanged.bind(app.deps.hub);
  app.deps.hub.publishStatsChanged = (nodeIds) => {
    notifications += 1;
    publish(nodeIds);
  };
  try {
    // What the partition job has done by then: the partitions of the coming days and months exist.
    await prepareAhead(db, START);
    const team = await seedTeam(db);
    const fleet: BenchNode[] = [];
    for (let i = 0; i < NODES; i += 1) fleet.push(await createNode(db, team.teamId));

    const latencies: number[] = [];
    let serverCpuMs = 0;
    let points = 0;
    const walBefore = await walPosition(db);
    const countersBefore = await tableCounters(db);
    const dbCpuBefore = await databaseCpuMs(db, database.kind);
    const wallStart = performance.now();
    for (let minute = 0; minute < MINUTES; minute += 1) {
      clock.set(new Date((START + minute * 60 + 30) * 1000));
      const ts = START + minute * 60;
      const nowMs = clock.now().getTime();
      // Requests are signed before the CPU is counted: the figure is the server's, not the simulated agents'.
      // A node's heartbeat, then its report: the replay guard wants each of its requests newer than the last.
      const pairs = fleet.map((node, index) => {
        const telemetry = JSON.stringify({
          points: [
            {
              ts,
              uplink: 40_000_000 + ((index * 7919 + minute) % 1_000_000),
              delivered: 90_000_000 + ((index * 104_729 + minute) % 1_000_000),
              input: 30_000_000 + ((index * 1299 + minute) % 1_000_000),
              viewers: 150 + ((index + minute) % 100),
              quality: 70 + ((index + minute) % 30),
            },
          ],
        });
        return [
          {
            url: '/api/node/v1/heartbeat',
            body: '',
            headers: nodeRequestHeaders(node.licenseKey, node.privateKey, '', nowMs),
          },
          {
            url: '/api/node/v1/telemetry',
            body: telemetry,
            headers: nodeRequestHeaders(node.licenseKey, node.privateKey, telemetry, nowMs + 1),
          },
        ];
      });
      const cpuStart = process.cpuUsage();
      let next = 0;
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next < pairs.length) {
            const pair = pairs[next]!;
            next += 1;
            for (const request of pair) {
              const started = performance.now();
              const response = await app.inject({
                method: 'POST',
                url: request.url,
                headers: {
                  ...request.headers,
                  ...(request.body ? { 'content-type': 'application/json' } : {}),
                },
                payload: request.body || undefined,
              });
              if (response.statusCode !== 200)
                throw new Error(`${request.url} ${response.statusCode}: ${response.body}`);
              if (request.url.endsWith('telemetry')) {
                latencies.push(performance.now() - started);
                points += response.json<{ accepted: number }>().accepted;
              }
            }
          }
        }),
      );
      // The rollup job's run of this minute (every minute, on one replica): its cost is part of each point's.
      await buildClosedRollups(app.deps);
      const cpu = process.cpuUsage(cpuStart);
      serverCpuMs += (cpu.user + cpu.system) / 1000;
    }
    const wallMs = performance.now() - wallStart;
    const databaseMs = (await databaseCpuMs(db, database.kind)) - dbCpuBefore;
    const walAfter = await walPosition(db);
    const walBytes = walAfter - walBefore;
    const countersAfter = await tableCounters(db);
    const walBytesPerPointBy = await walSplit(db, database.kind, walBefore, walAfter, points);
    let written = 0;
    for (const [table, after] of countersAfter)
      written += after.written - (countersBefore.get(table)?.written ?? 0);
    const livenessTable = countersAfter.has('node_liveness') ? 'node_liveness' : 'nodes';
    const liveness = countersAfter.get(livenessTable);
    const livenessBefore = countersBefore.get(livenessTable);
    const updates = (liveness?.upd ?? 0) - (livenessBefore?.upd ?? 0);
    const hotUpdates = (liveness?.hot ?? 0) - (livenessBefore?.hot ?? 0);

    // One day of every node, the day before the simulation, written in SQL: its size per resolution, then its drop.
    const day = START - DAY;
    await preparePartitions(db, day, START - 1);
    const sizes: Record<string, number> = {};
    const ids = `{${fleet.map((node) => node.id).join(',')}}`;
    const seeds: Record<(typeof STAT_TABLES)[number], ReturnType<typeof sql>> = {
      stat_minute: sql`insert into stat_minute (node_id, ts, uplink, delivered, input, viewers, quality)
        select id, ts, 40000000 + ts % 1000000, 90000000 + ts % 1000000, 30000000 + ts % 1000000, 150 + ts % 100, 70 + ts % 30
        from unnest(${ids}::integer[]) as id, generate_series(${day}::bigint, ${START - 60}::bigint, 60) as ts`,
      stat_20m: sql`insert into stat_20m (node_id, ts, uplink, delivered, input, viewers_sum, quality_sum, samples)
        select id, ts, 800000000, 1800000000, 600000000, 3000, 1400, 20
        from unnest(${ids}::integer[]) as id, generate_series(${day}::bigint, ${START - 1200}::bigint, 1200) as ts`,
      stat_hour: sql`insert into stat_hour (node_id, ts, uplink, delivered, input, viewers_sum, quality_sum, samples)
        select id, ts, 2400000000, 5400000000, 1800000000, 9000, 4200, 60
        from unnest(${ids}::integer[]) as id, generate_series(${day}::bigint, ${START - 3600}::bigint, 3600) as ts`,
    };
    for (const table of STAT_TABLES) {
      const before = await tableBytes(db, table);
      await db.execute(seeds[table]);
      await db.execute(sql.raw(`vacuum ${table}`));
      sizes[table] = Math.round(((await tableBytes(db, table)) - before) / NODES);
    }
    // The retention run the day after that day's minutes expire: minutes before START go, the rollups stay.
    const dropClock = { now: () => new Date((START + config.retention.minuteDays * DAY) * 1000) };
    // The rollup job runs every minute, so by the day's retention run every closed bucket is built: build them here,
    // outside the measure, as the job would have, and time what the retention run itself does.
    await buildClosedRollups({ ...app.deps, clock: dropClock });
    const dropWalBefore = await walPosition(db);
    const dropStarted = performance.now();
    const dropped = await deleteExpiredStats({ ...app.deps, clock: dropClock });
    const dropDayMs = performance.now() - dropStarted;
    const dropDayWalBytes = (await walPosition(db)) - dropWalBefore;

    latencies.sort((a, b) => a - b);
    const round = (value: number, digits = 3) => Number(value.toFixed(digits));
    console.info(
      JSON.stringify({
        database: database.kind,
        nodes: NODES,
        minutes: MINUTES,
        points,
        wallMs: Math.round(wallMs),
        walBytesPerPoint: round(walBytes / points, 1),
        walBytesPerPointBy,
        rowsPerPoint: round(written / points),
        cpuMsPerPoint: {
          server: round(serverCpuMs / points),
          database: round(databaseMs / points),
        },
        diskBytesPerNodeDay: sizes,
        dropDayMs: round(dropDayMs, 1),
        dropDayWalBytes,
        droppedRows: dropped,
        ingestP50Ms: round(percentile(latencies, 0.5), 2),
        ingestP99Ms: round(percentile(latencies, 0.99), 2),
        livenessTable,
        livenessUpdates: updates,
        livenessHotShare: updates > 0 ? round(hotUpdates / updates) : null,
        statsNotifications: notifications,
      }),
    );
  } finally {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
