import { type Static, Type } from 'typebox';
import { ALERT_CHANNEL_LIMITS, ALERT_CHANNEL_TYPES, ALERT_EVENTS } from './alert-channels.ts';
import { closed, Moment, nullable, safeString } from './wire.schema.ts';

/** The bodies of the alert channel calls (contracts/alert-channels.ts lists the calls, limits and messages). */

const channelType = Type.Enum([...ALERT_CHANNEL_TYPES]);
const name = safeString({ minLength: 1, maxLength: ALERT_CHANNEL_LIMITS.nameLength });
const url = safeString({ minLength: 1, maxLength: ALERT_CHANNEL_LIMITS.urlLength });
const botToken = safeString({ minLength: 1, maxLength: 200 });
const chatId = safeString({ minLength: 1, maxLength: 100 });

export const NewAlertChannelSchema = Type.Object(
  {
    type: channelType,
    name,
    url: Type.Optional(url),
    botToken: Type.Optional(botToken),
    chatId: Type.Optional(chatId),
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
      Type.String({ description: 'The target URL (webhook, Slack, Discord); null for Telegram.' }),
    ),
    chatId: nullable(
      Type.String({
        description: "Telegram's chat id; null for the others. The bot token is never shown again.",
      }),
    ),
    createdAt: Moment,
    lastDelivery: nullable(AlertDeliverySchema),
  },
  closed,
);
export type AlertChannelBody = Static<typeof AlertChannelSchema>;

export const AlertChannelListSchema = Type.Object({ channels: Type.Array(AlertChannelSchema) }, closed);

/** A webhook's signing secret is shown here once (`whsec_` + base64); null for the other types. */
export const CreatedAlertChannelSchema = Type.Object(
  { channel: AlertChannelSchema, secret: nullable(Type.String()) },
  closed,
);
export type CreatedAlertChannelBody = Static<typeof CreatedAlertChannelSchema>;
