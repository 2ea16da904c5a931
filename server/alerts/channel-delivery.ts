import {
  ALERT_CHANNEL_LIMITS,
  ALERT_RETRY_DELAYS_S,
  type AlertPayloadBody,
} from '../../contracts/alert-channels.ts';
import type { Clock } from '../lib/clock.ts';
import {
  type ChannelRow,
  claimDueMessages,
  type DeliveryRow,
  failingSince,
  findChannelById,
  logDelivery,
  pruneDeliveries,
  queueMessage,
  settleMessage,
  switchOff,
  teamAdminEmails,
  teamName,
} from './alert-channels.repository.ts';
import { channelSwitchedOffMail } from './alert-mails.ts';
import { postOnce } from './channel-http.ts';
import { channelRequest } from './channel-requests.ts';
import { type EmailChannelDeps, mailTeamAdmins } from './email-channel-delivery.ts';

export interface ChannelDeliveryDeps extends EmailChannelDeps {
  clock: Clock;
}

/** Messages claimed per pass, sent side by side: a slow receiver holds a pass for at most the timeout. */
const CLAIM_LIMIT = 20;
/** A claimed message no process settled within this is tried again (its process died mid-delivery). */
const LEASE_MS = 60_000;
const DAY_MS = 86_400_000;
const SWITCH_OFF_MS = ALERT_CHANNEL_LIMITS.switchOffAfterHours * 3_600_000;

/**
 * Sends the alert outbox (docs/alerts.md, "Delivery"): each due message once, through its channel, with a log row
 * per try; a failure is retried after ALERT_RETRY_DELAYS_S, and given up after the last.
 */
export function createChannelDelivery(deps: ChannelDeliveryDeps) {
  const { db, clock, config, mailer } = deps;

  /** A channel whose tries have all failed for SWITCH_OFF_MS is switched off, and its team's admins are told. */
  async function switchOffIfFailingTooLong(channel: ChannelRow, failed: DeliveryRow): Promise<void> {
    const since = await failingSince(db, channel.id);
    if (since === null || failed.at.getTime() - since.getTime() < SWITCH_OFF_MS) return;
    await db.transaction(async (tx) => {
      if (!(await switchOff(tx, channel.id, failed.at))) return;
      const team = await teamName(tx, channel.teamId);
      const lastError = failed.status === null ? failed.detail : `HTTP ${failed.status}`;
      for (const to of await teamAdminEmails(tx, channel.teamId))
        await mailer.send(
          channelSwitchedOffMail(config, to, { name: channel.name, teamName: team, lastError }),
          tx,
        );
    });
  }

  async function attempt(
    channel: ChannelRow,
    message: { id: number; event: string; payload: unknown; attempts: number },
  ): Promise<DeliveryRow> {
    const started = clock.now();
    const payload = message.payload as AlertPayloadBody;
    const begun = performance.now();
    const outcome =
      channel.type === 'email'
        ? await mailTeamAdmins(deps, channel.teamId, payload)
        : await postOnce(
            channelRequest(
              channel,
              payload,
              message.id,
              Math.floor(started.getTime() / 1000),
              config.telegramApiUrl,
            ),
            config.webhookAllowPrivate,
          );
    const durationMs = Math.round(performance.now() - begun);
    const delayS = ALERT_RETRY_DELAYS_S[message.attempts - 1];
    const retryAt = outcome.ok || delayS === undefined ? null : new Date(started.getTime() + delayS * 1000);
    if (outcome.ok) await settleMessage(db, message.id, { sentAt: started });
    else if (retryAt) await settleMessage(db, message.id, { nextAttemptAt: retryAt });
    else await settleMessage(db, message.id, { gaveUpAt: started });
    const logged = await logDelivery(db, {
      channelId: channel.id,
      messageId: message.id,
      event: message.event,
      at: started,
      status: outcome.status,
      ok: outcome.ok,
      durationMs,
      detail: outcome.detail,
      nextAttemptAt: retryAt,
    });
    if (!outcome.ok) await switchOffIfFailingTooLong(channel, logged);
    return logged;
  }

  return {
    /** One pass over the due messages; returns how many tries it made. */
    async deliverDue(): Promise<number> {
      const now = clock.now();
      await pruneDeliveries(db, new Date(now.getTime() - ALERT_CHANNEL_LIMITS.logDays * DAY_MS));
      const claimed = await claimDueMessages(db, now, CLAIM_LIMIT, new Date(now.getTime() + LEASE_MS));
      const tries = await Promise.all(
        claimed.map(async (message) => {
          const channel = await findChannelById(db, message.channelId);
          return channel ? attempt(channel, message) : undefined;
        }),
      );
      return tries.filter(Boolean).length;
    },

    /**
     * The first try of a test from Settings, made at once rather than by the next pass: the message is queued
     * already claimed (one try counted, leased), so no pass takes it meanwhile.
     */
    async sendTest(channel: ChannelRow, payload: AlertPayloadBody): Promise<DeliveryRow> {
      const now = clock.now();
      const event = 'alert.test';
      const id = await queueMessage(db, {
        channelId: channel.id,
        event,
        payload,
        attempts: 1,
        nextAttemptAt: new Date(now.getTime() + LEASE_MS),
      });
      return attempt(channel, { id, event, payload, attempts: 1 });
    },
  };
}
