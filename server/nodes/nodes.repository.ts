import { and, asc, count, eq, gt, inArray, lt, ne, or, sql } from 'drizzle-orm';
import { CONFIG_STATUS } from '../../contracts/node-rules.ts';
import { NODE_STATUS } from '../../contracts/node-status.ts';
import type { Db } from '../db/database.ts';
import { configs, nodeLiveness, nodeMaintenance, nodes, teams } from '../db/schema.ts';

export type NodeRow = typeof nodes.$inferSelect;
export type ConfigRow = typeof configs.$inferSelect;
export type NewNode = typeof nodes.$inferInsert;
/** A node's id, team and license key never change: the statistics service keeps them per process (node-keys.ts). */
export type NodePatch = Partial<Omit<NewNode, 'id' | 'teamId' | 'licenseKey' | 'createdAt'>>;

export interface NodeWithConfig {
  node: NodeRow;
  config: ConfigRow;
  /** From node_liveness: null until the node's first signed request. */
  lastSeenAt: Date | null;
  /** From node_liveness: null until the node's agent reports its version. */
  agentVersion: string | null;
  /** From node_maintenance: the node's window, both null when it has none. */
  maintenanceStartsAt: Date | null;
  maintenanceEndsAt: Date | null;
}

const WITH_CONFIG = {
  node: nodes,
  config: configs,
  lastSeenAt: nodeLiveness.lastSeenAt,
  agentVersion: nodeLiveness.agentVersion,
  maintenanceStartsAt: nodeMaintenance.startsAt,
  maintenanceEndsAt: nodeMaintenance.endsAt,
};

const DELETED = NODE_STATUS.deleted;
const EVERY_STATUS: number[] = Object.values(NODE_STATUS);

/**
 * The list answers every status but deleted, as it always has: status 30 too, although spec 9's list
 * names only 10, 1, 20 and 40.
 */
const LIVE_STATUSES = EVERY_STATUS.filter((status) => status !== DELETED);

function prepareList(db: Db, statuses: number[], name: string) {
  return db
    .select(WITH_CONFIG)
    .from(nodes)
    .innerJoin(configs, eq(configs.id, nodes.configId))
    .leftJoin(nodeLiveness, eq(nodeLiveness.nodeId, nodes.id))
    .leftJoin(nodeMaintenance, eq(nodeMaintenance.nodeId, nodes.id))
    .where(and(eq(nodes.teamId, sql.placeholder('teamId')), inArray(nodes.status, statuses)))
    .orderBy(asc(nodes.createdAt), asc(nodes.id))
    .prepare(name);
}

function prepareLists(db: Db) {
  return {
    listed: prepareList(db, LIVE_STATUSES, 'nodes_list_for_team'),
    // The statistics screen also lists deleted nodes (spec 4: its Deleted group).
    withDeleted: prepareList(db, EVERY_STATUS, 'nodes_list_for_team_with_deleted'),
  };
}

// The node list is the hottest query (every live event makes each open screen reload it): prepared once per
// database handle, it skips query building and planning (bench/nodes-list.ts).
const preparedLists = new WeakMap<Db, ReturnType<typeof prepareLists>>();

// Every node query of the main API; SQL lives only here.

export async function listForTeam(
  db: Db,
  teamId: number,
  options: { includeDeleted?: boolean } = {},
): Promise<NodeWithConfig[]> {
  let lists = preparedLists.get(db);
  if (!lists) {
    lists = prepareLists(db);
    preparedLists.set(db, lists);
  }
  return (options.includeDeleted ? lists.withDeleted : lists.listed).execute({ teamId });
}

/** A node of the team that is not deleted, with its configuration. */
export async function findInTeam(db: Db, teamId: number, id: number): Promise<NodeWithConfig | undefined> {
  const [row] = await db
    .select(WITH_CONFIG)
    .from(nodes)
    .innerJoin(configs, eq(configs.id, nodes.configId))
    .leftJoin(nodeLiveness, eq(nodeLiveness.nodeId, nodes.id))
    .leftJoin(nodeMaintenance, eq(nodeMaintenance.nodeId, nodes.id))
    .where(and(eq(nodes.id, id), eq(nodes.teamId, teamId), ne(nodes.status, DELETED)))
    .limit(1);
  return row;
}

export async function findWithConfig(db: Db, id: number): Promise<NodeWithConfig | undefined> {
  const [row] = await db
    .select(WITH_CONFIG)
    .from(nodes)
    .innerJoin(configs, eq(configs.id, nodes.configId))
    .leftJoin(nodeLiveness, eq(nodeLiveness.nodeId, nodes.id))
    .leftJoin(nodeMaintenance, eq(nodeMaintenance.nodeId, nodes.id))
    .where(eq(nodes.id, id))
    .limit(1);
  return row;
}

/** Takes the team row lock that serialises node creation per team (held until the transaction ends). */
export async function lockTeam(tx: Db, teamId: number): Promise<boolean> {
  const rows = await tx.select({ id: teams.id }).from(teams).where(eq(teams.id, teamId)).for('update');
  return rows.length > 0;
}

