import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { emailLinks } from '../db/schema.ts';

/** The SQL of the single-use e-mail links (links.ts holds their rules). */
export type EmailLink = typeof emailLinks.$inferSelect;

export async function insertLink(tx: Db, values: typeof emailLinks.$inferInsert): Promise<void> {
  await tx.insert(emailLinks).values(values);
}

/** The link of this stored hash and purpose, used, revoked or expired ones included. */
export async function findLink(db: Db, tokenHash: string, purpose: string): Promise<EmailLink | undefined> {
  const [row] = await db
    .select()
    .from(emailLinks)
    .where(and(eq(emailLinks.tokenHash, tokenHash), eq(emailLinks.purpose, purpose)))
    .limit(1);
  return row;
}

/** Marks a link used if it is still unused and unrevoked: of concurrent uses exactly one gets the row. */
export async function markLinkUsed(tx: Db, id: number, now: Date): Promise<EmailLink | undefined> {
  const [row] = await tx
    .update(emailLinks)
    .set({ usedAt: now })
    .where(and(eq(emailLinks.id, id), isNull(emailLinks.usedAt), isNull(emailLinks.revokedAt)))
    .returning();
  return row;
}

/** Revokes every unused link of the user, of one purpose or (without it) of all. */
export async function revokeUnusedLinks(tx: Db, userId: number, now: Date, purpose?: string): Promise<void> {
  await tx
    .update(emailLinks)
    .set({ revokedAt: now })
    .where(
      and(
        eq(emailLinks.userId, userId),
        purpose === undefined ? undefined : eq(emailLinks.purpose, purpose),
        isNull(emailLinks.usedAt),
        isNull(emailLinks.revokedAt),
      ),
    );
}
