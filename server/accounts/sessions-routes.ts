import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { emptyBodyWhenNone, noBody } from '../lib/input-schema.ts';
import { requireSession } from '../plugins/session.ts';
import { bearerHeaders } from './account-schemas.ts';
import { listActivity } from './activity.ts';
import { createSessionsService } from './sessions.service.ts';
import { clearSessionCookie } from './sessions.ts';
import { activityResponse, revokedResponse, sessionIdParams, sessionsResponse } from './sessions-schemas.ts';

/** The caller's signed-in browsers and the account's recent security events (docs/api-auth.md). */
export const sessionsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = app.deps;
  const service = createSessionsService(deps);
  // A DELETE usually comes without a body: read as an empty one, so only a body with fields is refused.
  const deletePreValidation = [requireSession, emptyBodyWhenNone];

  app.get(
    '/v1/sessions',
    {
      preValidation: requireSession,
      schema: {
        summary: "The caller's signed-in browsers",
        headers: bearerHeaders,
        response: sessionsResponse,
      },
    },
    async (request) => service.list(request.caller),
  );

  // A static segment wins over the parameter in the router, so "others" never reaches /v1/sessions/:id.
  app.delete(
    '/v1/sessions/others',
    {
      preValidation: deletePreValidation,
      schema: {
        summary: 'Sign out every other session',
        headers: bearerHeaders,
        body: noBody,
        response: revokedResponse,
      },
    },
    async (request) => service.revokeOthers(request.caller),
  );

  app.delete(
    '/v1/sessions/:id',
    {
      preValidation: deletePreValidation,
      schema: {
        summary: 'Sign out one session',
        headers: bearerHeaders,
        params: sessionIdParams,
        body: noBody,
        response: revokedResponse,
      },
    },
    async (request, reply) => {
      const { caller } = request;
      const answer = await service.revokeOne(caller, request.params.id);
      if (request.params.id === caller.sessionId) clearSessionCookie(reply, deps);
      return answer;
    },
  );

  app.get(
    '/v1/activity',
    {
      preValidation: requireSession,
      schema: {
        summary: 'Recent security events of the account',
        headers: bearerHeaders,
        response: activityResponse,
      },
    },
    async (request) => listActivity(deps.db, request.caller.userId, deps.clock.now()),
  );
};
