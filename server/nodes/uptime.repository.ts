import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { nodeActivityChanges } from '../db/schema.ts';
import type { ActivityChange, HealthChange, UptimeHistory } from './uptime.ts';

/** Records that a node became active (status 10) or left it, in the caller's transaction. */
export async function recordActivity(db: Db, nodeId: number, active: boolean, at: Date): Promise<void> {
  await db.insert(nodeActivityChanges).values({ nodeId, active, at });
}

interface Row {
  node_id: number;
  kind: 'activity' | 'health';
  value: boolean;
  at: string | Date;
}

/**
 * The uptime histories of several nodes since `from`, in one statement: each node's activity changes and health
 * transitions from `from` on, plus the last of each before it (the state the span starts in). Both tables are read
 * through their (node_id, at) index.
 */
export async function uptimeHistories(
  db: Db,
  nodeIds: readonly number[],
  from: Date,
): Promise<Map<number, UptimeHistory>> {
  const histories = new Map<number, { activity: ActivityChange[]; health: HealthChange[] }>();
  if (nodeIds.length === 0) return histories;
  const ids = sql.join(
    nodeIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const fromText = from.toISOString();
  const result = await db.execute(sql`
    select node_id, kind, value, at from (
      select node_id, 'activity' as kind, active as value, at, id from node_activity_changes
      where node_id in (${ids}) and at >= ${fromText}::timestamptz
      union all
      (select distinct on (node_id) node_id, 'activity', active, at, id from node_activity_changes
      where node_id in (${ids}) and at < ${fromText}::timestamptz order by node_id, at desc, id desc)
      union all
      select node_id, 'health', to_online, at, id from node_health_transitions
      where node_id in (${ids}) and at >= ${fromText}::timestamptz
      union all
      (select distinct on (node_id) node_id, 'health', to_online, at, id from node_health_transitions
      where node_id in (${ids}) and at < ${fromText}::timestamptz order by node_id, at desc, id desc)
    ) changes order by at, id`);
  for (const row of (result as unknown as { rows: Row[] }).rows) {
    let history = histories.get(row.node_id);
    if (!history) {
      history = { activity: [], health: [] };
      histories.set(row.node_id, history);
    }
    const at = new Date(row.at).getTime();
    if (row.kind === 'activity') history.activity.push({ at, active: row.value });
    else history.health.push({ at, online: row.value });
  }
  return histories;
}
