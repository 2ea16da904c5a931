import { type Static, Type } from 'typebox';
import { ALERT_CHANNEL_LIMITS, ALERT_CHANNEL_TYPES, ALERT_EVENTS } from './alert-channels.ts';
import { OFFLINE_ALERT_DELAYS_MIN } from './notifications.ts';
import { closed, Moment, nullable, safeString } from './wire.schema.ts';

/** The bodies of the alert channel calls (contracts/alert-channels.ts lists the calls, limits and messages). */

const channelType = Type.Enum([...ALERT_CHANNEL_TYPES]);
const name = safeString({ minLength: 1, maxLength: ALERT_CHANNEL_LIMITS.nameLength });
const url = safeString({ minLength: 1, maxLength: ALERT_CHANNEL_LIMITS.urlLength });
const botToken = safeString({ minLength: 1, maxLength: 200 });
const chatId = safeString({ minLength: 1, maxLength: 100 });
const offlineDelayMinutes = Type.Enum([...OFFLINE_ALERT_DELAYS_MIN], {
  description:
    'Minutes a node must stay offline before this channel is told (0 = immediately); a node back within them sends nothing here.',
});

export const NewAlertChannelSchema = Type.Object(
  {
    type: channelType,
    name,
    url: Type.Optional(url),
    botToken: Type.Optional(botToken),
    chatId: Type.Optional(chatId),
    /** 0 (immediately) when left out. */
    offlineDelayMinutes: Type.Optional(offlineDelayMinutes),
  },
  closed,
);
export type NewAlertChannelBody = Static<typeof NewAlertChannelSchema>;

/** Type stays; a field left out keeps its value. */
export const AlertChannelEditSchema = Type.Object(
  {
    name: Type.Optional(name),
    url: Type.Optional(url),
    botToken: Type.Optional(botToken),
    chatId: Type.Optional(chatId),
    offlineDelayMinutes: Type.Optional(offlineDelayMinutes),
  },
  closed,
);
export type AlertChannelEditBody = Static<typeof AlertChannelEditSchema>;

/** One try of one message. */
export const AlertDeliverySchema = Type.Object(
  {
    at: Moment,
    event: Type.Enum([...ALERT_EVENTS]),
    status: nullable(
      Type.Integer({
        description:
          "The receiver's HTTP status; null when none came (timeout, refused target, network error).",
      }),
    ),
    ok: Type.Boolean(),
    durationMs: Type.Integer(),
    detail: nullable(Type.String({ description: "The error, or the first 1 KB of the receiver's answer." })),
    nextAttemptAt: nullable(
      Type.String({
        format: 'date-time',
        description: 'When the next try is due; null when delivered or given up.',
      }),
    ),
  },
  closed,
);
export type AlertDeliveryBody = Static<typeof AlertDeliverySchema>;

export const AlertChannelSchema = Type.Object(
  {
    id: Type.Integer(),
    type: channelType,
    name: Type.String(),
    url: nullable(
      Type.String({ description: 'The target URL (webhook, Slack, Discord); null for Telegram and E-mail.' }),
    ),
    chatId: nullable(
      Type.String({
        description: "Telegram's chat id; null for the others. The bot token is never shown again.",
      }),
    ),
    offlineDelayMinutes,
    switchedOffAt: nullable(
      Type.String({
        format: 'date-time',
        description:
          'When the channel was switched off after failing for ALERT_CHANNEL_LIMITS.switchOffAfterHours; it gets no alerts until an admin switches it on again. Null while on.',
      }),
    ),
    createdAt: Moment,
    lastDelivery: nullable(AlertDeliverySchema),
  },
  closed,
);
export type AlertChannelBody = Static<typeof AlertChannelSchema>;

export const AlertChannelListSchema = Type.Object({ channels: Type.Array(AlertChannelSchema) }, closed);
export type AlertChannelListBody = Static<typeof AlertChannelListSchema>;

/** A webhook's signing secret is shown here once (`whsec_` + base64); null for the other types. */
export const CreatedAlertChannelSchema = Type.Object(
  { channel: AlertChannelSchema, secret: nullable(Type.String()) },
  closed,
);
export type CreatedAlertChannelBody = Static<typeof CreatedAlertChannelSchema>;

/** A webhook's new signing secret, after a rotation: shown once. */
export const AlertChannelSecretSchema = Type.Object(
  { secret: Type.String({ description: 'whsec_ + base64; shown once.' }) },
  closed,
);
export type AlertChannelSecretBody = Static<typeof AlertChannelSecretSchema>;

const idName = Type.Object({ id: Type.Integer(), name: Type.String() }, closed);

/** One node in an alert message. */
export const AlertNodeSchema = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    domain: Type.String(),
    lastSeenAt: nullable(
      Type.String({ format: 'date-time', description: 'Null when the node never reported.' }),
    ),
    offlineSince: nullable(
      Type.String({
        format: 'date-time',
        description:
          'When the node was marked offline; null for an alert about a node online or misconfigured.',
      }),
    ),
  },
  closed,
);
export type AlertNodeBody = Static<typeof AlertNodeSchema>;

/**
 * The JSON a webhook receives (Standard Webhooks: `type`, `timestamp`, `data`). Several nodes going down within
 * ALERT_BATCH_WINDOW_MS make one message with every node in `data.nodes`; `alert.test` has no nodes.
 */
export const AlertPayloadSchema = Type.Object(
  {
    type: Type.Enum([...ALERT_EVENTS]),
    timestamp: Moment,
    data: Type.Object(
      {
        team: idName,
        channel: idName,
        nodes: Type.Array(AlertNodeSchema),
        text: Type.String({ description: 'The same words the chat channels show.' }),
      },
      closed,
    ),
  },
  closed,
);
export type AlertPayloadBody = Static<typeof AlertPayloadSchema>;
