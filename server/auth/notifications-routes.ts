import type { FastifyPluginAsync } from 'fastify';
import {
  NOTIFICATIONS_PATH,
  type NotificationSettings,
  OFFLINE_ALERT_DELAYS_MIN,
  UNSUBSCRIBE_PATH,
} from '../../contracts/notifications.ts';
import { safeString, strictObject } from '../lib/input-schema.ts';
import { requireSession } from '../plugins/session.ts';
import { bearerHeaders } from './account-schemas.ts';
import { createNotificationsService } from './notifications.service.ts';

const settingsBody = strictObject(
  {
    alerts: { type: 'boolean' },
    offlineDelayMin: { type: 'integer', enum: [...OFFLINE_ALERT_DELAYS_MIN] },
  },
  ['alerts', 'offlineDelayMin'],
);

const token = safeString({ minLength: 1, maxLength: 512 });
const tokenBody = strictObject({ token }, ['token']);
const tokenParams = strictObject({ token }, ['token']);

// RFC 8058: the one-click POST carries exactly `List-Unsubscribe=One-Click`.
const oneClickBody = strictObject({ 'List-Unsubscribe': { type: 'string', enum: ['One-Click'] } }, [
  'List-Unsubscribe',
]);

/** issue 9 section 2: Settings > Notifications and the unsubscribe link of alert mails (docs/api-auth.md). */
export const notificationsRoutes: FastifyPluginAsync = async (app) => {
  const notifications = createNotificationsService(app.deps);

  app.get(
    `/${NOTIFICATIONS_PATH}`,
    { preValidation: requireSession, schema: { headers: bearerHeaders } },
    (request) => notifications.getSettings(request.caller),
  );

  app.put<{ Body: NotificationSettings }>(
    `/${NOTIFICATIONS_PATH}`,
    { preValidation: requireSession, schema: { headers: bearerHeaders, body: settingsBody } },
    (request) => notifications.saveSettings(request.caller, request.body),
  );

  app.post<{ Body: { token: string } }>(`/${UNSUBSCRIBE_PATH}`, { schema: { body: tokenBody } }, (request) =>
    notifications.unsubscribe(request.body.token),
  );

  app.post<{ Params: { token: string } }>(
    `/${UNSUBSCRIBE_PATH}/:token`,
    { schema: { params: tokenParams, body: oneClickBody } },
    (request) => notifications.unsubscribe(request.params.token),
  );
};
