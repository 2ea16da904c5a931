import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import { NODE_STATUS } from '../../contracts/node-status.ts';
import type { Db } from '../db/database.ts';
import { mailOutbox, nodes } from '../db/schema.ts';

/** How many nodes have each status code. */
export function nodesByStatus(db: Db): Promise<{ status: number; total: number }[]> {
  return db.select({ status: nodes.status, total: count() }).from(nodes).groupBy(nodes.status);
}

/** Active nodes online (no offline mark from the health sweep) and offline. */
export async function activeNodesOnline(db: Db): Promise<{ online: number; offline: number }> {
  const [row] = await db
    .select({
      online: sql<number>`count(*) filter (where ${nodes.offlineSince} is null)`.mapWith(Number),
      offline: sql<number>`count(*) filter (where ${nodes.offlineSince} is not null)`.mapWith(Number),
    })
    .from(nodes)
    .where(eq(nodes.status, NODE_STATUS.active));
  return { online: row?.online ?? 0, offline: row?.offline ?? 0 };
}

/** Messages waiting in the outbox, and those among them whose delivery has failed at least once. */
export async function outboxDepth(db: Db): Promise<{ pending: number; failing: number }> {
  const [pending] = await db.select({ total: count() }).from(mailOutbox).where(isNull(mailOutbox.sentAt));
  const [failing] = await db
    .select({ total: count() })
    .from(mailOutbox)
    .where(and(isNull(mailOutbox.sentAt), gt(mailOutbox.attempts, 0)));
  return { pending: pending?.total ?? 0, failing: failing?.total ?? 0 };
}
