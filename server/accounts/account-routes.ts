import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { TeamSchema, TeamUserSchema, UserSchema } from '../../contracts/user-body.schema.ts';
import { answers, OkBody } from '../lib/answer-schemas.ts';
import { emptyBodyWhenNone } from '../lib/input-schema.ts';
import { requireSession } from '../plugins/session.ts';
import { checkedUserView, createAccountService } from './account.service.ts';
import {
  bearerHeaders,
  challengeBody,
  idParams,
  linkCheckBody,
  recoveryBody,
  registerBody,
  SignInAnswer,
  searchBody,
  setNewPasswordBody,
  signInBody,
  TeamsAnswer,
  userBody,
} from './account-schemas.ts';
import { clientOf } from './activity.ts';
import { DEVICE_COOKIE, setDeviceCookie } from './device-cookie.ts';
import { createGuestService, type SignInResult, type Visitor } from './guest.service.ts';
import { createSessionsService } from './sessions.service.ts';
import { clearSessionCookie, setSessionCookie } from './sessions.ts';
import type { TwoFactorService } from './two-factor.service.ts';

const ok = { ok: true } as const;

/** Sign-up, sign-in, password links, session check, user and team calls (docs/api-auth.md). */
export const accountRoutes: FastifyPluginAsyncTypebox<{ twoFactor: TwoFactorService }> = async (
  app,
  options,
) => {
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

  app.post(
    '/guest/register',
    {
      schema: {
        summary: 'Sign up: mails a create-password link',
        body: registerBody,
        response: answers({ 200: OkBody }),
      },
    },
    async (request) => {
      const { login, offer = false, subscription = false } = request.body;
      await guest.register({ login, offer, subscription }, request.ip);
      return ok;
    },
  );

  app.post(
    '/guest/set-new-password',
    {
      schema: {
        summary: 'Set a password from an e-mail link and sign in',
        body: setNewPasswordBody,
        response: answers({ 200: SignInAnswer }),
      },
    },
    async (request, reply) => answer(reply, await guest.setNewPassword(request.body, visitor(request))),
  );

  // spec 2: the password pages check their link as they open; only Submit uses it.
  app.post(
    '/guest/link/check',
    {
      schema: {
        summary: 'Whether a create- or reset-password link still works, without using it (410 if not)',
        body: linkCheckBody,
        response: answers({ 200: OkBody }),
      },
    },
    async (request) => {
      await guest.checkLink(request.body, request.ip);
      return ok;
    },
  );

  app.post(
    '/guest/auth',
    {
      schema: {
        summary: 'Sign in with e-mail and password',
        body: signInBody,
        response: answers({ 200: SignInAnswer }),
      },
    },
    async (request, reply) => answer(reply, await guest.signIn(request.body, visitor(request))),
  );

  // The code step of a two-factor sign-in.
  app.post(
    '/guest/auth/two-factor',
    {
      schema: {
        summary: 'Sign in: the two-factor code step',
        body: challengeBody,
        response: answers({ 200: SignInAnswer }),
      },
    },
    async (request, reply) => answer(reply, await guest.answerChallenge(request.body, visitor(request))),
  );

  app.post(
    '/guest/recovery-password',
    {
      schema: {
        summary: 'Forgotten password: mails a reset link',
        body: recoveryBody,
        response: answers({ 200: OkBody }),
      },
    },
    async (request) => {
      await guest.recoverPassword(request.body, request.ip);
      return ok;
    },
  );

  app.get(
    '/v1/check',
    {
      preValidation: requireSession,
      schema: {
        summary: 'The signed-in user',
        headers: bearerHeaders,
        response: answers({ 200: UserSchema }),
      },
    },
    async (request) => {
      const { userId } = request.caller;
      return checkedUserView(deps, userId);
    },
  );

  app.get(
    '/v1/logout',
    {
      preValidation: requireSession,
      schema: {
        summary: 'Sign out this session',
        headers: bearerHeaders,
        response: answers({ 200: OkBody }),
      },
    },
    async (request, reply) => {
      await sessions.signOut(request.caller);
      clearSessionCookie(reply, deps);
      return ok;
    },
  );

  app.post(
    '/v1/user',
    {
      preValidation: searchPreValidation,
      schema: {
        summary: "The members of the caller's current team",
        headers: bearerHeaders,
        body: searchBody,
        response: answers({ 200: Type.Array(TeamUserSchema) }),
      },
    },
    async (request) => account.searchUsers(request.caller),
  );

  app.get(
    '/v1/user/:id',
    {
      preValidation: requireSession,
      schema: {
        summary: 'A user',
        headers: bearerHeaders,
        params: idParams,
        response: answers({ 200: UserSchema }),
      },
    },
    async (request) => account.getUser(request.caller, request.params.id),
  );

  app.put(
    '/v1/user/:id',
    {
      preValidation: requireSession,
      schema: {
        summary: "Save the caller's name, surname, phone and avatar",
        headers: bearerHeaders,
        params: idParams,
        body: userBody,
        response: answers({ 200: UserSchema }),
      },
    },
    async (request) => account.updateUser(request.caller, request.params.id, request.body),
  );

  app.post(
    '/v1/teams',
    {
      preValidation: searchPreValidation,
      schema: {
        summary: "The caller's teams with the caller's role",
        headers: bearerHeaders,
        body: searchBody,
        response: answers({ 200: TeamsAnswer }),
      },
    },
    async (request) => account.searchTeams(request.caller),
  );

  app.get(
    '/v1/teams/:id',
    {
      preValidation: requireSession,
      schema: {
        summary: 'A team',
        headers: bearerHeaders,
        params: idParams,
        response: answers({ 200: TeamSchema }),
      },
    },
    async (request) => account.getTeam(request.caller, request.params.id),
  );
};
