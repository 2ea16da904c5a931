import {
  ALERT_CHANNEL_ERRORS,
  ALERT_CHANNEL_LIMITS,
  type AlertChannelBody,
  type AlertChannelEditBody,
  type AlertChannelType,
  type AlertDeliveryBody,
  type AlertEvent,
  type CreatedAlertChannelBody,
  type NewAlertChannelBody,
} from '../../contracts/alert-channels.ts';
import type { OfflineAlertDelayMin } from '../../contracts/notifications.ts';
import { HttpError } from '../lib/errors.ts';
import * as repo from './alert-channels.repository.ts';
import { type ChannelDeliveryDeps, createChannelDelivery } from './channel-delivery.ts';
import { payloadOf } from './channel-queue.ts';
import { checkTarget } from './outbound-target.ts';
import { newWebhookSecret } from './webhook-signing.ts';

const DAY_MS = 86_400_000;
const TELEGRAM_TOKEN = /^\d{1,20}:[A-Za-z0-9_-]{20,100}$/;
const TELEGRAM_CHAT = /^(-?\d{1,20}|@[A-Za-z0-9_]{4,64})$/;

const refuse = (rule: { error: string; message: string }, status = 400) =>
  new HttpError(status, rule.error, rule.message);

function deliveryBody(row: repo.DeliveryRow): AlertDeliveryBody {
  return {
    at: row.at.toISOString(),
    event: row.event as AlertEvent,
    status: row.status,
    ok: row.ok,
    durationMs: row.durationMs,
    detail: row.detail,
    nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
  };
}

function channelBody(row: repo.ChannelRow, last: repo.DeliveryRow | undefined): AlertChannelBody {
  return {
    id: row.id,
    type: row.type as AlertChannelType,
    name: row.name,
    url: row.url,
    chatId: row.chatId,
    offlineDelayMinutes: row.offlineDelayMinutes as OfflineAlertDelayMin,
    switchedOffAt: row.switchedOffAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    lastDelivery: last ? deliveryBody(last) : null,
  };
}

/** A team's alert channels (docs/alerts.md); the routes have checked the caller's membership and role. */
export function createAlertChannelsService(deps: ChannelDeliveryDeps) {
  const delivery = createChannelDelivery(deps);

  /** The fields of the channel's type, checked: its URL must reach a public address (outbound-target.ts). */
  async function targetFields(type: AlertChannelType, body: AlertChannelEditBody, current?: repo.ChannelRow) {
    // The team's admins are its target: nothing to fill in, and a stray field is not kept.
    if (type === 'email') return { url: null, chatId: null, secret: null };
    if (type === 'telegram') {
      const botToken = body.botToken ?? current?.secret ?? '';
      const chatId = body.chatId ?? current?.chatId ?? '';
      if (!botToken || !chatId) throw refuse(ALERT_CHANNEL_ERRORS.missingField);
      if (!TELEGRAM_TOKEN.test(botToken) || !TELEGRAM_CHAT.test(chatId))
        throw refuse(ALERT_CHANNEL_ERRORS.badTelegram);
      return { secret: botToken, chatId, url: null };
    }
    const url = body.url ?? current?.url ?? '';
    if (!url) throw refuse(ALERT_CHANNEL_ERRORS.missingField);
    if (body.url !== undefined) await checkTarget(url, deps.config.webhookAllowPrivate);
    return { url };
  }

  async function owned(teamId: number, id: number): Promise<repo.ChannelRow> {
    const row = await repo.findChannel(deps.db, teamId, id);
    if (!row) throw refuse(ALERT_CHANNEL_ERRORS.notFound, 404);
    return row;
  }

  return {
    async list(teamId: number): Promise<AlertChannelBody[]> {
      const rows = await repo.listChannels(deps.db, teamId);
      const last = await repo.lastDeliveries(
        deps.db,
        rows.map((row) => row.id),
      );
      return rows.map((row) => channelBody(row, last.get(row.id)));
    },

    async create(teamId: number, body: NewAlertChannelBody): Promise<CreatedAlertChannelBody> {
      if ((await repo.countChannels(deps.db, teamId)) >= ALERT_CHANNEL_LIMITS.perTeam)
        throw refuse(ALERT_CHANNEL_ERRORS.tooMany);
      const fields = await targetFields(body.type, body);
      const secret = body.type === 'webhook' ? newWebhookSecret() : null;
      const row = await repo.insertChannel(deps.db, {
        teamId,
        type: body.type,
        name: body.name,
        offlineDelayMinutes: body.offlineDelayMinutes ?? 0,
        ...fields,
        ...(secret ? { secret } : {}),
      });
      return { channel: channelBody(row, undefined), secret };
    },

    async update(teamId: number, id: number, body: AlertChannelEditBody): Promise<AlertChannelBody> {
      const current = await owned(teamId, id);
      const fields = await targetFields(current.type as AlertChannelType, body, current);
      const row = await repo.updateChannel(deps.db, id, {
        ...fields,
        name: body.name ?? current.name,
        offlineDelayMinutes: body.offlineDelayMinutes ?? current.offlineDelayMinutes,
      });
      const last = await repo.lastDeliveries(deps.db, [id]);
      return channelBody(row, last.get(id));
    },

    async remove(teamId: number, id: number): Promise<void> {
      await owned(teamId, id);
      await repo.deleteChannel(deps.db, id);
    },

    async rotateSecret(teamId: number, id: number): Promise<{ secret: string }> {
      const current = await owned(teamId, id);
      if (current.type !== 'webhook') throw refuse(ALERT_CHANNEL_ERRORS.noSecret);
      const secret = newWebhookSecret();
      await repo.updateChannel(deps.db, id, { secret });
      return { secret };
    },

    async sendTest(teamId: number, id: number): Promise<AlertDeliveryBody> {
      const channel = await owned(teamId, id);
      const team = { id: teamId, name: await repo.teamName(deps.db, teamId) };
      const payload = payloadOf('alert.test', deps.clock.now(), team, { id, name: channel.name }, []);
      return deliveryBody(await delivery.sendTest(channel, payload));
    },

    /** Alerts go to the channel again; its failures before now no longer count towards a switch-off. */
    async switchOn(teamId: number, id: number): Promise<AlertChannelBody> {
      await owned(teamId, id);
      const row = await repo.updateChannel(deps.db, id, {
        switchedOffAt: null,
        switchedOnAt: deps.clock.now(),
      });
      const last = await repo.lastDeliveries(deps.db, [id]);
      return channelBody(row, last.get(id));
    },

    async deliveries(teamId: number, id: number): Promise<AlertDeliveryBody[]> {
      await owned(teamId, id);
      const since = new Date(deps.clock.now().getTime() - ALERT_CHANNEL_LIMITS.logDays * DAY_MS);
      return (await repo.listDeliveries(deps.db, id, since)).map(deliveryBody);
    },
  };
}
