import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { emptyBodyWhenNone } from '../lib/input-schema.ts';
import { requireSession, requireTeamWriter } from '../plugins/session.ts';
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
  const searchPreValidation = [requireSession, emptyBodyWhenNone];

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

  app.get(
    '/v1/check',
    { preValidation: requireSession, schema: { headers: bearerHeaders } },
    async (request) => {
      const { userId } = request.caller;
      return userView(deps, userId);
    },
  );

  app.get(
    '/v1/logout',
    { preValidation: requireSession, schema: { headers: bearerHeaders } },
    async (request, reply) => {
      await sessions.signOut(request.caller);
      clearSessionCookie(reply, deps);
      return ok;
    },
  );

  app.post(
    '/v1/user',
    { preValidation: searchPreValidation, schema: { headers: bearerHeaders, body: searchBody } },
    async (request) => account.searchUsers(request.caller),
  );

  app.get<{ Params: IdParams }>(
    '/v1/user/:id',
    { preValidation: requireSession, schema: { headers: bearerHeaders, params: idParams } },
    async (request) => account.getUser(request.caller, request.params.id),
  );

  app.put<{ Params: IdParams; Body: ProfileInput }>(
    '/v1/user/:id',
    { preValidation: requireSession, schema: { headers: bearerHeaders, params: idParams, body: userBody } },
    async (request) => account.updateUser(request.caller, request.params.id, request.body),
  );

  app.post(
    '/v1/teams',
    { preValidation: searchPreValidation, schema: { headers: bearerHeaders, body: searchBody } },
    async (request) => account.searchTeams(request.caller),
  );

  app.get<{ Params: IdParams }>(
    '/v1/teams/:id',
    { preValidation: requireSession, schema: { headers: bearerHeaders, params: idParams } },
    async (request) => account.getTeam(request.caller, request.params.id),
  );

  app.put<{ Params: IdParams; Body: { id?: number; name: string } }>(
    '/v1/teams/:id',
    {
      preValidation: requireTeamWriter('id'),
      schema: { headers: bearerHeaders, params: idParams, body: teamBody },
    },
    async (request) => account.updateTeam(request.caller, request.params.id, request.body),
  );
};
