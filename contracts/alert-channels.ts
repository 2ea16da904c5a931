/**
 * Alert channels: where a team's node alerts go (docs/alerts.md): a webhook, a chat, or the admins' e-mail. Admins of the team
 * manage them, viewers see them. Calls (auth service, prefix /auth; a browser session only, never an API token):
 * - GET    v1/teams/{teamId}/alert-channels                      → { channels: AlertChannelBody[] }
 * - POST   v1/teams/{teamId}/alert-channels             NewAlertChannelBody → 201 CreatedAlertChannelBody
 * - PUT    v1/teams/{teamId}/alert-channels/{id}        AlertChannelEditBody → AlertChannelBody
 * - DELETE v1/teams/{teamId}/alert-channels/{id}                 → { ok: true }
 * - POST   v1/teams/{teamId}/alert-channels/{id}/test            → AlertDeliveryBody (the test's first try)
 * - POST   v1/teams/{teamId}/alert-channels/{id}/secret          → { secret } (webhooks: a new signing secret)
 * - GET    v1/teams/{teamId}/alert-channels/{id}/deliveries      → AlertDeliveryBody[] (the last 14 days)
 * - POST   v1/teams/{teamId}/alert-channels/{id}/switch-on       → AlertChannelBody (after a switch-off)
 * Those bodies are TypeBox schemas in contracts/alert-channels.schema.ts; their types are named here too, so code that
 * reads only types keeps one import.
 */

export type {
  AlertChannelBody,
  AlertChannelEditBody,
  AlertChannelListBody,
  AlertDeliveryBody,
  AlertNodeBody,
  AlertPayloadBody,
  CreatedAlertChannelBody,
  NewAlertChannelBody,
} from './alert-channels.schema.ts';

/** `email`: the alert mail to the team's admins whose alerts are on (docs/alerts.md, E-mail); no target of its own. */
export const ALERT_CHANNEL_TYPES = ['webhook', 'slack', 'discord', 'telegram', 'email'] as const;
export type AlertChannelType = (typeof ALERT_CHANNEL_TYPES)[number];

export const ALERT_EVENTS = [
  'node.offline',
  'node.online',
  'node.misconfigured',
  'alert.test',
  'node.outdated',
] as const;
export type AlertEvent = (typeof ALERT_EVENTS)[number];

export const ALERT_CHANNEL_LIMITS = {
  nameLength: 100,
  urlLength: 2048,
  perTeam: 20,
  /** A delivery that takes longer is a failure, retried later. */
  timeoutMs: 5_000,
  /** The part of a receiver's answer kept in the delivery log. */
  responseBytes: 1024,
  logDays: 14,
  /** A channel whose tries have all failed for this long is switched off, and its team's admins are mailed. */
  switchOffAfterHours: 24,
} as const;

/**
 * Seconds to wait after each failed try: the first retry within 15 s, seven tries over about 1 h 45 min; then the
 * message is given up (and its log says so).
 */
export const ALERT_RETRY_DELAYS_S = [10, 30, 120, 600, 1800, 3600] as const;

export const ALERT_CHANNEL_ERRORS = {
  notFound: { error: 'not_found', message: 'This alert channel does not exist in this team.' },
  missingField: { error: 'invalid_channel', message: 'Fill in every field of this channel type.' },
  badUrl: { error: 'invalid_target', message: 'Use an http:// or https:// address.' },
  privateTarget: {
    error: 'private_target',
    message:
      'This address points to a private, local or cloud-metadata network; alerts go only to public addresses.',
  },
  unresolved: { error: 'invalid_target', message: 'This address does not resolve to any IP address.' },
  badTelegram: {
    error: 'invalid_channel',
    message: 'A Telegram bot token looks like 123456:ABC-def, and a chat id is a number or @channelname.',
  },
  noSecret: { error: 'invalid_channel', message: 'Only a webhook has a signing secret.' },
  tooMany: {
    error: 'too_many_channels',
    message: `A team can have up to ${ALERT_CHANNEL_LIMITS.perTeam} alert channels.`,
  },
} as const;

export const alertChannelsPath = (teamId: number) => `v1/teams/${teamId}/alert-channels`;
