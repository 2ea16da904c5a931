/**
 * Alert channels: where a team's node alerts go besides the admins' e-mail (docs/alerts.md). Admins of the team
 * manage them, viewers see them. Calls (auth service, prefix /auth; a browser session only, never an API token):
 * - GET    v1/teams/{teamId}/alert-channels                      → AlertChannelListBody
 * - POST   v1/teams/{teamId}/alert-channels             NewAlertChannelBody → 201 CreatedAlertChannelBody
 * - PUT    v1/teams/{teamId}/alert-channels/{id}        AlertChannelEditBody → AlertChannelBody
 * - DELETE v1/teams/{teamId}/alert-channels/{id}                 → { ok: true }
 * - POST   v1/teams/{teamId}/alert-channels/{id}/test            → AlertDeliveryBody (the test's first try)
 * - POST   v1/teams/{teamId}/alert-channels/{id}/secret          → { secret } (webhooks: a new signing secret)
 * - GET    v1/teams/{teamId}/alert-channels/{id}/deliveries      → AlertDeliveryBody[] (the last 14 days)
 * - POST   v1/teams/{teamId}/alert-channels/{id}/switch-on       → AlertChannelBody (after a switch-off)
 */

import type { OfflineAlertDelayMin } from './notifications.ts';

export const ALERT_CHANNEL_TYPES = ['webhook', 'slack', 'discord', 'telegram'] as const;
export type AlertChannelType = (typeof ALERT_CHANNEL_TYPES)[number];

export const ALERT_EVENTS = ['node.offline', 'node.online', 'node.misconfigured', 'alert.test'] as const;
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

/** One node in an alert message. */
export interface AlertNodeBody {
  id: number;
  name: string;
  domain: string;
  /** ISO 8601; null when the node never reported. */
  lastSeenAt: string | null;
  /** When the node was marked offline (ISO 8601); null for an alert about a node online or misconfigured. */
  offlineSince: string | null;
}

/**
 * The JSON a webhook receives (Standard Webhooks: `type`, `timestamp`, `data`). Several nodes going down within
 * ALERT_BATCH_WINDOW_MS make one message with every node in `data.nodes`; `alert.test` has no nodes.
 */
export interface AlertPayloadBody {
  type: AlertEvent;
  /** When the event happened (ISO 8601). */
  timestamp: string;
  data: {
    team: { id: number; name: string };
    channel: { id: number; name: string };
    nodes: AlertNodeBody[];
    /** The same words the chat channels show. */
    text: string;
  };
}

/** One try of one message. */
export interface AlertDeliveryBody {
  at: string;
  event: AlertEvent;
  /** The receiver's HTTP status; null when none came (timeout, refused target, network error). */
  status: number | null;
  ok: boolean;
  durationMs: number;
  /** The error, or the first 1 KB of the receiver's answer. */
  detail: string | null;
  /** When the next try is due; null when delivered or given up. */
  nextAttemptAt: string | null;
}

export interface AlertChannelBody {
  id: number;
  type: AlertChannelType;
  name: string;
  /** The target URL (webhook, Slack, Discord); null for Telegram. */
  url: string | null;
  /** Telegram's chat id; null for the others. The bot token is never shown again. */
  chatId: string | null;
  /**
   * Minutes a node must stay offline before this channel is told (the choices of OFFLINE_ALERT_DELAYS_MIN); a node
   * back within them sends nothing here.
   */
  offlineDelayMinutes: OfflineAlertDelayMin;
  /**
   * When the channel was switched off after failing for ALERT_CHANNEL_LIMITS.switchOffAfterHours (ISO 8601); it gets
   * no alerts until an admin switches it on again. Null while on.
   */
  switchedOffAt: string | null;
  createdAt: string;
  lastDelivery: AlertDeliveryBody | null;
}

export interface AlertChannelListBody {
  channels: AlertChannelBody[];
}

export interface NewAlertChannelBody {
  type: AlertChannelType;
  name: string;
  url?: string;
  botToken?: string;
  chatId?: string;
  /** 0 (immediately) when left out. */
  offlineDelayMinutes?: OfflineAlertDelayMin;
}

/** Type stays; a field left out keeps its value. */
export type AlertChannelEditBody = Partial<Omit<NewAlertChannelBody, 'type'>>;

/** A webhook's signing secret is shown here once (`whsec_` + base64); null for the other types. */
export interface CreatedAlertChannelBody {
  channel: AlertChannelBody;
  secret: string | null;
}

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
