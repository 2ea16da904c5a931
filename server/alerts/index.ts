import type { ServiceRoutes } from '../lib/service-routes.ts';
import { notificationsRoutes } from './notifications-routes.ts';

export { endOfflineEpisode, queueForAdmins } from './alerts.repository.ts';
export { type AlertDeps, type AlertsService, createAlertsService } from './alerts.service.ts';

/** Notification settings; the alert queue and its delivery run from the health sweep. */
export const alertsRoutes: ServiceRoutes[] = [{ prefix: '/auth', plugin: notificationsRoutes }];
