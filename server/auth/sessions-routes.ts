import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { authenticate, type Caller } from '../lib/authenticate.ts';
import { noBody } from '../lib/input-schema.ts';
import { bearerHeaders } from './account-schemas.ts';
import { listActivity } from './activity.ts';
import { createSessionsService } from './sessions.service.ts';
import { clearSessionCookie } from './sessions.ts';
import { activityResponse, revokedResponse, sessionIdParams, sessionsResponse } from './sessions-schemas.ts';

/** issue 10: the caller's signed-in browsers and the account's recent security events (docs/api-auth.md). */
export const sessionsRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;
  const service = createSessionsService(deps);
  // Authenticate before validating, as the other signed-in routes do: a signed-out caller gets 401.
  const callers = new WeakMap<FastifyRequest, Caller>();
  const preValidation = async (request: FastifyRequest) => {
    callers.set(request, await authenticate(deps.db, deps.clock, request));
  };
  const signedIn = (request: FastifyRequest): Caller => callers.get(request)!;
  // A DELETE usually comes without a body: read as an empty one, so only a body with fields is refused.
  const deletePreValidation = async (request: FastifyRequest) => {
    await preValidation(request);
    request.body ??= {};
  };

  app.get(
    '/v1/sessions',
    { preValidation, schema: { headers: bearerHeaders, response: sessionsResponse } },
    async (request) => service.list(signedIn(request)),
  );

  // A static segment wins over the parameter in the router, so "others" never reaches /v1/sessions/:id.
  app.delete(
    '/v1/sessions/others',
    {
      preValidation: deletePreValidation,
      schema: { headers: bearerHeaders, body: noBody, response: revokedResponse },
    },
    async (request) => service.revokeOthers(signedIn(request)),
  );

  app.delete<{ Params: { id: number } }>(
    '/v1/sessions/:id',
    {
      preValidation: deletePreValidation,
      schema: { headers: bearerHeaders, params: sessionIdParams, body: noBody, response: revokedResponse },
    },
    async (request, reply) => {
      const caller = signedIn(request);
      const answer = await service.revokeOne(caller, request.params.id);
      if (request.params.id === caller.sessionId) clearSessionCookie(reply, deps);
      return answer;
    },
  );

  app.get(
    '/v1/activity',
    { preValidation, schema: { headers: bearerHeaders, response: activityResponse } },
    async (request) => listActivity(deps.db, signedIn(request).userId, deps.clock.now()),
  );
};
