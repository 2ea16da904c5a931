import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { NotificationSettingsSchema } from '../../contracts/notifications.schema.ts';
import { NOTIFICATIONS_PATH, UNSUBSCRIBE_PATH } from '../../contracts/notifications.ts';
import { bearerHeaders } from '../accounts/index.ts';
import { answers, OkBody } from '../lib/answer-schemas.ts';
import { safeString, strictObject } from '../lib/input-schema.ts';
import { requireSession } from '../plugins/session.ts';
import { createNotificationsService } from './notifications.service.ts';

const settingsAnswer = answers({ 200: NotificationSettingsSchema });

const token = safeString({ minLength: 1, maxLength: 512 });
const tokenBody = strictObject({ token });
const tokenParams = strictObject({ token });
const ok = answers({ 200: OkBody });

// RFC 8058: the one-click POST carries exactly `List-Unsubscribe=One-Click`.
const oneClickBody = strictObject({ 'List-Unsubscribe': Type.Enum(['One-Click']) });

/** Settings > Notifications and the unsubscribe link of alert mails (docs/api-auth.md). */
export const notificationsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const notifications = createNotificationsService(app.deps);

  app.get(
    `/${NOTIFICATIONS_PATH}`,
    {
      preValidation: requireSession,
      schema: { summary: 'Alert settings', headers: bearerHeaders, response: settingsAnswer },
    },
    (request) => notifications.getSettings(request.caller),
  );

  app.put(
    `/${NOTIFICATIONS_PATH}`,
    {
      preValidation: requireSession,
      schema: {
        summary: 'Save alert settings',
        headers: bearerHeaders,
        body: NotificationSettingsSchema,
        response: settingsAnswer,
      },
    },
    (request) => notifications.saveSettings(request.caller, request.body),
  );

  app.post(
    `/${UNSUBSCRIBE_PATH}`,
    { schema: { summary: 'Unsubscribe from alert mails (the link page)', body: tokenBody, response: ok } },
    (request) => notifications.unsubscribe(request.body.token),
  );

  app.post(
    `/${UNSUBSCRIBE_PATH}/:token`,
    {
      schema: {
        summary: 'One-click unsubscribe (RFC 8058)',
        params: tokenParams,
        body: oneClickBody,
        response: ok,
      },
    },
    (request) => notifications.unsubscribe(request.params.token),
  );
};
