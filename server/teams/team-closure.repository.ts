import { and, eq, inArray, isNull } from 'drizzle-orm';
import { NODE_STATUS } from '../../contracts/node-status.ts';
import { CLOSED_STATUS } from '../accounts/index.ts';
import type { Db } from '../db/database.ts';
import { nodes, statisticSettings, teamInvitations, teamMembers, teams, users } from '../db/schema.ts';

/** The SQL of a team closure (server/teams/team-closure.service.ts). */

export interface ClosureRow {
  requestedAt: Date | null;
  requestedBy: string | null;
}

export async function closureOf(db: Db, teamId: number): Promise<ClosureRow | undefined> {
  const [row] = await db
    .select({
      requestedAt: teams.closureRequestedAt,
      name: users.name,
      surname: users.surname,
      email: users.email,
    })
    .from(teams)
    .leftJoin(users, eq(users.id, teams.closureRequestedBy))
    .where(eq(teams.id, teamId));
  if (!row) return undefined;
  const requestedBy = row.requestedAt
    ? `${row.name ?? ''} ${row.surname ?? ''}`.trim() || (row.email ?? '')
    : null;
  return { requestedAt: row.requestedAt, requestedBy };
}

export async function teamClosurePending(db: Db, teamId: number): Promise<boolean> {
  return (await closureOf(db, teamId))?.requestedAt != null;
}

export async function setClosure(
  tx: Db,
  teamId: number,
  request: { at: Date; by: number } | null,
): Promise<void> {
  await tx
    .update(teams)
    .set({ closureRequestedAt: request?.at ?? null, closureRequestedBy: request?.by ?? null })
    .where(eq(teams.id, teamId));
}

/**
 * Closes the team for good (spec 4: status 50, its nodes deleted) and ends every membership with what belongs to
 * it: pending invitations, statistic settings, workspace choices. Returns the members who were removed.
 */
export async function closeTeamRows(tx: Db, teamId: number, now: Date): Promise<number[]> {
  const members = await tx
    .delete(teamMembers)
    .where(eq(teamMembers.teamId, teamId))
    .returning({ userId: teamMembers.userId });
  await tx
    .update(teams)
    .set({ status: CLOSED_STATUS, closureRequestedAt: null, closureRequestedBy: null })
    .where(eq(teams.id, teamId));
  await tx.update(nodes).set({ status: NODE_STATUS.deleted }).where(eq(nodes.teamId, teamId));
  await tx
    .update(teamInvitations)
    .set({ revokedAt: now })
    .where(
      and(
        eq(teamInvitations.teamId, teamId),
        isNull(teamInvitations.acceptedAt),
        isNull(teamInvitations.declinedAt),
        isNull(teamInvitations.revokedAt),
      ),
    );
  await tx.delete(statisticSettings).where(eq(statisticSettings.teamId, teamId));
  const userIds = members.map((member) => member.userId);
  if (userIds.length > 0) {
    await tx
      .update(users)
      .set({ workspaceTeamId: null })
      .where(and(inArray(users.id, userIds), eq(users.workspaceTeamId, teamId)));
  }
  return userIds;
}
