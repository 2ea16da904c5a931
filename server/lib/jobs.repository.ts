import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { rowsOf } from '../db/rows.ts';
import { jobRuns } from '../db/schema.ts';

/**
 * Claims this period's run of a job for this replica: true for exactly one of the replicas asking within
 * half an interval of each other. The advisory lock sends a replica that asks while another holds the claim away at
 * once instead of queueing on the row; the conditional upsert is what makes the claim once per period.
 */
export async function claimRun(db: Db, job: string, now: Date, intervalMs: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await tryJobLock(tx, job))) return false;
    const claimed = await tx
      .insert(jobRuns)
      .values({ job, lastRunAt: now })
      .onConflictDoUpdate({
        target: jobRuns.job,
        set: { lastRunAt: now },
        where: lt(jobRuns.lastRunAt, new Date(now.getTime() - intervalMs / 2)),
      })
      .returning({ job: jobRuns.job });
    return claimed.length > 0;
  });
}

/**
 * Takes the job's advisory lock until the transaction ends; false at once when another replica holds it. A sweep
 * that claims rows itself (the health sweep) uses it alone, so a second replica skips the pass instead of repeating
 * the same scan.
 */
export async function tryJobLock(tx: Db, job: string): Promise<boolean> {
  const lock = await tx.execute(sql`select pg_try_advisory_xact_lock(hashtext(${`job:${job}`})) as locked`);
  return rowsOf<{ locked: boolean }>(lock)[0]?.locked === true;
}
