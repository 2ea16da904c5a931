import { eq, sql } from 'drizzle-orm';
import type { NotificationSettings } from '../../contracts/notifications.schema.ts';
import type { OfflineAlertDelayMin } from '../../contracts/notifications.ts';
import type { Db } from '../db/database.ts';
import { users } from '../db/schema.ts';

// The alert settings of Settings > Notifications; SQL lives only here.

export async function find(db: Db, userId: number): Promise<NotificationSettings | undefined> {
  const [row] = await db
    .select({ alerts: users.alerts, offlineDelayMin: users.offlineAlertDelayMin })
    .from(users)
    .where(eq(users.id, userId));
  return row && { alerts: row.alerts, offlineDelayMin: row.offlineDelayMin as OfflineAlertDelayMin };
}

/**
 * Saves the settings. Alerts turned back on (off before) get a new unsubscribe token: the generation moves on and
 * the old token's hash is dropped, so a link from an older mail answers as an unknown link (the next alert mail
 * stores the new one). One statement, so two saves at once move the generation once per real change.
 */
export async function save(db: Db, userId: number, settings: NotificationSettings): Promise<void> {
  const reenabled = sql`${settings.alerts} and not ${users.alerts}`;
  await db
    .update(users)
    .set({
      alerts: settings.alerts,
      offlineAlertDelayMin: settings.offlineDelayMin,
      unsubscribeGeneration: sql`case when ${reenabled} then ${users.unsubscribeGeneration} + 1 else ${users.unsubscribeGeneration} end`,
      unsubscribeTokenHash: sql`case when ${reenabled} then null else ${users.unsubscribeTokenHash} end`,
    })
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
