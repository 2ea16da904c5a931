import { and, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { rowsOf } from '../db/rows.ts';
import { nodeMaintenance } from '../db/schema.ts';

// Every query on maintenance windows (docs/alerts.md#maintenance); SQL lives only here.

/**
 * Sets the node's one window. A window already running that is extended from now keeps its start, so an outage
 * that began inside it is still held, and told at its new end if the node is still down.
 */
export async function saveWindow(
  db: Db,
  nodeId: number,
  window: { startsAt: Date; endsAt: Date },
  now: Date,
) {
  const nowText = now.toISOString();
  const [row] = await db
    .insert(nodeMaintenance)
    .values({ nodeId, ...window })
    .onConflictDoUpdate({
      target: nodeMaintenance.nodeId,
      set: {
        startsAt: sql`case when ${nodeMaintenance.startsAt} <= ${nowText}::timestamptz
          and ${nodeMaintenance.endsAt} > ${nowText}::timestamptz and excluded.starts_at <= ${nowText}::timestamptz
          then ${nodeMaintenance.startsAt} else excluded.starts_at end`,
        endsAt: sql`excluded.ends_at`,
      },
    })
    .returning();
  return row!;
}

/**
 * Ends the node's window now: a running one ends at `now` (the next sweep then tells of a node still down), a
 * scheduled one is dropped. Returns whether the node had a window.
 */
export async function endWindow(db: Db, nodeId: number, now: Date): Promise<boolean> {
  const dropped = await db
    .delete(nodeMaintenance)
    .where(and(eq(nodeMaintenance.nodeId, nodeId), gt(nodeMaintenance.startsAt, now)))
    .returning({ nodeId: nodeMaintenance.nodeId });
  if (dropped.length > 0) return true;
  const ended = await db
    .update(nodeMaintenance)
    .set({ endsAt: now })
    .where(eq(nodeMaintenance.nodeId, nodeId))
    .returning({ nodeId: nodeMaintenance.nodeId });
  return ended.length > 0;
}

/** The nodes among `nodeIds` in maintenance at `at`: their offline alerts are held. */
export async function inMaintenanceAt(db: Db, nodeIds: readonly number[], at: Date): Promise<Set<number>> {
  if (nodeIds.length === 0) return new Set();
  const rows = await db
    .select({ nodeId: nodeMaintenance.nodeId })
    .from(nodeMaintenance)
    .where(
      and(
        inArray(nodeMaintenance.nodeId, [...nodeIds]),
        lte(nodeMaintenance.startsAt, at),
        gt(nodeMaintenance.endsAt, at),
      ),
    );
  return new Set(rows.map((row) => row.nodeId));
}

/**
 * Removes the windows that ended by `now` and returns the nodes whose outage they held: active nodes still offline
 * that went down inside their window. An outage from before the window was told (or is due) as usual.
 */
export async function settleEndedWindows(
  db: Db,
  now: Date,
): Promise<{ nodeId: number; offlineSince: Date }[]> {
  const result = await db.execute(sql`
    with ended as (
      delete from node_maintenance where ends_at <= ${now.toISOString()}::timestamptz
      returning node_id, starts_at, ends_at
    )
    select n.id, n.offline_since from ended e join nodes n on n.id = e.node_id
    where n.status = 10 and n.offline_since is not null
      and n.offline_since >= e.starts_at and n.offline_since <= e.ends_at`);
  return rowsOf<{ id: number; offline_since: string | Date }>(result).map((row) => ({
    nodeId: row.id,
    offlineSince: new Date(row.offline_since),
  }));
}
