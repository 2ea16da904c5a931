import { and, asc, count, eq, gt, inArray, isNull, lte } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { mailOutbox } from '../db/schema.ts';

/** The SQL of the mail outbox (mail.ts holds the delivery and its retries). */
export type OutboxRow = typeof mailOutbox.$inferSelect;

export async function insertOutboxMail(tx: Db, values: typeof mailOutbox.$inferInsert): Promise<void> {
  await tx.insert(mailOutbox).values(values);
}

/** How many messages went out after `since`. */
export async function countSentSince(db: Db, since: Date): Promise<number> {
  const [row] = await db.select({ sent: count() }).from(mailOutbox).where(gt(mailOutbox.sentAt, since));
  return Number(row?.sent ?? 0);
}

/**
 * Claims up to `limit` due messages, oldest first, until `leaseUntil`: another server process on the same
 * PostgreSQL skips the locked rows, so a message is delivered once; a process that dies mid-delivery leaves them to be
 * retried when the lease ends.
 */
export async function claimDueMail(db: Db, now: Date, limit: number, leaseUntil: Date): Promise<OutboxRow[]> {
  const claimable = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(isNull(mailOutbox.sentAt), lte(mailOutbox.nextAttemptAt, now)))
    .orderBy(asc(mailOutbox.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(mailOutbox)
    .set({ nextAttemptAt: leaseUntil })
    .where(inArray(mailOutbox.id, claimable))
    .returning();
  return rows.sort((a, b) => a.id - b.id);
}

export async function markMailSent(db: Db, id: number, at: Date): Promise<void> {
  await db.update(mailOutbox).set({ sentAt: at, lastError: null }).where(eq(mailOutbox.id, id));
}

export async function markMailFailed(
  db: Db,
  id: number,
  failure: { attempts: number; lastError: string; nextAttemptAt: Date },
): Promise<void> {
  await db.update(mailOutbox).set(failure).where(eq(mailOutbox.id, id));
}
