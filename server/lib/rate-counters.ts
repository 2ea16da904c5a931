import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { rateCounters } from '../db/schema.ts';

/**
 * The SQL of the rate-limit counters (issue 12): one row per limit and key in `rate_counters`, shared by every
 * replica on the database. Each statement is atomic on its own, so two replicas counting one key never lose a hit.
 * Times are the app clock's milliseconds.
 */

/** Counts one hit in the key's fixed window (a new window when the last one ended); returns the hits so far. */
export async function hitWindow(db: Db, key: string, now: number, windowMs: number): Promise<number> {
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
    })
    .returning({ hits: rateCounters.hits });
  return row?.hits ?? 1;
}

/** The key's row while it still means something, else undefined. */
export async function readCounter(db: Db, key: string, now: number) {
  const [row] = await db
    .select()
    .from(rateCounters)
    .where(and(eq(rateCounters.key, key), sql`${rateCounters.expiresAt} > ${now}`));
  return row;
}

export async function deleteCounter(db: Db, key: string): Promise<void> {
  await db.delete(rateCounters).where(eq(rateCounters.key, key));
}

/**
 * Counts one failure of a progressive lockout: the count goes on while failures come within `forgetAfterMs` of each
 * other (else it starts again at 1), and the lock is `delayOf(failures)` from now. Returns the failures counted.
 */
export async function recordFailure(
  db: Db,
  key: string,
  now: number,
  forgetAfterMs: number,
  delayOf: (failures: number) => number,
): Promise<number> {
  const [row] = await db
    .insert(rateCounters)
    .values({ key, windowStart: now, hits: 1, expiresAt: now + forgetAfterMs })
    .onConflictDoUpdate({
      target: rateCounters.key,
      set: {
        hits: sql`case when ${now} - ${rateCounters.windowStart} < ${forgetAfterMs} then ${rateCounters.hits} + 1 else 1 end`,
        windowStart: sql`${now}`,
        expiresAt: sql`${now + forgetAfterMs}`,
      },
    })
    .returning({ hits: rateCounters.hits });
  const failures = row?.hits ?? 1;
  const lockedUntil = now + delayOf(failures);
  // The lock lasts at least as long as the row does, so the row is kept until it ends.
  await db
    .update(rateCounters)
    .set({ lockedUntil, expiresAt: sql`greatest(${rateCounters.expiresAt}, ${lockedUntil})` })
    .where(eq(rateCounters.key, key));
  return failures;
}

/** Deletes the rows that mean nothing any more; run by the periodic cleanup (server/lib/periodic-jobs.ts). */
export async function deleteExpiredCounters(db: Db, now: number): Promise<number> {
  const gone = await db
    .delete(rateCounters)
    .where(lt(rateCounters.expiresAt, now))
    .returning({ key: rateCounters.key });
  return gone.length;
}
