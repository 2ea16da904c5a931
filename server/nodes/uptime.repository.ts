import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { rowsOf } from '../db/rows.ts';
import { nodeActivityChanges } from '../db/schema.ts';
import type { ActivityChange, HealthChange, UptimeHistory } from './uptime.ts';

/** Records that a node became active (status 10) or left it, in the caller's transaction. */
export async function recordActivity(db: Db, nodeId: number, active: boolean, at: Date): Promise<void> {
  await db.insert(nodeActivityChanges).values({ nodeId, active, at });
}

interface Row {
  node_id: number;
  /** Each change, oldest first, as `a` (activity) or `h` (health), `1` or `0`, then Unix ms: 'a11700000000000,h0…'. */
  changes: string;
}

/**
 * The uptime histories of several nodes since `from`, in one statement: each node's activity changes and health
 * transitions from `from` on, plus the last of each before it (the state the span starts in). Both tables are read
 * through their (node_id, at) index. Each node comes back as one row holding its changes as one string: a team with
 * many transitions hands over several times faster so than as one row per change, or as arrays (PGlite parses each
 * row and array element on its own).
 */
export async function uptimeHistories(
  db: Db,
  nodeIds: readonly number[],
  from: Date,
): Promise<Map<number, UptimeHistory>> {
  const histories = new Map<number, UptimeHistory>();
  if (nodeIds.length === 0) return histories;
  // One array parameter rather than one per node: a list of 1,000 nodes would otherwise bind 4,000.
  const ids = sql`${`{${nodeIds.join(',')}}`}::int[]`;
  const fromText = from.toISOString();
  const result = await db.execute(sql`
    select node_id, string_agg(kind || (value::int)::text || ((extract(epoch from at) * 1000)::bigint)::text, ','
      order by at, id) as changes
    from (
      select node_id, 'a' as kind, active as value, at, id from node_activity_changes
      where node_id = any(${ids}) and at >= ${fromText}::timestamptz
      union all
      (select distinct on (node_id) node_id, 'a', active, at, id from node_activity_changes
      where node_id = any(${ids}) and at < ${fromText}::timestamptz order by node_id, at desc, id desc)
      union all
      select node_id, 'h', to_online, at, id from node_health_transitions
      where node_id = any(${ids}) and at >= ${fromText}::timestamptz
      union all
      (select distinct on (node_id) node_id, 'h', to_online, at, id from node_health_transitions
      where node_id = any(${ids}) and at < ${fromText}::timestamptz order by node_id, at desc, id desc)
    ) changes group by node_id`);
  for (const row of rowsOf<Row>(result)) {
    const history: { activity: ActivityChange[]; health: HealthChange[] } = { activity: [], health: [] };
    for (const change of row.changes.split(',')) {
      const at = Number(change.slice(2));
      const on = change[1] === '1';
      if (change[0] === 'a') history.activity.push({ at, active: on });
      else history.health.push({ at, online: on });
    }
    histories.set(row.node_id, history);
  }
  return histories;
}
