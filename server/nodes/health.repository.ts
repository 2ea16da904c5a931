import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { rowsOf } from '../db/rows.ts';
import { nodeHealthTransitions } from '../db/schema.ts';

/** One transition the sweep claimed and recorded. */
export interface ClaimedTransition {
  nodeId: number;
  teamId: number;
  online: boolean;
  lastSeenAt: Date | null;
  /** The offline episode: its start (for a node that went offline, now; for one that came back, when it went). */
  offlineSince: Date;
  at: Date;
}

interface Row {
  id: number;
  team_id: number;
  last_seen_at: string | Date | null;
  was_offline_since: string | Date | null;
  offline_since: string | Date | null;
}

const date = (value: string | Date) => (value instanceof Date ? value : new Date(value));

/**
 * The sweep's one statement: claims the active nodes whose online state changed, flips their
 * `offline_since`, and records each transition. `for update skip locked` plus re-checking the condition on the
 * locked row means two sweeps (two processes on one PostgreSQL) never claim the same transition. The last-seen
 * times come from node_liveness, which has no index on them (so that each request's update stays in place): a pass
 * reads the active nodes and their liveness rows whole, a hash join (docs/statistics-storage.md).
 * `detectOffline` is false during the grace after a start: nodes may only come back then.
 */
export async function claimTransitions(
  db: Db,
  now: Date,
  cutoff: Date,
  detectOffline: boolean,
): Promise<ClaimedTransition[]> {
  const nowText = now.toISOString();
  const cutoffText = cutoff.toISOString();
  const wentOffline = detectOffline
    ? sql`(n.offline_since is null and (l.last_seen_at < ${cutoffText}::timestamptz or l.last_seen_at is null)) or`
    : sql``;
  const result = await db.execute(sql`
    with claimed as (
      select n.id, n.offline_since, l.last_seen_at from nodes n
      left join node_liveness l on l.node_id = n.id
      where n.status = 10 and (${wentOffline}
        (n.offline_since is not null and l.last_seen_at >= ${cutoffText}::timestamptz))
      for update of n skip locked
    ), changed as (
      update nodes n
      set offline_since = case when c.offline_since is null then ${nowText}::timestamptz else null end
      from claimed c where n.id = c.id
      returning n.id, n.team_id, c.last_seen_at, c.offline_since as was_offline_since, n.offline_since
    ), recorded as (
      insert into node_health_transitions (node_id, from_online, to_online, at)
      select id, was_offline_since is null, offline_since is null, ${nowText}::timestamptz from changed
    )
    select * from changed`);
  return rowsOf<Row>(result).map((row) => ({
    nodeId: row.id,
    teamId: row.team_id,
    online: row.offline_since === null,
    lastSeenAt: row.last_seen_at === null ? null : date(row.last_seen_at),
    offlineSince: date(row.offline_since ?? row.was_offline_since ?? now),
    at: now,
  }));
}

/** A node's recorded transitions, newest first. */
export async function recentTransitions(db: Db, nodeId: number, limit: number) {
  return db
    .select({ online: nodeHealthTransitions.toOnline, at: nodeHealthTransitions.at })
    .from(nodeHealthTransitions)
    .where(eq(nodeHealthTransitions.nodeId, nodeId))
    .orderBy(desc(nodeHealthTransitions.at), desc(nodeHealthTransitions.id))
    .limit(limit);
}
