import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { apiTokens, teamMembers } from '../db/schema.ts';

/**
 * The live token of a hash with its owner's current role in the token's team: none when it is unknown, revoked,
 * expired at `now`, or its owner is no longer a member of its team (the inner join).
 */
export async function liveTokenOf(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .select({
      tokenId: apiTokens.id,
      userId: apiTokens.userId,
      teamId: apiTokens.teamId,
      role: teamMembers.role,
      scope: apiTokens.scope,
      expiresAt: apiTokens.expiresAt,
      lastUsedAt: apiTokens.lastUsedAt,
    })
    .from(apiTokens)
    .innerJoin(
      teamMembers,
      and(eq(teamMembers.teamId, apiTokens.teamId), eq(teamMembers.userId, apiTokens.userId)),
    )
    .where(
      and(
        eq(apiTokens.tokenHash, tokenHash),
        isNull(apiTokens.revokedAt),
        or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, now)),
      ),
    );
  return row;
}

/** Writes "last used" and its address, unless another request wrote them since `staleBefore`. */
export async function touchTokenUse(
  db: Db,
  tokenId: number,
  use: { now: Date; ip: string; staleBefore: Date },
): Promise<void> {
  await db
    .update(apiTokens)
    .set({ lastUsedAt: use.now, lastUsedIp: use.ip })
    .where(
      and(
        eq(apiTokens.id, tokenId),
        or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, use.staleBefore)),
      ),
    );
}
