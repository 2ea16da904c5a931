import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { rowsOf } from '../db/rows.ts';

/** What an alert row is about (node_alerts.kind); outdated: the node's agent is older than AGENT_LATEST_VERSION. */
export type AlertKind = 'offline' | 'online' | 'misconfigured' | 'outdated';

/** A due alert, claimed (locked) by the current transaction, with what its mail needs. */
export interface DueAlert {
  id: number;
  userId: number;
  email: string;
  alertsOn: boolean;
  unsubscribeTokenHash: string | null;
  unsubscribeGeneration: number;
  nodeId: number;
  kind: AlertKind;
  offlineSince: Date | null;
  at: Date;
  dueAt: Date;
  nodeName: string;
  domain: string;
  lastSeenAt: Date | null;
  /** The node's current state, to drop an alert the node has outrun. */
  nodeStatus: number;
  nodeOfflineSince: Date | null;
}

const date = (value: unknown) => (value === null ? null : new Date(value as string | Date));
/**
 * An alert row for every admin (role 10, spec 6) of each node's team whose alerts are on; one statement. A team
 * with an E-mail channel switched on is left out: that channel mails its admins, so none gets the mail twice.
 */
export async function queueForAdmins(
  tx: Db,
  alert: { nodeIds: readonly number[]; kind: AlertKind; offlineSince: Date | null; at: Date },
): Promise<void> {
  if (alert.nodeIds.length === 0) return;
  const since = alert.offlineSince?.toISOString() ?? null;
  const at = alert.at.toISOString();
  await tx.execute(sql`
    insert into node_alerts (user_id, node_id, kind, offline_since, at, due_at)
    select u.id, n.id, ${alert.kind}, ${since}::timestamptz, ${at}::timestamptz,
      ${at}::timestamptz
        + (case when ${alert.kind} = 'offline' then u.offline_alert_delay_min else 0 end) * interval '1 minute'
    from nodes n
    join team_members m on m.team_id = n.team_id and m.role = 10
    join users u on u.id = m.user_id and u.alerts
    where n.id = any(${`{${alert.nodeIds.join(',')}}`}::integer[])
      and not exists (select 1 from alert_channels c
        where c.team_id = n.team_id and c.type = 'email' and c.switched_off_at is null)`);
}

/**
 * A node came back: its offline alerts not yet sent are dropped (a flap within the user's delay sends nothing),
 * and each admin who was told it went offline is told it is back. Two statements on purpose: the first waits for a
 * delivery holding a row, the second then sees (with a new snapshot) whether that delivery sent it.
 */
export async function endOfflineEpisode(tx: Db, nodeId: number, offlineSince: Date, at: Date): Promise<void> {
  const since = offlineSince.toISOString();
  const now = at.toISOString();
  await tx.execute(sql`
    update node_alerts set cancelled_at = ${now}::timestamptz
    where node_id = ${nodeId} and kind = 'offline' and offline_since = ${since}::timestamptz
      and sent_at is null and cancelled_at is null`);
  await tx.execute(sql`
    insert into node_alerts (user_id, node_id, kind, offline_since, at, due_at)
    select user_id, node_id, 'online', offline_since, ${now}::timestamptz, ${now}::timestamptz from node_alerts
    where node_id = ${nodeId} and kind = 'offline' and offline_since = ${since}::timestamptz
      and sent_at is not null`);
}

/** Claims up to `limit` due alerts (FOR UPDATE SKIP LOCKED), so that each is mailed by one sweep only. */
export async function claimDue(tx: Db, now: Date, limit: number): Promise<DueAlert[]> {
  const result = await tx.execute(sql`
    select a.id, a.user_id, u.email, u.alerts, u.unsubscribe_token_hash, u.unsubscribe_generation,
      a.node_id, a.kind, a.offline_since,
      a.at, a.due_at, n.name, n.domain, l.last_seen_at, n.status, n.offline_since as node_offline_since
    from node_alerts a
    join users u on u.id = a.user_id
    join nodes n on n.id = a.node_id
    left join node_liveness l on l.node_id = n.id
    where a.sent_at is null and a.cancelled_at is null and a.due_at <= ${now.toISOString()}::timestamptz
    order by a.user_id, a.id
    limit ${limit}
    for update of a skip locked`);
  return rowsOf<Record<string, unknown>>(result).map((row) => ({
    id: row.id as number,
    userId: row.user_id as number,
    email: row.email as string,
    alertsOn: row.alerts as boolean,
    unsubscribeTokenHash: row.unsubscribe_token_hash as string | null,
    unsubscribeGeneration: row.unsubscribe_generation as number,
    nodeId: row.node_id as number,
    kind: row.kind as AlertKind,
    offlineSince: date(row.offline_since),
    at: date(row.at)!,
    dueAt: date(row.due_at)!,
    nodeName: row.name as string,
    domain: row.domain as string,
    lastSeenAt: date(row.last_seen_at),
    nodeStatus: row.status as number,
    nodeOfflineSince: date(row.node_offline_since),
  }));
}

export async function markAlerts(
  tx: Db,
  ids: readonly number[],
  column: 'sent_at' | 'cancelled_at',
  at: Date,
): Promise<void> {
  if (ids.length === 0) return;
  await tx.execute(sql`
    update node_alerts set ${sql.raw(column)} = ${at.toISOString()}::timestamptz
    where id = any(${`{${ids.join(',')}}`}::integer[])`);
}

/**
 * Whether another active node of the user's teams is online (and so could still go down within the batch window).
 * Without one, an offline alert has nothing to wait for.
 */
export async function hasOtherOnlineNode(
  tx: Db,
  userId: number,
  nodeIds: readonly number[],
): Promise<boolean> {
  const result = await tx.execute(sql`
    select 1 from nodes n join team_members m on m.team_id = n.team_id and m.user_id = ${userId} and m.role = 10
    where n.status = 10 and n.offline_since is null and n.id <> all(${`{${nodeIds.join(',')}}`}::integer[])
    limit 1`);
  return rowsOf(result).length > 0;
}

/** Keeps the hash of the user's unsubscribe token, so that the link finds the user (written once per user). */
export async function storeUnsubscribeHash(tx: Db, userId: number, hash: string): Promise<void> {
  await tx.execute(sql`update users set unsubscribe_token_hash = ${hash} where id = ${userId}`);
}
