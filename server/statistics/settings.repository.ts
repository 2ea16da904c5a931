import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { statisticSettings } from '../db/schema.ts';

/** The saved statistics settings JSON of a user in a team, or undefined when nothing was saved. */
export async function findStatSettings(db: Db, userId: number, teamId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ data: statisticSettings.data })
    .from(statisticSettings)
    .where(and(eq(statisticSettings.userId, userId), eq(statisticSettings.teamId, teamId)))
    .limit(1);
  return row?.data;
}

/** Replaces the saved statistics settings JSON of a user in a team. */
export async function saveStatSettings(
  db: Db,
  userId: number,
  teamId: number,
  data: string,
  at: Date,
): Promise<void> {
  await db
    .insert(statisticSettings)
    .values({ userId, teamId, data, updatedAt: at })
    .onConflictDoUpdate({
      target: [statisticSettings.userId, statisticSettings.teamId],
      set: { data: sql`excluded.data`, updatedAt: sql`excluded.updated_at` },
    });
}
