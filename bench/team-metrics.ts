/**
 * Benchmark of GET /api/v1/teams/{teamId}/metrics for a team of 1,000 nodes, each seen and with a fresh minute, among
 * 100 other teams of 10 nodes: p50 and p99 of 200 sequential scrapes through the app (app.inject, no socket), the
 * answer's size and its sample count. Figures are printed, never asserted.
 *
 * Usage: `npm run bench:team-metrics` (PGlite in memory), or with DATABASE_URL set for PostgreSQL.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app.ts';
import { testConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/database.ts';
import { apiTokens, teamMembers, teams, users } from '../server/db/schema.ts';
import { seedReferenceData } from '../server/db/seed.ts';
import { hashToken, randomToken } from '../server/lib/tokens.ts';

const TEAM_NODES = 1000;
const OTHER_TEAMS = 100;
const SCRAPES = 200;

const database = await openDatabase({ url: process.env.DATABASE_URL });
const db = database.db;
await seedReferenceData(db);
const app = await buildApp({ config: testConfig(), database, logger: false });
await app.ready();

const now = Math.floor(Date.now() / 1000);
const minute = now - (now % 60) - 60;

/** `count` nodes of a team, each with a liveness row and its last three minutes. */
async function seedTeam(name: string, count: number): Promise<number> {
  const [team] = await db.insert(teams).values({ name }).returning();
  const teamId = team!.id;
  await db.execute(sql`
    insert into nodes (team_id, name, status, config_id, public_key, public_key_fingerprint, license_key, domain)
    select ${teamId}, 'Bench node ' || i, 10, 1, 'bench-key', md5(random()::text || i), md5(random()::text || i),
      'bench-' || md5(random()::text) || '.nodr.example'
    from generate_series(1, ${count}) as i`);
  await db.execute(sql`
    insert into node_liveness (node_id, last_request_ms, last_seen_at)
    select id, ${now * 1000}, to_timestamp(${now}) from nodes where team_id = ${teamId}`);
  await db.execute(sql`
    insert into stat_minute (node_id, ts, uplink, delivered, input, viewers, quality)
    select n.id, ${minute} - m * 60, 6e6, 1.2e7, 3e6, 40, 87.5
    from nodes n, generate_series(0, 2) as m where n.team_id = ${teamId}`);
  return teamId;
}

const seedStart = performance.now();
const teamId = await seedTeam('Bench', TEAM_NODES);
for (let i = 0; i < OTHER_TEAMS; i++) await seedTeam(`Other ${i}`, 10);
const [user] = await db
  .insert(users)
  .values({ email: `bench-${randomToken(6)}@example.com` })
  .returning();
await db.insert(teamMembers).values({ teamId, userId: user!.id, role: 10 });
const token = `nodr_${randomToken()}`;
await db
  .insert(apiTokens)
  .values({ userId: user!.id, teamId, name: 'bench', scope: 'read', tokenHash: hashToken(token) });
console.info(
  `seeded ${TEAM_NODES + OTHER_TEAMS * 10} nodes (${TEAM_NODES} in the scraped team) on ${database.kind} in ` +
    `${Math.round(performance.now() - seedStart)} ms`,
);

const durations: number[] = [];
let body = '';
for (let i = 0; i < SCRAPES; i++) {
  const start = performance.now();
  const response = await app.inject({
    method: 'GET',
    url: `/api/v1/teams/${teamId}/metrics`,
    headers: { authorization: `Bearer ${token}` },
  });
  durations.push(performance.now() - start);
  if (response.statusCode !== 200) throw new Error(`scrape failed: ${response.statusCode} ${response.body}`);
  body = response.body;
}
durations.sort((a, b) => a - b);
const at = (p: number) =>
  durations[Math.min(durations.length - 1, Math.floor(p * durations.length))]!.toFixed(1);
const samples = body.split('\n').filter((line) => line.startsWith('nodr_')).length;
console.info(
  `team metrics, ${TEAM_NODES} nodes, ${SCRAPES} scrapes: p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, ` +
    `${samples} samples, ${Math.round(body.length / 1024)} KiB`,
);
await app.close();
await database.close();
