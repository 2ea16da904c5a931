import { and, asc, count, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { passkeyCeremonies, passkeys, signInChallenges } from '../db/schema.ts';

export type PasskeyRow = typeof passkeys.$inferSelect;
export type CeremonyRow = typeof passkeyCeremonies.$inferSelect;
export type CeremonyPurpose = 'registration' | 'authentication';

export function passkeysOf(db: Db, userId: number): Promise<PasskeyRow[]> {
  return db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
}

export async function countPasskeys(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ total: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  return row?.total ?? 0;
}

export async function findByCredentialId(db: Db, credentialId: string): Promise<PasskeyRow | undefined> {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId)).limit(1);
  return row;
}

/** Inserts a passkey; undefined when its credential id is already registered (to anyone). */
export async function insertPasskey(
  db: Db,
  values: typeof passkeys.$inferInsert,
): Promise<PasskeyRow | undefined> {
  const [row] = await db.insert(passkeys).values(values).onConflictDoNothing().returning();
  return row;
}

export async function deletePasskey(db: Db, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id });
  return rows.length > 0;
}

/**
 * Moves the signature counter forward and stamps the use, only if the stored counter is still below the new one
 * (or both are 0: authenticators that keep no counter): of two requests with one assertion, one passes.
 */
export async function recordUse(
  db: Db,
  passkey: PasskeyRow,
  newCounter: number,
  now: Date,
): Promise<boolean> {
  const forward = newCounter === 0 ? eq(passkeys.counter, 0) : lt(passkeys.counter, newCounter);
  const rows = await db
    .update(passkeys)
    .set({ counter: newCounter, lastUsedAt: now })
    .where(and(eq(passkeys.id, passkey.id), forward))
    .returning({ id: passkeys.id });
  return rows.length > 0;
}

/** A new ceremony; spent and expired ones go on the same write, so the table holds only the live few. */
export async function insertCeremony(
  db: Db,
  fields: {
    challengeHash: string;
    purpose: CeremonyPurpose;
    userId: number | null;
    createdAt: Date;
    expiresAt: Date;
  },
): Promise<void> {
  await db
    .delete(passkeyCeremonies)
    .where(
      or(lt(passkeyCeremonies.expiresAt, fields.createdAt), sql`${passkeyCeremonies.usedAt} is not null`),
    );
  await db.insert(passkeyCeremonies).values(fields);
}

/** Spends a live ceremony of `purpose` and returns it; undefined when unknown, spent, expired or of another purpose. */
export async function spendCeremony(
  db: Db,
  challengeHash: string,
  purpose: CeremonyPurpose,
  now: Date,
): Promise<CeremonyRow | undefined> {
  const [row] = await db
    .update(passkeyCeremonies)
    .set({ usedAt: now })
    .where(
      and(
        eq(passkeyCeremonies.challengeHash, challengeHash),
        eq(passkeyCeremonies.purpose, purpose),
        isNull(passkeyCeremonies.usedAt),
        gt(passkeyCeremonies.expiresAt, now),
      ),
    )
    .returning();
  return row;
}

/**
 * The user of a live two-factor challenge, read without counting an attempt: a passkey is not a typed code, so the
 * code limits do not apply to it.
 */
export async function liveChallengeUser(db: Db, tokenHash: string, now: Date): Promise<number | undefined> {
  const [row] = await db
    .select({ userId: signInChallenges.userId })
    .from(signInChallenges)
    .where(
      and(
        eq(signInChallenges.tokenHash, tokenHash),
        isNull(signInChallenges.usedAt),
        gt(signInChallenges.expiresAt, now),
      ),
    )
    .limit(1);
  return row?.userId;
}
