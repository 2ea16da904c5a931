import { and, desc, eq, gte, lt } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { accountActivity } from '../db/schema.ts';

/** Stores one security event, then deletes the user's events older than `since` on the same write. */
export async function insertActivityPruning(
  tx: Db,
  event: typeof accountActivity.$inferInsert & { userId: number },
  since: Date,
): Promise<void> {
  await tx.insert(accountActivity).values(event);
  await tx
    .delete(accountActivity)
    .where(and(eq(accountActivity.userId, event.userId), lt(accountActivity.at, since)));
}

/** The user's events at or after `since`, newest first, at most `limit` of them. */
export function activitySince(db: Db, userId: number, since: Date, limit: number) {
  return db
    .select()
    .from(accountActivity)
    .where(and(eq(accountActivity.userId, userId), gte(accountActivity.at, since)))
    .orderBy(desc(accountActivity.at), desc(accountActivity.id))
    .limit(limit);
}
