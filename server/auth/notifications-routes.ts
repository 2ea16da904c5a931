import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  NOTIFICATIONS_PATH,
  type NotificationSettings,
  OFFLINE_ALERT_DELAYS_MIN,
  UNSUBSCRIBE_PATH,
} from '../../contracts/notifications.ts';
import { authenticate, type Caller } from '../lib/authenticate.ts';
import { badRequest } from '../lib/errors.ts';
import { bearerHeaders } from './account-schemas.ts';
import * as notifications from './notifications.service.ts';

const settingsBody = {
  type: 'object',
  required: ['alerts', 'offlineDelayMin'],
  additionalProperties: false,
  properties: {
    alerts: { type: 'boolean' },
    offlineDelayMin: { type: 'integer', enum: [...OFFLINE_ALERT_DELAYS_MIN] },
  },
} as const;

const tokenBody = {
  type: 'object',
  required: ['token'],
  additionalProperties: false,
  properties: { token: { type: 'string', maxLength: 512 } },
} as const;

// RFC 8058: the one-click POST carries exactly `List-Unsubscribe=One-Click`.
const oneClickBody = {
  type: 'object',
  required: ['List-Unsubscribe'],
  additionalProperties: false,
  properties: { 'List-Unsubscribe': { type: 'string', enum: ['One-Click'] } },
} as const;

const tokenParams = {
  type: 'object',
  required: ['token'],
  additionalProperties: false,
  properties: { token: { type: 'string', maxLength: 512 } },
} as const;

/**
 * The server coerces JSON types ("true" would pass as a boolean, "5" as a number); the settings take JSON
 * booleans and numbers only, so anything else is refused before validation.
 */
function refuseCoercion(request: FastifyRequest): void {
  const body = request.body as Record<string, unknown> | null | undefined;
  if (typeof body !== 'object' || body === null) return;
  if ('alerts' in body && typeof body.alerts !== 'boolean')
    throw badRequest('invalid_request', 'Invalid request: body/alerts must be boolean');
  if ('offlineDelayMin' in body && typeof body.offlineDelayMin !== 'number')
    throw badRequest('invalid_request', 'Invalid request: body/offlineDelayMin must be a number');
}

/** issue 9 section 2: Settings > Notifications and the unsubscribe link of alert mails (docs/api-auth.md). */
export const notificationsRoutes: FastifyPluginAsync = async (app) => {
  const { deps } = app;
  const callers = new WeakMap<FastifyRequest, Caller>();
  // Authenticate before validating, so a signed-out caller gets 401 whatever it sends (spec 7).
  const preValidation = async (request: FastifyRequest) => {
    callers.set(request, await authenticate(deps.db, deps.clock, request));
    refuseCoercion(request);
  };
  const caller = (request: FastifyRequest): Caller => callers.get(request)!;

  app.get(`/${NOTIFICATIONS_PATH}`, { preValidation, schema: { headers: bearerHeaders } }, (request) =>
    notifications.getSettings(deps, caller(request)),
  );

  app.put<{ Body: NotificationSettings }>(
    `/${NOTIFICATIONS_PATH}`,
    { preValidation, schema: { headers: bearerHeaders, body: settingsBody } },
    (request) => notifications.saveSettings(deps, caller(request), request.body),
  );

  app.post<{ Body: { token: string } }>(`/${UNSUBSCRIBE_PATH}`, { schema: { body: tokenBody } }, (request) =>
    notifications.unsubscribe(deps, request.body.token),
  );

  app.post<{ Params: { token: string } }>(
    `/${UNSUBSCRIBE_PATH}/:token`,
    { schema: { params: tokenParams, body: oneClickBody } },
    (request) => notifications.unsubscribe(deps, request.params.token),
  );
};
