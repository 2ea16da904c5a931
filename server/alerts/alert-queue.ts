import type { Db } from '../db/database.ts';
import { type AlertKind, endOfflineEpisode, queueForAdmins } from './alerts.repository.ts';
import { endChannelOfflineEpisode, queueChannelAlerts } from './channel-queue.ts';

/**
 * Queues an alert about these nodes for everyone it goes to: each admin's e-mail (node_alerts) and each channel of
 * the nodes' teams (alert_outbox), in the caller's transaction.
 */
export async function queueAlerts(
  tx: Db,
  alert: { nodeIds: readonly number[]; kind: AlertKind; offlineSince: Date | null; at: Date },
): Promise<void> {
  await queueForAdmins(tx, alert);
  await queueChannelAlerts(tx, alert);
}

/** A node came back: its unsent offline alerts are dropped, and who was told it went offline is told it is back. */
export async function endOffline(tx: Db, nodeId: number, offlineSince: Date, at: Date): Promise<void> {
  await endOfflineEpisode(tx, nodeId, offlineSince, at);
  await endChannelOfflineEpisode(tx, nodeId, offlineSince, at);
}
