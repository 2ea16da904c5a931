import { and, asc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { sessions, teamMembers, users } from '../db/schema.ts';

/** An ORDER BY term over team_members joined with users: the user's chosen workspace first. */
export const chosenFirst = () =>
  sql`case when ${teamMembers.teamId} = ${users.workspaceTeamId} then 0 else 1 end`;

/**
 * The live session of a token hash at `now`, one row per team of its user (the chosen workspace first, then the
 * oldest membership), in one query; a user of no team gives one row with a null team. No row when there is none.
 */
export function liveSessionRows(db: Db, tokenHash: string, now: Date) {
  return db
    .select({
      id: sessions.id,
      userId: sessions.userId,
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
      teamId: teamMembers.teamId,
      role: teamMembers.role,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(teamMembers, eq(teamMembers.userId, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .orderBy(chosenFirst(), asc(teamMembers.createdAt), asc(teamMembers.teamId));
}

/** Writes "last active" and its address, unless another request wrote them since `staleBefore`. */
export async function touchSessionSeen(
  db: Db,
  sessionId: number,
  seen: { now: Date; ip: string; staleBefore: Date },
): Promise<void> {
  await db
    .update(sessions)
    .set({ lastSeenAt: seen.now, ip: seen.ip })
    .where(and(eq(sessions.id, sessionId), lt(sessions.lastSeenAt, seen.staleBefore)));
}
