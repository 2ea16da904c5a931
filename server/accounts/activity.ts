import {
  ACTIVITY_LIST_MAX,
  ACTIVITY_RETENTION_DAYS,
  type ActivityKind,
} from '../../contracts/account-activity.ts';
import type { Db } from '../db/database.ts';
import type { Client } from '../lib/authenticate.ts';
import { activitySince, insertActivityPruning } from './activity.repository.ts';
import { deviceOf } from './device.ts';

export { ACTIVITY, type ActivityKind } from '../../contracts/account-activity.ts';
export { type Client, clientOf } from '../lib/authenticate.ts';

const RETENTION_MS = ACTIVITY_RETENTION_DAYS * 24 * 3_600_000;
/** A user agent is the browser's to write: kept short so one request cannot fill the table. */
const USER_AGENT_MAX = 512;
const IP_MAX = 64;

/** PostgreSQL text cannot hold NUL; a header never should. */
export function storedUserAgent(userAgent: string): string {
  return userAgent.replaceAll('\u0000', '').slice(0, USER_AGENT_MAX);
}

export interface ActivityEvent extends Client {
  userId: number;
  kind: ActivityKind;
  at: Date;
}

/**
 * Records one security event of the account. Call it with the transaction of the change it records, so
 * the event exists exactly when the change does. It holds who, what, when and from where: never a token, password
 * or link hash. The user's events older than 90 days are pruned on the same write.
 */
export async function recordActivity(tx: Db, event: ActivityEvent): Promise<void> {
  await insertActivityPruning(
    tx,
    {
      userId: event.userId,
      kind: event.kind,
      ip: event.ip.slice(0, IP_MAX),
      userAgent: storedUserAgent(event.userAgent),
      at: event.at,
    },
    new Date(event.at.getTime() - RETENTION_MS),
  );
}

/** GET v1/activity: the user's events of the last 90 days, newest first. */
export async function listActivity(db: Db, userId: number, now: Date) {
  const rows = await activitySince(db, userId, new Date(now.getTime() - RETENTION_MS), ACTIVITY_LIST_MAX);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    at: row.at.toISOString(),
    ip: row.ip,
    device: deviceOf(row.userAgent),
  }));
}
