import { eq, sql } from 'drizzle-orm';
import { NODE_STATUS } from '../../contracts/node-status.ts';
import type { Db } from '../db/database.ts';
import { rowsOf } from '../db/rows.ts';
import {
  configs,
  nodeActivityChanges,
  nodeLiveness,
  nodes,
  teamMembers,
  teams,
  users,
} from '../db/schema.ts';

export async function hasUsers(db: Db): Promise<boolean> {
  const [row] = await db.select({ count: sql<number>`count(*)::integer` }).from(users);
  return (row?.count ?? 0) > 0;
}

/** Creates the demo user and its team, the user a member of it with `role`; returns the team's id. */
export async function insertDemoWorkspace(
  tx: Db,
  owner: typeof users.$inferInsert,
  teamName: string,
  role: number,
): Promise<number> {
  const [user] = await tx.insert(users).values(owner).returning({ id: users.id });
  const [team] = await tx.insert(teams).values({ name: teamName }).returning({ id: teams.id });
  await tx.insert(teamMembers).values({ teamId: team!.id, userId: user!.id, role });
  return team!.id;
}

/** The hardware configurations the database was seeded with. */
export function allConfigs(tx: Db) {
  return tx.select().from(configs);
}

/** Creates a demo node, last seen at `lastSeenAt`; returns its id. */
export async function insertDemoNode(
  tx: Db,
  node: typeof nodes.$inferInsert,
  lastSeenAt: Date,
): Promise<number> {
  const [row] = await tx.insert(nodes).values(node).returning({ id: nodes.id });
  await tx.insert(nodeLiveness).values({ nodeId: row!.id, lastSeenAt });
  // An active demo node has been active since it was added, so its card shows its uptime.
  if (node.status === NODE_STATUS.active && node.createdAt) {
    await tx.insert(nodeActivityChanges).values({ nodeId: row!.id, active: true, at: node.createdAt });
  }
  return row!.id;
}

/** The id and status of the node holding `licenseKey`, if any. */
export async function nodeOfLicense(db: Db, licenseKey: string) {
  const [node] = await db
    .select({ id: nodes.id, status: nodes.status })
    .from(nodes)
    .where(eq(nodes.licenseKey, licenseKey));
  return node;
}

/** The newest minute stored for a node (Unix seconds), if any. */
export async function lastStoredMinute(db: Db, nodeId: number): Promise<number | undefined> {
  const result = await db.execute(
    sql`select max(ts)::float8 as last from stat_minute where node_id = ${nodeId}`,
  );
  return rowsOf<{ last: number | null }>(result)[0]?.last ?? undefined;
}
