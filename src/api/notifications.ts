import { boolean, type Describe, enums, type } from 'superstruct';
import type { NotificationSettings } from '../../contracts/notifications.schema.ts';
import {
  NOTIFICATIONS_PATH,
  OFFLINE_ALERT_DELAYS_MIN,
  UNSUBSCRIBE_PATH,
} from '../../contracts/notifications.ts';
import { OkStruct } from './auth.ts';
import { request } from './client.ts';

/** The user's alert settings as GET/PUT {auth}v1/notifications answer them (contracts/notifications.schema.ts). */
export const NotificationSettingsStruct: Describe<NotificationSettings> = type({
  alerts: boolean(),
  offlineDelayMin: enums(OFFLINE_ALERT_DELAYS_MIN),
});

/** GET {auth}v1/notifications. */
export function getNotifications(signal?: AbortSignal): Promise<NotificationSettings> {
  return request('auth', 'GET', NOTIFICATIONS_PATH, { struct: NotificationSettingsStruct, signal });
}

/** PUT {auth}v1/notifications with both fields (JSON). */
export function saveNotifications(
  settings: NotificationSettings,
  signal?: AbortSignal,
): Promise<NotificationSettings> {
  return request('auth', 'PUT', NOTIFICATIONS_PATH, {
    json: { alerts: settings.alerts, offlineDelayMin: settings.offlineDelayMin },
    struct: NotificationSettingsStruct,
    signal,
  });
}

/** POST {auth}v1/notifications/unsubscribe `{ token }` from the page an alert e-mail links to; no sign-in. */
export function unsubscribe(token: string, signal?: AbortSignal) {
  return request('auth', 'POST', UNSUBSCRIBE_PATH, { json: { token }, struct: OkStruct, signal });
}
