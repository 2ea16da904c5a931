import { and, asc, count, desc, eq, gte, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import { ADMIN_ROLE } from '../../contracts/account-codes.ts';
import type { AlertEvent, AlertPayloadBody } from '../../contracts/alert-channels.ts';
import type { Db } from '../db/database.ts';
import { rowsOf } from '../db/rows.ts';
import { alertChannels, alertDeliveries, alertOutbox, teamMembers, teams, users } from '../db/schema.ts';

/** The SQL of alert channels, their outbox and their delivery log (docs/alerts.md). */
export type ChannelRow = typeof alertChannels.$inferSelect;
export type DeliveryRow = typeof alertDeliveries.$inferSelect;

export async function listChannels(db: Db, teamId: number): Promise<ChannelRow[]> {
  return db
    .select()
    .from(alertChannels)
    .where(eq(alertChannels.teamId, teamId))
    .orderBy(asc(alertChannels.id));
}

export async function countChannels(db: Db, teamId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(alertChannels).where(eq(alertChannels.teamId, teamId));
  return Number(row?.n ?? 0);
}

export async function findChannel(db: Db, teamId: number, id: number): Promise<ChannelRow | undefined> {
  const [row] = await db
    .select()
    .from(alertChannels)
    .where(and(eq(alertChannels.teamId, teamId), eq(alertChannels.id, id)));
  return row;
}

export async function findChannelById(db: Db, id: number): Promise<ChannelRow | undefined> {
  const [row] = await db.select().from(alertChannels).where(eq(alertChannels.id, id));
  return row;
}

export async function insertChannel(db: Db, values: typeof alertChannels.$inferInsert): Promise<ChannelRow> {
  const [row] = await db.insert(alertChannels).values(values).returning();
  return row!;
}

export async function updateChannel(
  db: Db,
  id: number,
  values: Partial<typeof alertChannels.$inferInsert>,
): Promise<ChannelRow> {
  const [row] = await db.update(alertChannels).set(values).where(eq(alertChannels.id, id)).returning();
  return row!;
}

export async function deleteChannel(db: Db, id: number): Promise<void> {
  await db.delete(alertChannels).where(eq(alertChannels.id, id));
}

export async function teamName(db: Db, teamId: number): Promise<string> {
  const [row] = await db.select({ name: teams.name }).from(teams).where(eq(teams.id, teamId));
  return row?.name ?? '';
}

/** The latest try of each of the channels. */
export async function lastDeliveries(
  db: Db,
  channelIds: readonly number[],
): Promise<Map<number, DeliveryRow>> {
  if (channelIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([alertDeliveries.channelId])
    .from(alertDeliveries)
    .where(inArray(alertDeliveries.channelId, [...channelIds]))
    .orderBy(alertDeliveries.channelId, desc(alertDeliveries.at), desc(alertDeliveries.id));
  return new Map(rows.map((row) => [row.channelId, row]));
}

export async function listDeliveries(db: Db, channelId: number, since: Date): Promise<DeliveryRow[]> {
  return db
    .select()
    .from(alertDeliveries)
    .where(and(eq(alertDeliveries.channelId, channelId), gte(alertDeliveries.at, since)))
    .orderBy(desc(alertDeliveries.at), desc(alertDeliveries.id));
}

export async function logDelivery(db: Db, values: typeof alertDeliveries.$inferInsert): Promise<DeliveryRow> {
  const [row] = await db.insert(alertDeliveries).values(values).returning();
  return row!;
}

export async function pruneDeliveries(db: Db, before: Date): Promise<void> {
  await db.delete(alertDeliveries).where(lt(alertDeliveries.at, before));
}

export async function queueMessage(
  db: Db,
  values: {
    channelId: number;
    event: AlertEvent;
    payload: AlertPayloadBody;
    nextAttemptAt: Date;
    batchUntil?: Date;
    attempts?: number;
  },
): Promise<number> {
  const [row] = await db.insert(alertOutbox).values(values).returning({ id: alertOutbox.id });
  return row!.id;
}

/** The channels of the teams of these nodes, with each node's team: who an alert about them goes to. */
export async function channelsOfNodes(db: Db, nodeIds: readonly number[]) {
  const result = await db.execute(sql`
    select c.id as channel_id, c.name as channel_name, c.offline_delay_minutes, c.team_id, t.name as team_name, n.id as node_id, n.name,
      n.domain, l.last_seen_at
    from nodes n join alert_channels c on c.team_id = n.team_id join teams t on t.id = n.team_id
      left join node_liveness l on l.node_id = n.id
    where n.id = any(${`{${nodeIds.join(',')}}`}::integer[]) and c.switched_off_at is null
    order by c.id, n.id`);
  return rowsOf<Record<string, unknown>>(result).map((row) => ({
    channelId: row.channel_id as number,
    channelName: row.channel_name as string,
    offlineDelayMs: (row.offline_delay_minutes as number) * 60_000,
    teamId: row.team_id as number,
    teamName: row.team_name as string,
    node: {
      id: row.node_id as number,
      name: row.name as string,
      domain: row.domain as string,
      lastSeenAt: row.last_seen_at === null ? null : new Date(row.last_seen_at as string).toISOString(),
    },
  }));
}

/** An offline message of the channel still gathering nodes (its batch window open, never tried), locked. */
export async function openOfflineBatch(db: Db, channelId: number, now: Date) {
  const [row] = await db
    .select({ id: alertOutbox.id, payload: alertOutbox.payload })
    .from(alertOutbox)
    .where(
      and(
        eq(alertOutbox.channelId, channelId),
        eq(alertOutbox.event, 'node.offline'),
        eq(alertOutbox.attempts, 0),
        isNull(alertOutbox.sentAt),
        sql`${alertOutbox.batchUntil} > ${now.toISOString()}::timestamptz`,
      ),
    )
    .limit(1)
    .for('update');
  return row ? { id: row.id, payload: row.payload as AlertPayloadBody } : undefined;
}

/** A new payload for a waiting message; `notBefore` holds it back at least until then (a node's own offline delay). */
export async function replacePayload(
  db: Db,
  id: number,
  payload: AlertPayloadBody,
  notBefore?: Date,
): Promise<void> {
  const held = notBefore && {
    nextAttemptAt: sql`greatest(${alertOutbox.nextAttemptAt}, ${notBefore.toISOString()}::timestamptz)`,
  };
  await db
    .update(alertOutbox)
    .set({ payload, ...held })
    .where(eq(alertOutbox.id, id));
}

export async function deleteMessage(db: Db, id: number): Promise<void> {
  await db.delete(alertOutbox).where(eq(alertOutbox.id, id));
}

/** Whether the channel was (or is being) told this node went offline at `offlineSince`. */
export async function offlineWasTold(db: Db, channelId: number, nodeId: number, offlineSince: string) {
  const probe = JSON.stringify({ data: { nodes: [{ id: nodeId, offlineSince }] } });
  const result = await db.execute(sql`
    select 1 from alert_outbox
    where channel_id = ${channelId} and event = 'node.offline' and attempts > 0 and payload @> ${probe}::jsonb
    limit 1`);
  return rowsOf<unknown>(result).length > 0;
}

/** Whether the team has an online active node outside `nodeIds` (which could still go down within the window). */
export async function teamHasOtherOnlineNode(db: Db, teamId: number, nodeIds: readonly number[]) {
  const result = await db.execute(sql`
    select 1 from nodes where team_id = ${teamId} and status = 10 and offline_since is null
      and id <> all(${`{${nodeIds.join(',')}}`}::integer[])
    limit 1`);
  return rowsOf<unknown>(result).length > 0;
}

/**
 * Claims up to `limit` due messages until `leaseUntil` (FOR UPDATE SKIP LOCKED), counting the try: another process
 * skips them, so each message goes out once; a process that dies mid-delivery leaves them to the next try.
 */
export async function claimDueMessages(db: Db, now: Date, limit: number, leaseUntil: Date) {
  const claimable = db
    .select({ id: alertOutbox.id })
    .from(alertOutbox)
    .where(and(isNull(alertOutbox.sentAt), isNull(alertOutbox.gaveUpAt), lte(alertOutbox.nextAttemptAt, now)))
    .orderBy(asc(alertOutbox.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(alertOutbox)
    .set({ nextAttemptAt: leaseUntil, attempts: sql`${alertOutbox.attempts} + 1` })
    .where(inArray(alertOutbox.id, claimable))
    .returning();
  return rows.sort((a, b) => a.id - b.id);
}

export async function settleMessage(
  db: Db,
  id: number,
  outcome: { sentAt?: Date; gaveUpAt?: Date; nextAttemptAt?: Date },
): Promise<void> {
  await db.update(alertOutbox).set(outcome).where(eq(alertOutbox.id, id));
}

/**
 * When the channel's current run of failed tries began (after its last success, and after an admin last switched it
 * on); null when its last try succeeded.
 */
export async function failingSince(db: Db, channelId: number): Promise<Date | null> {
  const result = await db.execute(sql`
    select min(at) as since from alert_deliveries
    where channel_id = ${channelId} and not ok and at > greatest(
      (select max(at) from alert_deliveries where channel_id = ${channelId} and ok),
      (select switched_on_at from alert_channels where id = ${channelId}),
      '-infinity'::timestamptz)`);
  const since = rowsOf<{ since: string | Date | null }>(result)[0]?.since ?? null;
  return since === null ? null : new Date(since);
}

/**
 * Switches the channel off and gives up its waiting messages; false when it was off already (another process did
 * it), so its admins are mailed once.
 */
export async function switchOff(db: Db, channelId: number, at: Date): Promise<boolean> {
  const switched = await db
    .update(alertChannels)
    .set({ switchedOffAt: at })
    .where(and(eq(alertChannels.id, channelId), isNull(alertChannels.switchedOffAt)))
    .returning({ id: alertChannels.id });
  if (switched.length === 0) return false;
  await db
    .update(alertOutbox)
    .set({ gaveUpAt: at })
    .where(
      and(eq(alertOutbox.channelId, channelId), isNull(alertOutbox.sentAt), isNull(alertOutbox.gaveUpAt)),
    );
  return true;
}

export async function teamAdminEmails(db: Db, teamId: number): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.role, ADMIN_ROLE)));
  return rows.map((row) => row.email);
}

/** The admins of the team whose alerts are on (Settings > Notifications): who an E-mail channel mails. */
export async function teamAlertRecipients(db: Db, teamId: number) {
  return db
    .select({
      userId: users.id,
      email: users.email,
      unsubscribeTokenHash: users.unsubscribeTokenHash,
      unsubscribeGeneration: users.unsubscribeGeneration,
    })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.role, ADMIN_ROLE), eq(users.alerts, true)))
    .orderBy(asc(users.id));
}
