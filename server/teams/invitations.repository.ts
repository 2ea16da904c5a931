import { and, asc, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { teamInvitations, teams, users } from '../db/schema.ts';

/** The SQL of team invitations (server/teams/invitations.service.ts holds the rules). */

export type InvitationRow = typeof teamInvitations.$inferSelect;

/** Pending: not accepted, declined or revoked, and not yet expired. */
const pending = (now: Date) =>
  and(
    isNull(teamInvitations.acceptedAt),
    isNull(teamInvitations.declinedAt),
    isNull(teamInvitations.revokedAt),
    gt(teamInvitations.expiresAt, now),
  );

const sameAddress = (email: string) => sql`lower(${teamInvitations.email}) = lower(${email})`;

export function pendingOfTeam(db: Db, teamId: number, now: Date): Promise<InvitationRow[]> {
  return db
    .select()
    .from(teamInvitations)
    .where(and(eq(teamInvitations.teamId, teamId), pending(now)))
    .orderBy(asc(teamInvitations.createdAt), asc(teamInvitations.id));
}

export async function countPendingOfTeam(db: Db, teamId: number, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(teamInvitations)
    .where(and(eq(teamInvitations.teamId, teamId), pending(now)));
  return Number(row?.n ?? 0);
}

export async function pendingForAddress(
  db: Db,
  teamId: number,
  email: string,
  now: Date,
): Promise<InvitationRow | undefined> {
  const [row] = await db
    .select()
    .from(teamInvitations)
    .where(and(eq(teamInvitations.teamId, teamId), sameAddress(email), pending(now)))
    .limit(1);
  return row;
}

export async function insertInvitation(
  tx: Db,
  values: Omit<typeof teamInvitations.$inferInsert, 'id'>,
): Promise<InvitationRow> {
  const [row] = await tx.insert(teamInvitations).values(values).returning();
  return row!;
}

/** A pending invitation of the team by id, or undefined. */
export async function pendingById(
  db: Db,
  teamId: number,
  id: number,
  now: Date,
): Promise<InvitationRow | undefined> {
  const [row] = await db
    .select()
    .from(teamInvitations)
    .where(and(eq(teamInvitations.id, id), eq(teamInvitations.teamId, teamId), pending(now)));
  return row;
}

/** What a person is shown of an invitation: its team's name and who invited them. */
const withTeamAndInviter = {
  invitation: teamInvitations,
  teamName: teams.name,
  inviterName: sql<string>`coalesce(trim(${users.name} || ' ' || ${users.surname}), '')`,
  inviterEmail: users.email,
};

export type InvitationView = {
  invitation: InvitationRow;
  teamName: string;
  inviterName: string;
  inviterEmail: string | null;
};

function viewQuery(db: Db) {
  return db
    .select(withTeamAndInviter)
    .from(teamInvitations)
    .innerJoin(teams, eq(teams.id, teamInvitations.teamId))
    .leftJoin(users, eq(users.id, teamInvitations.invitedBy));
}

export async function pendingByTokenHash(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<InvitationView | undefined> {
  const [row] = await viewQuery(db).where(and(eq(teamInvitations.tokenHash, tokenHash), pending(now)));
  return row;
}

/** The caller's own pending invitation by id (addressed to `email`), or undefined. */
export async function pendingForMe(
  db: Db,
  id: number,
  email: string,
  now: Date,
): Promise<InvitationView | undefined> {
  const [row] = await viewQuery(db).where(and(eq(teamInvitations.id, id), sameAddress(email), pending(now)));
  return row;
}

export function pendingToAddress(db: Db, email: string, now: Date): Promise<InvitationView[]> {
  return viewQuery(db)
    .where(and(sameAddress(email), pending(now)))
    .orderBy(asc(teamInvitations.createdAt), asc(teamInvitations.id));
}

/**
 * Ends a pending invitation (accepted, declined or revoked): one conditional UPDATE, so of any number of concurrent
 * uses exactly one gets the row; the others get undefined.
 */
export async function endInvitation(
  tx: Db,
  id: number,
  how: 'acceptedAt' | 'declinedAt' | 'revokedAt',
  now: Date,
): Promise<InvitationRow | undefined> {
  const [row] = await tx
    .update(teamInvitations)
    .set({ [how]: now })
    .where(and(eq(teamInvitations.id, id), pending(now)))
    .returning();
  return row;
}

/** A resend: a new token (the older link stops working), sent now, 7 days from now. */
export async function renewInvitation(
  tx: Db,
  id: number,
  fields: { tokenHash: string; sentAt: Date; expiresAt: Date },
  now: Date,
): Promise<InvitationRow | undefined> {
  const [row] = await tx
    .update(teamInvitations)
    .set(fields)
    .where(and(eq(teamInvitations.id, id), pending(now)))
    .returning();
  return row;
}
