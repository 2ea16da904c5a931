import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { rateCounters } from '../db/schema.ts';

/**
 * The SQL of the rate-limit counters: one row per limit and key in `rate_counters`, shared by every
 * replica on the database. Each statement is atomic on its own, so two replicas counting one key never lose a hit.
 * Times are the app clock's milliseconds.
 */

/**
 * The one statement of a fixed-window hit: counts one in the key's window (a new window when the last one ended),
 * and with `max` only while the window holds fewer than `max` hits (a new window always takes it). Atomic, so
 * requests that arrive together are counted one by one. No row back means `max` refused it.
 */
async function upsertHit(db: Db, key: string, now: number, windowMs: number, max?: number) {
  const expired = sql`${now} - ${rateCounters.windowStart} >= ${windowMs}`;
  const [row] = await db
    .insert(rateCounters)
    .values({ key, windowStart: now, hits: 1, expiresAt: now + windowMs })
    .onConflictDoUpdate({
      target: rateCounters.key,
      set: {
        windowStart: sql`case when ${expired} then ${now} else ${rateCounters.windowStart} end`,
        hits: sql`case when ${expired} then 1 else ${rateCounters.hits} + 1 end`,
        expiresAt: sql`case when ${expired} then ${now + windowMs} else ${rateCounters.expiresAt} end`,
      },
      ...(max === undefined ? {} : { setWhere: sql`${expired} or ${rateCounters.hits} < ${max}` }),
    })
    .returning({ hits: rateCounters.hits, windowStart: rateCounters.windowStart });
  return row;
}

/**
 * Counts one hit in the key's fixed window (a new window when the last one ended); returns the hits so far and
 * when the window started.
 */
export async function hitWindow(
  db: Db,
  key: string,
  now: number,
  windowMs: number,
): Promise<{ hits: number; windowStart: number }> {
  return (await upsertHit(db, key, now, windowMs)) ?? { hits: 1, windowStart: now };
}

/** The hits of the key's window that runs at `now`, without counting one; undefined when none runs. */
export async function readWindow(
  db: Db,
  key: string,
  now: number,
  windowMs: number,
): Promise<{ hits: number; windowStart: number } | undefined> {
  const [row] = await db
    .select({ hits: rateCounters.hits, windowStart: rateCounters.windowStart })
    .from(rateCounters)
    .where(and(eq(rateCounters.key, key), sql`${now} - ${rateCounters.windowStart} < ${windowMs}`));
  return row;
}

/**
 * Counts one hit in the key's fixed window only while the window holds fewer than `max` hits, so requests that
 * arrive together can never all pass. Returns the start of the window that counted it, or undefined when the key is
 * at its limit (nothing counted).
 */
export async function hitWithin(
  db: Db,
  key: string,
  now: number,
  windowMs: number,
  max: number,
): Promise<number | undefined> {
  return (await upsertHit(db, key, now, windowMs, max))?.windowStart;
}

/** Takes back one hit that hitWithin counted in the window starting at `windowStart`, if that window still runs. */
export async function takeBackHit(db: Db, key: string, windowStart: number): Promise<void> {
  await db
    .update(rateCounters)
    .set({ hits: sql`${rateCounters.hits} - 1` })
    .where(
      and(
        eq(rateCounters.key, key),
        eq(rateCounters.windowStart, windowStart),
        sql`${rateCounters.hits} > 0`,
      ),
    );
}

export async function deleteCounter(db: Db, key: string): Promise<void> {
  await db.delete(rateCounters).where(eq(rateCounters.key, key));
}

/** A progressive lockout: the `free`th failure locks for `baseDelayMs`, each further one twice as long, up to a cap. */
export interface LockoutRule {
  free: number;
  baseDelayMs: number;
  maxDelayMs: number;
  forgetAfterMs: number;
}

/** The lock after this many failures, in ms. */
export function lockoutDelay(rule: LockoutRule, failures: number): number {
  return failures >= rule.free
    ? Math.min(rule.baseDelayMs * 2 ** (failures - rule.free), rule.maxDelayMs)
    : 0;
}

/**
 * Counts one failure of a progressive lockout in one statement (the exponent stops at 40, far past any cap, so a
 * long run of failures never overflows): the count goes on while failures come within
 * `forgetAfterMs` of each other (else it starts again at 1), and the lock runs from now for lockoutDelay(failures).
 */
export async function recordFailure(db: Db, key: string, now: number, rule: LockoutRule): Promise<void> {
  const { free, baseDelayMs, maxDelayMs, forgetAfterMs } = rule;
  const failures = sql`(case when ${now} - ${rateCounters.windowStart} < ${forgetAfterMs} then ${rateCounters.hits} + 1 else 1 end)`;
  const lockedUntil = sql`(${now}::bigint + case when ${failures} >= ${free}
    then least(${baseDelayMs} * power(2, least(${failures} - ${free}, 40)), ${maxDelayMs})::bigint else 0 end)`;
  const first = now + lockoutDelay(rule, 1);
  await db
    .insert(rateCounters)
    .values({
      key,
      windowStart: now,
      hits: 1,
      lockedUntil: first,
      expiresAt: Math.max(now + forgetAfterMs, first),
    })
    .onConflictDoUpdate({
      target: rateCounters.key,
      set: {
        hits: failures,
        lockedUntil,
        windowStart: sql`${now}`,
        // The row lasts at least as long as its lock.
        expiresAt: sql`greatest(${now + forgetAfterMs}::bigint, ${lockedUntil})`,
      },
    });
}

/** Which of these keys are locked now (one query for all of them). */
export async function lockedKeys(db: Db, keys: readonly string[], now: number): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ key: rateCounters.key })
    .from(rateCounters)
    .where(and(inArray(rateCounters.key, [...keys]), sql`${rateCounters.lockedUntil} > ${now}`));
  return new Set(rows.map((row) => row.key));
}

/** Deletes the rows that mean nothing any more; run by the periodic cleanup (server/lib/periodic-jobs.ts). */
export async function deleteExpiredCounters(db: Db, now: number): Promise<number> {
  const gone = await db
    .delete(rateCounters)
    .where(lt(rateCounters.expiresAt, now))
    .returning({ key: rateCounters.key });
  return gone.length;
}
