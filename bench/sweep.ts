/**
 * Benchmark of the node health sweep: 10,000 active nodes (3 per team, one admin each), then the cost of
 * one sweep pass in ms: a quiet pass (nothing changed: the steady state, run every few seconds) and a pass in which
 * 100 nodes went offline (claim, record, queue and mail their alerts), with the query plan of the claim.
 * Figures are printed, never asserted.
 *
 * Usage: `npm run bench:sweep` (PGlite in memory, then PostgreSQL too when DATABASE_URL is set).
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app.ts';
import { testConfig } from '../server/config.ts';
import { type Database, openDatabase } from '../server/db/database.ts';
import { seedReferenceData } from '../server/db/seed.ts';
import { manualClock } from '../server/lib/clock.ts';

const NODES = 10_000;
const PER_TEAM = 3;
const QUIET_PASSES = 30;
const GOING_OFFLINE = 100;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function seed(database: Database, now: Date): Promise<void> {
  const teams = Math.ceil(NODES / PER_TEAM);
  const at = now.toISOString();
  await database.db.execute(sql`
    insert into teams (id, name) select t, 'Bench ' || t from generate_series(1, ${teams}) t`);
  await database.db.execute(sql`
    insert into users (id, email) select t, 'bench' || t || '@example.com' from generate_series(1, ${teams}) t`);
  await database.db.execute(sql`
    insert into team_members (team_id, user_id, role) select t, t, 10 from generate_series(1, ${teams}) t`);
  await database.db.execute(sql`
    insert into nodes (team_id, status, config_id, public_key, public_key_fingerprint, license_key, domain)
    select (i - 1) / ${PER_TEAM} + 1, 10, 1, 'bench', md5('f' || i), md5('l' || i), i || '.nodr.example'
    from generate_series(1, ${NODES}) i`);
  await database.db.execute(sql`
    insert into node_liveness (node_id, last_seen_at) select id, ${at}::timestamptz from nodes`);
  await database.db.execute(sql`analyze`);
}

async function run(label: string, url: string | undefined): Promise<void> {
  const database = await openDatabase({ url });
  await seedReferenceData(database.db);
  const clock = manualClock(new Date());
  const config = testConfig({ nodeOfflineAfterS: 60, dataDir: `/tmp/nodr-bench-sweep-${process.pid}` });
  const app = await buildApp({ config, database, clock, logger: false });
  try {
    await seed(database, clock.now());
    // Past the grace of a start, and every node reported a second ago.
    clock.advance(61_000);
    await database.db.execute(
      sql`update node_liveness set last_seen_at = ${clock.now().toISOString()}::timestamptz`,
    );
    clock.advance(1_000);
    const quiet: number[] = [];
    for (let pass = 0; pass < QUIET_PASSES; pass += 1) {
      const start = performance.now();
      const changes = await app.deps.health.sweep();
      quiet.push(performance.now() - start);
      if (changes.length > 0) throw new Error('a quiet pass found transitions');
    }
    await database.db.execute(sql`
      update node_liveness set last_seen_at = ${new Date(clock.now().getTime() - 120_000).toISOString()}::timestamptz
      where node_id <= ${GOING_OFFLINE}`);
    const start = performance.now();
    const changes = await app.deps.health.sweep();
    const busy = performance.now() - start;
    const plan = await database.db.execute(sql`
      explain select n.id from nodes n left join node_liveness l on l.node_id = n.id where n.status = 10 and (
        (n.offline_since is null and (l.last_seen_at < now() - interval '60 s' or l.last_seen_at is null))
        or (n.offline_since is not null and l.last_seen_at >= now() - interval '60 s'))`);
    console.info(`\n${label}: ${NODES} active nodes`);
    console.info(
      `  quiet pass (no transition): median ${median(quiet).toFixed(2)} ms, max ${Math.max(...quiet).toFixed(2)} ms`,
    );
    console.info(`  pass with ${changes.length} nodes going offline (+ alert mails): ${busy.toFixed(1)} ms`);
    console.info('  plan of the claim:');
    for (const row of (plan as unknown as { rows: { 'QUERY PLAN': string }[] }).rows)
      console.info(`    ${row['QUERY PLAN']}`);
  } finally {
    await app.close();
    await database.close();
  }
}

await run('PGlite (in memory)', undefined);
if (process.env.DATABASE_URL) await run('PostgreSQL', process.env.DATABASE_URL);
