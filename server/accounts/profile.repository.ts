import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { ADMIN_ROLE, EMAIL_CHANGE_STATUS } from '../../contracts/account-codes.ts';
import { NODE_STATUS } from '../../contracts/node-status.ts';
import type { Db } from '../db/database.ts';
import { emailLinks, nodes, sessions, teamMembers, teams, users } from '../db/schema.ts';
import type { TeamMembershipSummary } from './account-deletion.precheck.ts';

/** spec 4: a closed team carries status 50 (team_statuses 'Closed'); its nodes are deleted. */
export const CLOSED_STATUS = 50;

/** True when another account already uses the address (case-insensitive). */
export async function emailTakenByOther(db: Db, email: string, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, ne(users.id, userId)))
    .limit(1);
  return row !== undefined;
}

export async function setPendingEmail(db: Db, userId: number, newEmail: string | null): Promise<void> {
  await db
    .update(users)
    .set({
      statusChangeEmail: newEmail === null ? EMAIL_CHANGE_STATUS.none : EMAIL_CHANGE_STATUS.pending,
      newChangeEmail: newEmail,
    })
    .where(eq(users.id, userId));
}

/** Switches the address and ends the pending request; false when the address was taken meanwhile. */
export async function switchEmail(tx: Db, userId: number, email: string): Promise<boolean> {
  const [row] = await tx
    .update(users)
    .set({ email, statusChangeEmail: EMAIL_CHANGE_STATUS.none, newChangeEmail: null })
    .where(
      and(
        eq(users.id, userId),
        sql`not exists (select 1 from ${users} other where lower(other.email) = lower(${email}) and other.id <> ${userId})`,
      ),
    )
    .returning({ id: users.id });
  return row !== undefined;
}

export async function setDeleteProgress(db: Db, userId: number, pending: boolean): Promise<void> {
  await db.update(users).set({ deleteProgress: pending }).where(eq(users.id, userId));
}

/** The user's teams with their admin and member counts, oldest membership first (spec 3 TeamsRender order). */
export async function membershipSummaries(db: Db, userId: number): Promise<TeamMembershipSummary[]> {
  const rows = await db
    .select({
      id: teams.id,
      name: teams.name,
      role: teamMembers.role,
      countAdmin: sql<number>`(select count(*) from ${teamMembers} m where m.team_id = ${teams.id} and m.role = ${ADMIN_ROLE})`,
      countUser: sql<number>`(select count(*) from ${teamMembers} m where m.team_id = ${teams.id})`,
    })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(eq(teamMembers.userId, userId))
    .orderBy(asc(teamMembers.createdAt), asc(teamMembers.teamId));
  // count(*) is a bigint, which the PostgreSQL driver hands over as a string.
  return rows.map((row) => ({
    ...row,
    countAdmin: Number(row.countAdmin),
    countUser: Number(row.countUser),
  }));
}

/** Serialises deletions that touch the same teams, so two leaving members never both see the other as present. */
export async function lockTeams(tx: Db, teamIds: number[]): Promise<void> {
  if (teamIds.length === 0) return;
  await tx
    .select({ id: teams.id })
    .from(teams)
    .where(inArray(teams.id, teamIds))
    .orderBy(asc(teams.id))
    .for('update');
}

export interface DeletedAccount {
  sessionIds: number[];
  /** Teams the user left that still have members. */
  keptTeamIds: number[];
  /** Teams left with no member, now closed with their nodes. */
  closedTeamIds: number[];
}

/**
 * Removes the account inside the caller's transaction: sessions, links, memberships, then the user; a team left
 * with no member is closed (status 50) with its nodes (spec 4).
 */
export async function deleteAccountRows(tx: Db, userId: number, teamIds: number[]): Promise<DeletedAccount> {
  const removedSessions = await tx
    .delete(sessions)
    .where(eq(sessions.userId, userId))
    .returning({ id: sessions.id });
  await tx.delete(emailLinks).where(eq(emailLinks.userId, userId));
  await tx.delete(teamMembers).where(eq(teamMembers.userId, userId));
  await tx.delete(users).where(eq(users.id, userId));
  const closedTeamIds: number[] = [];
  const keptTeamIds: number[] = [];
  for (const teamId of teamIds) {
    const [member] = await tx
      .select({ userId: teamMembers.userId })
      .from(teamMembers)
      .where(eq(teamMembers.teamId, teamId))
      .limit(1);
    if (member) keptTeamIds.push(teamId);
    else closedTeamIds.push(teamId);
  }
  if (closedTeamIds.length > 0) {
    await tx.update(teams).set({ status: CLOSED_STATUS }).where(inArray(teams.id, closedTeamIds));
    await tx.update(nodes).set({ status: NODE_STATUS.deleted }).where(inArray(nodes.teamId, closedTeamIds));
  }
  return { sessionIds: removedSessions.map((row) => row.id), keptTeamIds, closedTeamIds };
}

/** spec 2: true while an Admin of the team has asked to delete the account and not yet confirmed or revoked. */
export async function teamHasPendingAdminDeletion(db: Db, teamId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(
      and(eq(teamMembers.teamId, teamId), eq(teamMembers.role, ADMIN_ROLE), eq(users.deleteProgress, true)),
    )
    .limit(1);
  return row !== undefined;
}
