import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { sessions } from '../db/schema.ts';

/** Stores a new session (its token only as a hash). */
export async function insertSession(tx: Db, session: typeof sessions.$inferInsert): Promise<void> {
  await tx.insert(sessions).values(session);
}

const live = (userId: number, now: Date) =>
  and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now));

/** The user's signed-in browsers: neither revoked nor expired, the most recently active first. */
export function liveSessionsOf(db: Db, userId: number, now: Date) {
  return db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      ip: sessions.ip,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(live(userId, now))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id));
}

/**
 * Revokes the user's live sessions: one (`only`), or all but one (`except`). The user id in the condition is what
 * keeps a caller from revoking another user's session. Returns the ids revoked.
 */
export async function revokeLiveSessions(
  tx: Db,
  userId: number,
  now: Date,
  which: { only: number } | { except: number },
): Promise<number[]> {
  const pick = 'only' in which ? eq(sessions.id, which.only) : ne(sessions.id, which.except);
  const rows = await tx
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(live(userId, now), pick))
    .returning({ id: sessions.id });
  return rows.map((row) => row.id);
}

/**
 * Revokes every unrevoked session of the user, expired or not, except `keepSessionId` (all of them without it).
 * Returns the ids revoked.
 */
export async function revokeUserSessions(
  tx: Db,
  userId: number,
  now: Date,
  keepSessionId?: number,
): Promise<number[]> {
  const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
  if (keepSessionId !== undefined) conditions.push(ne(sessions.id, keepSessionId));
  const revoked = await tx
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(...conditions))
    .returning({ id: sessions.id });
  return revoked.map((row) => row.id);
}
