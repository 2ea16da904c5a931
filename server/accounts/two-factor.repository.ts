import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { signInChallenges, totpRecoveryCodes, userTotp } from '../db/schema.ts';

export type TotpRow = typeof userTotp.$inferSelect;
export type ChallengeRow = typeof signInChallenges.$inferSelect;

export async function findTotp(db: Db, userId: number): Promise<TotpRow | undefined> {
  const [row] = await db.select().from(userTotp).where(eq(userTotp.userId, userId)).limit(1);
  return row;
}

/** A new, not yet confirmed secret; never replaces a factor that is on. False when one is on. */
export async function savePendingTotp(db: Db, userId: number, secret: string, now: Date): Promise<boolean> {
  const rows = await db
    .insert(userTotp)
    .values({ userId, secret, createdAt: now })
    .onConflictDoUpdate({
      target: userTotp.userId,
      set: { secret, lastStep: null, createdAt: now },
      setWhere: isNull(userTotp.enabledAt),
    })
    .returning({ userId: userTotp.userId });
  return rows.length > 0;
}

/**
 * Records `step` as the last accepted time step, only when it is later than the last one: the database decides,
 * so two concurrent requests with one code cannot both pass.
 */
export async function claimStep(db: Db, userId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(userTotp)
    .set({ lastStep: step })
    .where(and(eq(userTotp.userId, userId), or(isNull(userTotp.lastStep), lt(userTotp.lastStep, step))))
    .returning({ userId: userTotp.userId });
  return rows.length > 0;
}

export async function markTotpEnabled(tx: Db, userId: number, now: Date): Promise<boolean> {
  const rows = await tx
    .update(userTotp)
    .set({ enabledAt: now })
    .where(and(eq(userTotp.userId, userId), isNull(userTotp.enabledAt)))
    .returning({ userId: userTotp.userId });
  return rows.length > 0;
}

export async function deleteTotp(tx: Db, userId: number): Promise<void> {
  await tx.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, userId));
  await tx.delete(userTotp).where(eq(userTotp.userId, userId));
}

export async function saveRecoveryCodes(tx: Db, userId: number, codeHashes: string[]): Promise<void> {
  await tx.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, userId));
  await tx.insert(totpRecoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
}

/** How many of the user's recovery codes are still unused. */
export async function countUnusedRecoveryCodes(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(totpRecoveryCodes)
    .where(and(eq(totpRecoveryCodes.userId, userId), isNull(totpRecoveryCodes.usedAt)));
  return row?.count ?? 0;
}

/** Spends an unused recovery code; false when there is none with this hash. */
export async function spendRecoveryCode(
  db: Db,
  userId: number,
  codeHash: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(totpRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(totpRecoveryCodes.userId, userId),
        eq(totpRecoveryCodes.codeHash, codeHash),
        isNull(totpRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: totpRecoveryCodes.id });
  return rows.length > 0;
}

/** A new challenge; the user's expired ones go, so the table holds only live challenges and a few spent ones. */
export async function insertChallenge(
  db: Db,
  fields: { userId: number; tokenHash: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db
    .delete(signInChallenges)
    .where(and(eq(signInChallenges.userId, fields.userId), lt(signInChallenges.expiresAt, fields.createdAt)));
  await db.insert(signInChallenges).values(fields);
}

/**
 * Counts one code attempt on a live challenge and returns it; undefined when the challenge is unknown, used,
 * expired or out of attempts.
 */
export async function attemptChallenge(
  db: Db,
  tokenHash: string,
  now: Date,
  maxAttempts: number,
): Promise<ChallengeRow | undefined> {
  const [row] = await db
    .update(signInChallenges)
    .set({ attempts: sql`${signInChallenges.attempts} + 1` })
    .where(
      and(
        eq(signInChallenges.tokenHash, tokenHash),
        isNull(signInChallenges.usedAt),
        gt(signInChallenges.expiresAt, now),
        lt(signInChallenges.attempts, maxAttempts),
      ),
    )
    .returning();
  return row;
}

/** Spends the challenge; false when a concurrent request spent it first. */
export async function spendChallenge(tx: Db, id: number, now: Date): Promise<boolean> {
  const rows = await tx
    .update(signInChallenges)
    .set({ usedAt: now })
    .where(and(eq(signInChallenges.id, id), isNull(signInChallenges.usedAt)))
    .returning({ id: signInChallenges.id });
  return rows.length > 0;
}

/** Ends every open challenge of the user (two-factor sign-in turned off, or a new password). */
export async function revokeChallenges(tx: Db, userId: number, now: Date): Promise<void> {
  await tx
    .update(signInChallenges)
    .set({ usedAt: now })
    .where(and(eq(signInChallenges.userId, userId), isNull(signInChallenges.usedAt)));
}
