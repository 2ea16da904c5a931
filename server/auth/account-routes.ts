import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { authenticate, type Caller } from '../lib/authenticate.ts';
import { createAccountService, type ProfileInput, userView } from './account.service.ts';
import {
  bearerHeaders,
  challengeBody,
  idParams,
  recoveryBody,
  registerBody,
  searchBody,
  setNewPasswordBody,
  signInBody,
  teamBody,
  userBody,
} from './account-schemas.ts';
import { clientOf } from './activity.ts';
import { DEVICE_COOKIE, setDeviceCookie } from './device-cookie.ts';
import { createGuestService, type SignInResult, type Visitor } from './guest.service.ts';
import { createSessionsService } from './sessions.service.ts';
import { clearSessionCookie, setSessionCookie } from './sessions.ts';
import type { TwoFactorService } from './two-factor.service.ts';

const ok = { ok: true } as const;

type IdParams = { id: number };

/** Sign-up, sign-in, password links, session check, user and team calls (issue 2; docs/api-auth.md). */
export const accountRoutes: FastifyPluginAsync<{ twoFactor: TwoFactorService }> = async (app, options) => {
  const deps = app.deps;
  const guest = createGuestService(deps, options.twoFactor);
  const account = createAccountService(deps);
  const sessions = createSessionsService(deps);
  // Signed-in routes authenticate before validating, so a signed-out caller gets 401 whatever it sends (spec 7).
  const callers = new WeakMap<FastifyRequest, Caller>();
  const preValidation = async (request: FastifyRequest) => {
    callers.set(request, await authenticate(deps.db, deps.clock, request));
  };
  const caller = (request: FastifyRequest): Caller => callers.get(request)!;
  const visitor = (request: FastifyRequest): Visitor => ({
    ...clientOf(request),
    deviceCookie: request.cookies[DEVICE_COOKIE],
  });
  /** A finished sign-in sets the event-stream and device cookies; a two-factor challenge sets none. */
  const answer = (reply: FastifyReply, result: SignInResult) => {
    if (!('session' in result)) return result.challenge;
    setSessionCookie(reply, deps, result.session);
    setDeviceCookie(reply, deps.config, result.deviceCookie);
    return result.session;
  };
  // spec 7: the search calls send an empty payload, which may arrive as no body at all.
  const searchPreValidation = async (request: FastifyRequest) => {
    await preValidation(request);
    if (request.body === undefined) request.body = {};
  };

  app.post<{ Body: { login: string; offer?: boolean; subscription?: boolean } }>(
    '/guest/register',
    { schema: { body: registerBody } },
    async (request) => {
      const { login, offer = false, subscription = false } = request.body;
      await guest.register({ login, offer, subscription }, request.ip);
      return ok;
    },
  );

  app.post<{ Body: { hash: string; password: string; confirm: string } }>(
    '/guest/set-new-password',
    { schema: { body: setNewPasswordBody } },
    async (request, reply) => answer(reply, await guest.setNewPassword(request.body, visitor(request))),
  );

  app.post<{ Body: { login: string; password: string } }>(
    '/guest/auth',
    { schema: { body: signInBody } },
    async (request, reply) => answer(reply, await guest.signIn(request.body, visitor(request))),
  );

  // issue 10 section 9: the code step of a two-factor sign-in.
  app.post<{ Body: { challenge: string; code: string } }>(
    '/guest/auth/two-factor',
    { schema: { body: challengeBody } },
    async (request, reply) => answer(reply, await guest.answerChallenge(request.body, visitor(request))),
  );

  app.post<{ Body: { login: string } }>(
    '/guest/recovery-password',
    { schema: { body: recoveryBody } },
    async (request) => {
      await guest.recoverPassword(request.body, request.ip);
      return ok;
    },
  );

  app.get('/v1/check', { preValidation, schema: { headers: bearerHeaders } }, async (request) => {
    const { userId } = caller(request);
    return userView(deps, userId);
  });

  app.get('/v1/logout', { preValidation, schema: { headers: bearerHeaders } }, async (request, reply) => {
    await sessions.signOut(caller(request));
    clearSessionCookie(reply, deps);
    return ok;
  });

  app.post(
    '/v1/user',
    { preValidation: searchPreValidation, schema: { headers: bearerHeaders, body: searchBody } },
    async (request) => account.searchUsers(caller(request)),
  );

  app.get<{ Params: IdParams }>(
    '/v1/user/:id',
    { preValidation, schema: { headers: bearerHeaders, params: idParams } },
    async (request) => account.getUser(caller(request), request.params.id),
  );

  app.put<{ Params: IdParams; Body: ProfileInput }>(
    '/v1/user/:id',
    { preValidation, schema: { headers: bearerHeaders, params: idParams, body: userBody } },
    async (request) => account.updateUser(caller(request), request.params.id, request.body),
  );

  app.post(
    '/v1/teams',
    { preValidation: searchPreValidation, schema: { headers: bearerHeaders, body: searchBody } },
    async (request) => account.searchTeams(caller(request)),
  );

  app.get<{ Params: IdParams }>(
    '/v1/teams/:id',
    { preValidation, schema: { headers: bearerHeaders, params: idParams } },
    async (request) => account.getTeam(caller(request), request.params.id),
  );

  app.put<{ Params: IdParams; Body: { id?: number; name: string } }>(
    '/v1/teams/:id',
    { preValidation, schema: { headers: bearerHeaders, params: idParams, body: teamBody } },
    async (request) => account.updateTeam(caller(request), request.params.id, request.body),
  );
};
