import { sql } from 'drizzle-orm';
import { NODE_STATUS } from '../../contracts/node-status.ts';
import type { Db } from '../db/database.ts';
import { rowsOf } from '../db/rows.ts';

/** A node of the team as the team metrics show it. */
export interface MetricsNode {
  id: number;
  name: string;
  /** The health sweep's state, as the node list answers it: an active node that is not offline. */
  up: boolean;
  lastSeenAt: Date | null;
}

/** A node's newest stored minute: bytes in that minute, viewers, the 0..100 quality index. */
export interface LatestMinute {
  nodeId: number;
  ts: number;
  uplink: number;
  delivered: number;
  input: number;
  viewers: number;
  quality: number;
}

// Every query here is one statement for the whole team, never one per node: a team of 1,000 nodes is two queries
// (bench/team-metrics.ts).

/** The team's nodes but the deleted ones, with their last signed request. */
export async function teamNodes(db: Db, teamId: number): Promise<MetricsNode[]> {
  const rows = rowsOf<{ id: number; name: string; up: boolean; last_seen_at: string | Date | null }>(
    await db.execute(sql`
      select n.id, n.name, (n.status = ${NODE_STATUS.active} and n.offline_since is null) as up, l.last_seen_at
      from nodes n left join node_liveness l on l.node_id = n.id
      where n.team_id = ${teamId} and n.status <> ${NODE_STATUS.deleted}
      order by n.id`),
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    up: row.up,
    lastSeenAt: row.last_seen_at === null ? null : new Date(row.last_seen_at),
  }));
}

/**
 * The newest minute of each of the team's nodes among those starting at `sinceSeconds` or later: the lower bound
 * keeps the read to the newest day's partition of stat_minute, and each node's rows are read newest first along
 * the (node_id, ts) key.
 */
export async function latestMinutes(db: Db, teamId: number, sinceSeconds: number): Promise<LatestMinute[]> {
  const rows = rowsOf<Record<keyof LatestMinute, number | string>>(
    await db.execute(sql`
      select distinct on (m.node_id) m.node_id as "nodeId", m.ts, m.uplink, m.delivered, m.input, m.viewers,
        m.quality
      from stat_minute m join nodes n on n.id = m.node_id
      where n.team_id = ${teamId} and n.status <> ${NODE_STATUS.deleted} and m.ts >= ${sinceSeconds}
      order by m.node_id, m.ts desc`),
  );
  return rows.map((row) => ({
    nodeId: Number(row.nodeId),
    ts: Number(row.ts),
    uplink: Number(row.uplink),
    delivered: Number(row.delivered),
    input: Number(row.input),
    viewers: Number(row.viewers),
    quality: Number(row.quality),
  }));
}
