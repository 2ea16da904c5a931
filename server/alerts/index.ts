import type { ServiceRoutes } from '../lib/service-routes.ts';
import { alertChannelsRoutes } from './alert-channels-routes.ts';
import { notificationsRoutes } from './notifications-routes.ts';

export { endOffline, queueAlerts } from './alert-queue.ts';
export { alertWebhooks } from './alert-webhooks-doc.ts';
export { type AlertDeps, type AlertsService, createAlertsService } from './alerts.service.ts';

/** Notification settings, alert channels; the alert queue and its delivery run from the health sweep. */
export const alertsRoutes: ServiceRoutes[] = [
  { prefix: '/auth', plugin: notificationsRoutes },
  { prefix: '/auth', plugin: alertChannelsRoutes },
];
