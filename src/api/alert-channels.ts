import { array, boolean, type Describe, enums, nullable, number, string, type } from 'superstruct';
import type { AlertChannelSecretBody } from '../../contracts/alert-channels.schema.ts';
import {
  ALERT_CHANNEL_TYPES,
  ALERT_EVENTS,
  type AlertChannelBody,
  type AlertChannelEditBody,
  type AlertChannelListBody,
  type AlertDeliveryBody,
  alertChannelsPath,
  type CreatedAlertChannelBody,
  type NewAlertChannelBody,
} from '../../contracts/alert-channels.ts';
import { OFFLINE_ALERT_DELAYS_MIN } from '../../contracts/notifications.ts';
import { OkStruct } from './auth.ts';
import { request } from './client.ts';

/** One try of one alert message, as the channel list and "Send test" answer it. */
const AlertDeliveryStruct: Describe<AlertDeliveryBody> = type({
  at: string(),
  event: enums([...ALERT_EVENTS]),
  status: nullable(number()),
  ok: boolean(),
  durationMs: number(),
  detail: nullable(string()),
  nextAttemptAt: nullable(string()),
});

const AlertChannelStruct: Describe<AlertChannelBody> = type({
  id: number(),
  type: enums([...ALERT_CHANNEL_TYPES]),
  name: string(),
  url: nullable(string()),
  chatId: nullable(string()),
  offlineDelayMinutes: enums([...OFFLINE_ALERT_DELAYS_MIN]),
  switchedOffAt: nullable(string()),
  createdAt: string(),
  lastDelivery: nullable(AlertDeliveryStruct),
});

const AlertChannelListStruct: Describe<AlertChannelListBody> = type({ channels: array(AlertChannelStruct) });

const CreatedAlertChannelStruct: Describe<CreatedAlertChannelBody> = type({
  channel: AlertChannelStruct,
  secret: nullable(string()),
});

const SecretStruct: Describe<AlertChannelSecretBody> = type({ secret: string() });

const onePath = (teamId: number, id: number) => `${alertChannelsPath(teamId)}/${id}`;

export async function listAlertChannels(teamId: number, signal?: AbortSignal): Promise<AlertChannelBody[]> {
  const answer = await request('auth', 'GET', alertChannelsPath(teamId), {
    struct: AlertChannelListStruct,
    signal,
  });
  return answer.channels;
}

export function createAlertChannel(
  teamId: number,
  body: NewAlertChannelBody,
  signal?: AbortSignal,
): Promise<CreatedAlertChannelBody> {
  return request('auth', 'POST', alertChannelsPath(teamId), {
    json: body,
    struct: CreatedAlertChannelStruct,
    signal,
  });
}

export function updateAlertChannel(
  teamId: number,
  id: number,
  body: AlertChannelEditBody,
  signal?: AbortSignal,
): Promise<AlertChannelBody> {
  return request('auth', 'PUT', onePath(teamId, id), { json: body, struct: AlertChannelStruct, signal });
}

export function removeAlertChannel(teamId: number, id: number, signal?: AbortSignal) {
  return request('auth', 'DELETE', onePath(teamId, id), { struct: OkStruct, signal });
}

/** "Send test": an alert.test message now; answers its first try. */
export function testAlertChannel(
  teamId: number,
  id: number,
  signal?: AbortSignal,
): Promise<AlertDeliveryBody> {
  return request('auth', 'POST', `${onePath(teamId, id)}/test`, { struct: AlertDeliveryStruct, signal });
}

/** Switches on again a channel switched off after failing for a day; answers it. */
export function switchOnAlertChannel(
  teamId: number,
  id: number,
  signal?: AbortSignal,
): Promise<AlertChannelBody> {
  return request('auth', 'POST', `${onePath(teamId, id)}/switch-on`, { struct: AlertChannelStruct, signal });
}

/** A webhook's new signing secret; the old one stops at once. */
export async function rotateAlertChannelSecret(
  teamId: number,
  id: number,
  signal?: AbortSignal,
): Promise<string> {
  const answer = await request('auth', 'POST', `${onePath(teamId, id)}/secret`, {
    struct: SecretStruct,
    signal,
  });
  return answer.secret;
}
