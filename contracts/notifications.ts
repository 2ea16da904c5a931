/**
 * E-mail alerts about a team's nodes, set per user in Settings > Notifications. Server, web app
 * and tests take the choices, defaults and paths from here.
 */
import type { NotificationSettings } from './notifications.schema.ts';

/** Minutes to wait, after a node is marked offline, before its offline alert is sent. */
export const OFFLINE_ALERT_DELAYS_MIN = [0, 5, 15, 60] as const;
export type OfflineAlertDelayMin = (typeof OFFLINE_ALERT_DELAYS_MIN)[number];

export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = { alerts: true, offlineDelayMin: 0 };

/** Auth-service paths (relative to the auth base). */
export const NOTIFICATIONS_PATH = 'v1/notifications';
/** POST `{ token }` (JSON) from the unsubscribe page; `{ ok: true }`, or 400 invalid_link. */
export const UNSUBSCRIBE_PATH = 'v1/notifications/unsubscribe';
/** RFC 8058 one-click: POST `{auth}v1/notifications/unsubscribe/{token}` with `List-Unsubscribe=One-Click`. */
export const oneClickUnsubscribePath = (token: string) => `${UNSUBSCRIBE_PATH}/${token}`;

/** The web app's page each alert e-mail links to: `/unsubscribe/{token}`; works without signing in. */
export const UNSUBSCRIBE_PAGE = '/unsubscribe';

/** Several nodes going down within this window make one e-mail, not many. */
export const ALERT_BATCH_WINDOW_MS = 60_000;
