/**
 * Benchmark of the session check (spec 7: GET /auth/v1/check, called after many actions and before every guarded
 * route) under 50 concurrent connections, with autocannon, against a real listening server. It runs twice in one
 * process (bench/load.ts benchVariants): without the caches (before: the session and the user with its
 * teams are read on every call) and with them (after: the session and the check's answer from this process's
 * memory, no query), and prints p50 / p99 latency and requests per second for both. Figures are printed, never asserted.
 *
 * Usage: `npm run bench:session` (PGlite in memory, in its worker thread), or with DATABASE_URL set for PostgreSQL.
 * BENCH_SECONDS sets the duration (default 10); BENCH_PGLITE_THREADS=main,worker adds the HTTP thread placement,
 * BENCH_SESSION_CACHE=on (or off) runs one setup.
 */
import { buildApp } from '../server/app.ts';
import { testConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/database.ts';
import { sessions, teamMembers, teams, users } from '../server/db/schema.ts';
import { seedReferenceData } from '../server/db/seed.ts';
import { hashToken, randomToken } from '../server/lib/tokens.ts';
import { autocannon, type BenchVariant, benchVariants, describeLoad } from './load.ts';

const CONNECTIONS = 50;
const seconds = Number(process.env.BENCH_SECONDS ?? 10);

async function run({ thread, sessionCacheSize, label }: BenchVariant): Promise<void> {
  const database = await openDatabase({ url: process.env.DATABASE_URL, thread });
  const db = database.db;
  await seedReferenceData(db);
  const app = await buildApp({ config: testConfig({ sessionCacheSize }), database, logger: false });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });

  // A signed-in member of a team, as the web app's check sees one.
  const [user] = await db
    .insert(users)
    .values({ email: `bench-${randomToken(6)}@example.com`, name: 'Bench', surname: 'User' })
    .returning();
  const [team] = await db.insert(teams).values({ name: 'Bench' }).returning();
  await db.insert(teamMembers).values({ teamId: team!.id, userId: user!.id, role: 10 });
  const token = randomToken();
  await db.insert(sessions).values({
    userId: user!.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + 86_400_000),
  });

  const figures = await autocannon(`${base}/auth/v1/check`, {
    connections: CONNECTIONS,
    seconds,
    headers: { authorization: `Bearer ${token}` },
  });
  console.info(describeLoad(`session check, ${CONNECTIONS} connections, ${seconds} s, ${label}`, figures));
  await app.close();
  await database.close();
}

for (const variant of benchVariants()) await run(variant);
