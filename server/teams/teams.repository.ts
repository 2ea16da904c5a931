import { and, asc, count, eq, sql } from 'drizzle-orm';
import { ADMIN_ROLE } from '../../contracts/account-codes.ts';
import type { Db } from '../db/database.ts';
import { statisticSettings, teamMembers, teams, users } from '../db/schema.ts';

/** Members, roles and the workspace choice. Invitations are in invitations.repository.ts. */

export interface TeamRow {
  id: number;
  name: string;
  status: number;
}

/**
 * Holds the team's row until the transaction ends. Every change to a team's members or invitations takes it first,
 * so the limits (50 members, 20 invitations) and the last-admin rule are checked against a list nobody else is
 * changing: two admins demoting each other queue up, and the second sees one admin left.
 */
export async function lockTeam(tx: Db, teamId: number): Promise<TeamRow | undefined> {
  const [row] = await tx
    .select({ id: teams.id, name: teams.name, status: teams.status })
    .from(teams)
    .where(eq(teams.id, teamId))
    .for('update');
  return row;
}

export async function roleOf(db: Db, teamId: number, userId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ role: teamMembers.role })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
  return row?.role;
}

export async function isMemberByEmail(db: Db, teamId: number, email: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(and(eq(teamMembers.teamId, teamId), sql`lower(${users.email}) = lower(${email})`))
    .limit(1);
  return row !== undefined;
}

export async function countMembers(db: Db, teamId: number, role?: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), role === undefined ? undefined : eq(teamMembers.role, role)));
  return Number(row?.n ?? 0);
}

export const countAdmins = (db: Db, teamId: number) => countMembers(db, teamId, ADMIN_ROLE);

export function listMembers(db: Db, teamId: number) {
  return db
    .select({
      userId: users.id,
      name: users.name,
      surname: users.surname,
      email: users.email,
      role: teamMembers.role,
      joinedAt: teamMembers.createdAt,
    })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(eq(teamMembers.teamId, teamId))
    .orderBy(asc(teamMembers.createdAt), asc(users.id));
}

/** Adds the membership; false when the user is a member already. */
export async function insertMembership(
  tx: Db,
  membership: { teamId: number; userId: number; role: number; createdAt: Date },
): Promise<boolean> {
  const rows = await tx.insert(teamMembers).values(membership).onConflictDoNothing().returning();
  return rows.length > 0;
}

export async function setMemberRole(tx: Db, teamId: number, userId: number, role: number): Promise<void> {
  await tx
    .update(teamMembers)
    .set({ role })
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
}

/**
 * Ends a membership with what belonged to it: the user's statistic settings of the team (kept per user and team) and
 * the workspace choice, which falls back to the oldest remaining membership.
 */
export async function deleteMembership(tx: Db, teamId: number, userId: number): Promise<void> {
  await tx.delete(teamMembers).where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
  await tx
    .delete(statisticSettings)
    .where(and(eq(statisticSettings.teamId, teamId), eq(statisticSettings.userId, userId)));
  await tx
    .update(users)
    .set({ workspaceTeamId: null })
    .where(and(eq(users.id, userId), eq(users.workspaceTeamId, teamId)));
}

export async function setWorkspace(db: Db, userId: number, teamId: number): Promise<void> {
  await db.update(users).set({ workspaceTeamId: teamId }).where(eq(users.id, userId));
}
