import { eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { serverSecrets } from '../db/schema.ts';

/**
 * The stored value of the secret `name`, storing `fresh` first when there is none yet. A concurrent first start
 * keeps whichever insert won.
 */
export async function storedSecret(db: Db, name: string, fresh: string): Promise<string | undefined> {
  await db.insert(serverSecrets).values({ name, value: fresh }).onConflictDoNothing();
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, name));
  return row?.value;
}
