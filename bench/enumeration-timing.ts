/**
 * Enumeration timing: do `guest/register` and `guest/recovery-password` take measurably
 * different time for an address with an account and one without? For each call it times 500 requests for known
 * and 500 for unknown addresses, interleaved in random order, through `app.inject()` on PGlite in memory, and
 * prints the medians and their gap (target: under 0.5 ms). The server's clock is moved an hour between requests so
 * that no rate limit or mail budget interferes; queued mail work is drained between requests, outside the timing.
 * Figures are printed, never asserted.
 *
 * Usage: `npm run bench:enumeration` (BENCH_REQUESTS sets the count per side, default 500).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { hashPassword } from '../server/accounts/passwords.ts';
import { buildApp } from '../server/app.ts';
import { testConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/database.ts';
import { users } from '../server/db/schema.ts';
import { seedReferenceData } from '../server/db/seed.ts';
import { manualClock } from '../server/lib/clock.ts';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 500);
const WARMUP = 50;
const HOUR_MS = 3_600_000;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nodr-bench-enum-'));
const database = await openDatabase({});
await seedReferenceData(database.db);
const clock = manualClock(new Date());
const app = await buildApp({ config: testConfig({ dataDir }), database, clock, logger: false });
await app.ready();

const passwordHash = await hashPassword('bench-secret-1');
const known = Array.from({ length: 20 }, (_, i) => `known${i}@bench.example`);
await database.db.insert(users).values(known.map((email) => ({ email, passwordHash })));

let counter = 0;
async function timed(url: string, login: string): Promise<number> {
  counter += 1;
  clock.advance(HOUR_MS);
  const started = performance.now();
  const response = await app.inject({
    method: 'POST',
    url,
    payload: new URLSearchParams({ login }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    remoteAddress: `10.9.${(counter >> 8) & 255}.${counter & 255}`,
  });
  const elapsed = performance.now() - started;
  if (response.statusCode !== 200)
    throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
  await app.deps.mailer.drain();
  return elapsed;
}

async function measure(url: string): Promise<{ known: number; unknown: number }> {
  const times = { known: [] as number[], unknown: [] as number[] };
  const order = [...Array(WARMUP + REQUESTS).fill('known'), ...Array(WARMUP + REQUESTS).fill('unknown')] as (
    | 'known'
    | 'unknown'
  )[];
  for (let i = order.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const seen = { known: 0, unknown: 0 };
  for (const side of order) {
    seen[side] += 1;
    const login = side === 'known' ? known[seen.known % known.length]! : `unknown${counter}@bench.example`;
    const elapsed = await timed(url, login);
    if (seen[side] > WARMUP) times[side].push(elapsed);
  }
  return { known: median(times.known), unknown: median(times.unknown) };
}

for (const [name, url] of [
  ['register', '/auth/guest/register'],
  ['recovery', '/auth/guest/recovery-password'],
] as const) {
  const result = await measure(url);
  const gap = Math.abs(result.known - result.unknown);
  console.log(
    `${name.padEnd(9)} median known ${result.known.toFixed(3)} ms, unknown ${result.unknown.toFixed(3)} ms, ` +
      `gap ${gap.toFixed(3)} ms over ${REQUESTS} requests each (target < 0.5 ms)`,
  );
}

await app.close();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
