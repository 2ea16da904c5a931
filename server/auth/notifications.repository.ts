import { eq } from 'drizzle-orm';
import type { NotificationSettings, OfflineAlertDelayMin } from '../../contracts/notifications.ts';
import type { Db } from '../db/database.ts';
import { users } from '../db/schema.ts';

// The alert settings of Settings > Notifications (issue 9); SQL lives only here.

export async function find(db: Db, userId: number): Promise<NotificationSettings | undefined> {
  const [row] = await db
    .select({ alerts: users.alerts, offlineDelayMin: users.offlineAlertDelayMin })
    .from(users)
    .where(eq(users.id, userId));
  return row && { alerts: row.alerts, offlineDelayMin: row.offlineDelayMin as OfflineAlertDelayMin };
}

export async function save(db: Db, userId: number, settings: NotificationSettings): Promise<void> {
  await db
    .update(users)
    .set({ alerts: settings.alerts, offlineAlertDelayMin: settings.offlineDelayMin })
    .where(eq(users.id, userId));
}

/** Turns alerts off for the user whose unsubscribe token has this hash; whether there was one. */
export async function unsubscribe(db: Db, tokenHash: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ alerts: false })
    .where(eq(users.unsubscribeTokenHash, tokenHash))
    .returning({ id: users.id });
  return rows.length > 0;
}
