import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { apiTokens } from '../db/schema.ts';

export type ApiTokenRow = typeof apiTokens.$inferSelect;
export type NewApiTokenRow = typeof apiTokens.$inferInsert;

/** The user's tokens that are not revoked (expired ones stay listed, so their owner sees why a script fails). */
export function liveTokensOf(db: Db, userId: number): Promise<ApiTokenRow[]> {
  return db
    .select()
    .from(apiTokens)
    .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
    .orderBy(asc(apiTokens.createdAt), asc(apiTokens.id));
}

export async function countLiveTokens(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(apiTokens)
    .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)));
  return row?.total ?? 0;
}

export async function insertToken(db: Db, values: NewApiTokenRow): Promise<ApiTokenRow> {
  const [row] = await db.insert(apiTokens).values(values).returning();
  if (!row) throw new Error('api_tokens: insert returned no row');
  return row;
}

/** Revokes one live token of the user; false when there is none (another's, unknown, or already revoked). */
export async function revokeToken(db: Db, userId: number, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(apiTokens)
    .set({ revokedAt: now })
    .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id });
  return rows.length > 0;
}

/**
 * Ends every live token of the user and answers how many: a password change or reset takes the account back, so a
 * token minted with a stolen session stops with it (docs/api-tokens.md).
 */
export async function revokeAllTokens(db: Db, userId: number, now: Date): Promise<number> {
  const rows = await db
    .update(apiTokens)
    .set({ revokedAt: now })
    .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id });
  return rows.length;
}

/** Holds the user's row until the transaction ends, so two creations at once cannot both pass the limit. */
export async function lockUser(tx: Db, userId: number): Promise<void> {
  await tx.execute(sql`select id from users where id = ${userId} for update`);
}
