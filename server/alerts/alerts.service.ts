import { NODE_STATUS } from '../../contracts/node-status.ts';
import { ALERT_BATCH_WINDOW_MS } from '../../contracts/notifications.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { Clock } from '../lib/clock.ts';
import type { Mailer } from '../lib/mail.ts';
import { hashToken } from '../lib/tokens.ts';
import { unsubscribeToken } from '../lib/unsubscribe-token.ts';
import {
  claimDue,
  type DueAlert,
  hasOtherOnlineNode,
  markAlerts,
  storeUnsubscribeHash,
} from './alerts.repository.ts';
import { createChannelDelivery } from './channel-delivery.ts';
import { CHANNELS } from './channels.ts';

export interface AlertDeps {
  db: Db;
  clock: Clock;
  config: Config;
  mailer: Mailer;
  /** The server key the unsubscribe tokens are derived from. */
  unsubscribeKey: () => Promise<Buffer>;
}

/** Due alerts claimed per pass; the rest waits for the next pass, a few seconds later. */
const CLAIM_LIMIT = 500;

/** Whether an alert still says something true: a node back online, deleted or reconfigured outruns it. */
function stillTrue(alert: DueAlert): boolean {
  if (alert.nodeStatus === NODE_STATUS.deleted) return false;
  if (alert.kind === 'offline')
    return (
      alert.nodeStatus === NODE_STATUS.active &&
      alert.nodeOfflineSince?.getTime() === alert.offlineSince?.getTime()
    );
  if (alert.kind === 'misconfigured') return alert.nodeStatus === NODE_STATUS.configuring;
  return true;
}

/**
 * Offline alerts wait until the oldest has been due for ALERT_BATCH_WINDOW_MS, so that several nodes going down
 * together make one mail; they go at once when no other node of the user's teams is online to join them.
 */
async function readyNow(tx: Db, now: Date, userId: number, alerts: DueAlert[]): Promise<DueAlert[]> {
  const offline = alerts.filter((alert) => alert.kind === 'offline');
  if (offline.length === 0) return alerts;
  const oldestDue = Math.min(...offline.map((alert) => alert.dueAt.getTime()));
  if (now.getTime() - oldestDue >= ALERT_BATCH_WINDOW_MS) return alerts;
  const waiting = await hasOtherOnlineNode(
    tx,
    userId,
    offline.map((alert) => alert.nodeId),
  );
  return waiting ? alerts.filter((alert) => alert.kind !== 'offline') : alerts;
}

/** The node alerts, delivered through every registered channel (channels.ts). */
export function createAlertsService(deps: AlertDeps, channels = CHANNELS.map((channel) => channel(deps))) {
  const teamChannels = createChannelDelivery(deps);
  return {
    /** Sends the due messages of the teams' alert channels (webhook, Slack, Discord, Telegram; docs/alerts.md). */
    deliverChannelMessages: () => teamChannels.deliverDue(),

    /**
     * Delivers every due alert once: the rows are claimed with FOR UPDATE SKIP LOCKED and marked sent in the
     * transaction the channels queue their work in (the mail outbox), so two sweeps never send one alert and a crash
     * loses none. A batch no channel delivered stays due for the next pass. Returns how many batches were delivered.
     */
    async deliverDueAlerts(): Promise<number> {
      const now = deps.clock.now();
      const key = await deps.unsubscribeKey();
      return deps.db.transaction(async (tx) => {
        const due = await claimDue(tx, now, CLAIM_LIMIT);
        const byUser = new Map<number, DueAlert[]>();
        for (const alert of due) byUser.set(alert.userId, [...(byUser.get(alert.userId) ?? []), alert]);
        const sent: number[] = [];
        const dropped: number[] = [];
        let mails = 0;
        for (const [userId, alerts] of byUser) {
          const live = alerts.filter((alert) => alert.alertsOn && stillTrue(alert));
          dropped.push(...alerts.filter((alert) => !live.includes(alert)).map((alert) => alert.id));
          const ready = await readyNow(tx, now, userId, live);
          const first = ready[0];
          if (!first) continue;
          const token = unsubscribeToken(key, userId, first.unsubscribeGeneration);
          const hash = hashToken(token);
          if (first.unsubscribeTokenHash !== hash) await storeUnsubscribeHash(tx, userId, hash);
          const message = { userId, email: first.email, alerts: ready, unsubscribeToken: token, tx };
          const results = [];
          for (const channel of channels) results.push(await channel.deliver(message));
          if (!results.some((result) => result.delivered)) continue;
          sent.push(...ready.map((alert) => alert.id));
          mails += 1;
        }
        await markAlerts(tx, sent, 'sent_at', now);
        await markAlerts(tx, dropped, 'cancelled_at', now);
        return mails;
      });
    },
  };
}

export type AlertsService = ReturnType<typeof createAlertsService>;
