import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import { PasskeySchema } from '../../contracts/passkeys.schema.ts';
import { SessionTokenSchema } from '../../contracts/session.schema.ts';
import { answers, OkBody } from '../lib/answer-schemas.ts';
import { emptyBodyWhenNone } from '../lib/input-schema.ts';
import { requireSession } from '../plugins/session.ts';
import { bearerHeaders } from './account-schemas.ts';
import { clientOf } from './activity.ts';
import { DEVICE_COOKIE, setDeviceCookie } from './device-cookie.ts';
import { createGuestService } from './guest.service.ts';
import { createPasskeysService } from './passkeys.service.ts';
import {
  addPasskeyBody,
  creationOptionsAnswer,
  passkeyIdParams,
  passkeyListAnswer,
  passkeySignInBody,
  passwordBody,
  requestOptionsAnswer,
  signInOptionsBody,
} from './passkeys-schemas.ts';
import type { ProfileLimiters } from './profile-common.ts';
import { createAuthLimiters, enforce } from './rate-limits.ts';
import { setSessionCookie } from './sessions.ts';
import type { TwoFactorService } from './two-factor.service.ts';

/** Passkeys in Settings, and sign-in with a passkey (docs/api-auth.md, "Passkeys"). */
export const passkeysRoutes: FastifyPluginAsync<{
  twoFactor: TwoFactorService;
  limits: ProfileLimiters;
}> = async (plain, options) => {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  const passkeys = createPasskeysService(app.deps, options.limits);
  const guest = createGuestService(app.deps, options.twoFactor);
  const ipLimits = createAuthLimiters(app.deps.db, app.deps.clock);
  const headers = bearerHeaders;

  app.get(
    '/v1/passkeys',
    {
      preValidation: requireSession,
      schema: { summary: 'My passkeys', headers, response: answers({ 200: passkeyListAnswer }) },
    },
    async (request) => passkeys.list(request.caller),
  );

  app.post(
    '/v1/passkeys/options',
    {
      preValidation: requireSession,
      schema: {
        summary: 'Start adding a passkey (the password first): options for the browser',
        headers,
        body: passwordBody,
        response: answers({ 200: creationOptionsAnswer }),
      },
    },
    async (request) => passkeys.registrationOptions(request.caller, request.body.password),
  );

  app.post(
    '/v1/passkeys',
    {
      preValidation: requireSession,
      schema: {
        summary: "Add a passkey: the browser's answer to the options, and a name",
        headers,
        body: addPasskeyBody,
        response: answers({ 201: PasskeySchema }),
      },
    },
    async (request, reply) => reply.status(201).send(await passkeys.add(request.caller, request.body)),
  );

  app.delete(
    '/v1/passkeys/:id',
    {
      preValidation: requireSession,
      schema: {
        summary: 'Remove a passkey (with the password)',
        headers,
        params: passkeyIdParams,
        body: passwordBody,
        response: answers({ 200: OkBody }),
      },
    },
    async (request) => {
      await passkeys.remove(request.caller, request.params.id, request.body.password);
      return { ok: true as const };
    },
  );

  app.post(
    '/guest/passkeys/options',
    {
      preValidation: emptyBodyWhenNone,
      schema: {
        summary: 'Start a passkey sign-in: options for the browser',
        body: signInOptionsBody,
        response: answers({ 200: requestOptionsAnswer }),
      },
    },
    async (request) => {
      await enforce([ipLimits.passkeyOptionsIp, request.ip]);
      return passkeys.signInOptions(request.body);
    },
  );

  app.post(
    '/guest/passkeys/auth',
    {
      schema: {
        summary: 'Sign in with a passkey (also the two-factor step)',
        body: passkeySignInBody,
        response: answers({ 200: SessionTokenSchema }),
      },
    },
    async (request, reply) => {
      await enforce([ipLimits.passkeySignInIp, request.ip]);
      const userId = await passkeys.signIn(request.body.response);
      const visitor = { ...clientOf(request), deviceCookie: request.cookies[DEVICE_COOKIE] };
      const result = await guest.signInWithPasskey(userId, visitor);
      setSessionCookie(reply, app.deps, result.session);
      setDeviceCookie(reply, app.deps.config, result.deviceCookie);
      return result.session;
    },
  );
};