export async function countLive(db: Db, teamId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(nodes)
    .where(and(eq(nodes.teamId, teamId), ne(nodes.status, DELETED)));
  return row?.n ?? 0;
}

/** Whether a live node of any team holds the key with this fingerprint; a deleted node's key is free again. */
export async function fingerprintTaken(db: Db, fingerprint: string, exceptNodeId?: number): Promise<boolean> {
  const live = and(eq(nodes.publicKeyFingerprint, fingerprint), ne(nodes.status, DELETED));
  const condition = exceptNodeId === undefined ? live : and(live, ne(nodes.id, exceptNodeId));
  const rows = await db.select({ id: nodes.id }).from(nodes).where(condition).limit(1);
  return rows.length > 0;
}

export async function insert(db: Db, values: NewNode): Promise<NodeRow> {
  const [row] = await db.insert(nodes).values(values).returning();
  return row!;
}

export async function update(db: Db, id: number, patch: NodePatch): Promise<NodeRow | undefined> {
  const [row] = await db.update(nodes).set(patch).where(eq(nodes.id, id)).returning();
  return row;
}

/**
 * Moves a node from one status to another only if it is still in `from` (compare-and-set), so two concurrent
 * toggles or heartbeats cannot both apply.
 */
export async function setStatusIf(
  db: Db,
  id: number,
  from: number[],
  patch: NodePatch,
): Promise<NodeRow | undefined> {
  const [row] = await db
    .update(nodes)
    .set(patch)
    .where(and(eq(nodes.id, id), inArray(nodes.status, from)))
    .returning();
  return row;
}

/** Configuring -> active, only while the node still holds the passed check it was judged by (a settings change clears it). */
export async function activateIfChecked(db: Db, id: number, check: string): Promise<NodeRow | undefined> {
  const [row] = await db
    .update(nodes)
    .set({ status: NODE_STATUS.active })
    .where(and(eq(nodes.id, id), eq(nodes.status, NODE_STATUS.configuring), eq(nodes.check, check)))
    .returning();
  return row;
}

export async function findConfig(db: Db, id: number): Promise<ConfigRow | undefined> {
  const [row] = await db.select().from(configs).where(eq(configs.id, id)).limit(1);
  return row;
}

/** spec 3: available and coming-soon configurations are offered. */
export async function listConfigs(db: Db): Promise<ConfigRow[]> {
  return db
    .select()
    .from(configs)
    .where(inArray(configs.status, [CONFIG_STATUS.available, CONFIG_STATUS.soon]))
    .orderBy(asc(configs.id));
}

/** The node of a license key, deleted ones included (the caller refuses those). */
export async function findByLicense(db: Db, license: string): Promise<NodeRow | undefined> {
  const [node] = await db.select().from(nodes).where(eq(nodes.licenseKey, license)).limit(1);
  return node;
}

/**
 * Records a signed request's timestamp as the node's last accepted one, only if it is newer, in node_liveness (an
 * in-place update there: no index holds what changes). Conditional upsert: of two requests with the same
 * timestamp, exactly one advances the mark (true), the other gets false.
 */
export async function advanceRequestMark(
  db: Db,
  id: number,
  timestampMs: number,
  now: Date,
  /** A mark past this (Unix ms) is replaced whatever the timestamp. */
  replaceMarkAfterMs: number,
): Promise<boolean> {
  const advanced = await db
    .insert(nodeLiveness)
    .values({ nodeId: id, lastRequestMs: timestampMs, lastSeenAt: now })
    .onConflictDoUpdate({
      target: nodeLiveness.nodeId,
      set: { lastRequestMs: timestampMs, lastSeenAt: now },
      where: or(
        lt(nodeLiveness.lastRequestMs, timestampMs),
        gt(nodeLiveness.lastRequestMs, replaceMarkAfterMs),
      ),
    })
    .returning({ id: nodeLiveness.nodeId });
  return advanced.length > 0;
}

/**
 * Stores the versions a node reported, only when they differ from the stored ones (a repeated heartbeat writes
 * nothing). The liveness row exists: the request's signature check wrote it.
 */
export async function recordVersions(
  db: Db,
  id: number,
  agentVersion: string,
  softwareVersion: string | null,
): Promise<void> {
  await db
    .update(nodeLiveness)
    .set({ agentVersion, softwareVersion })
    .where(
      and(
        eq(nodeLiveness.nodeId, id),
        or(
          sql`${nodeLiveness.agentVersion} is distinct from ${agentVersion}`,
          sql`${nodeLiveness.softwareVersion} is distinct from ${softwareVersion}`,
        ),
      ),
    );
}

/**
 * Marks that the node's admins are told its agent is older than `latest`; true only for the one call that changed
 * the mark, so concurrent heartbeats alert once per latest version.
 */
export async function markOutdatedAlerted(tx: Db, id: number, latest: string): Promise<boolean> {
  const rows = await tx
    .update(nodeLiveness)
    .set({ outdatedAlertedFor: latest })
    .where(
      and(eq(nodeLiveness.nodeId, id), sql`${nodeLiveness.outdatedAlertedFor} is distinct from ${latest}`),
    )
    .returning({ id: nodeLiveness.nodeId });
  return rows.length > 0;
}
