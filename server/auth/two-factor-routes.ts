import type { FastifyPluginAsync } from 'fastify';
import { TYPED_CODE_MAX } from '../../contracts/two-factor.ts';
import { emptyBodyWhenNone, safeString, strictObject } from '../lib/input-schema.ts';
import { requireSession } from '../plugins/session.ts';
import { bearerHeaders } from './account-schemas.ts';
import { PASSWORD_MAX } from './passwords.ts';
import type { TwoFactorService } from './two-factor.service.ts';

const code = safeString({ minLength: 1, maxLength: TYPED_CODE_MAX });
const emptyBody = strictObject({});
const enableBody = strictObject({ code }, ['code']);
const disableBody = strictObject({ password: safeString({ minLength: 1, maxLength: PASSWORD_MAX }), code }, [
  'password',
  'code',
]);

/** issue 10 section 9: two-factor sign-in in Settings, for the signed-in user's own account (docs/api-auth.md). */
export const twoFactorRoutes: FastifyPluginAsync<{ twoFactor: TwoFactorService }> = async (app, options) => {
  const { twoFactor } = options;
  // A POST that takes nothing may arrive without a body: read as an empty one.
  const postPreValidation = [requireSession, emptyBodyWhenNone];
  const headers = bearerHeaders;

  app.get('/v1/two-factor', { preValidation: requireSession, schema: { headers } }, async (request) => ({
    enabled: await twoFactor.enabled(request.caller.userId),
  }));

  app.post(
    '/v1/two-factor/setup',
    { preValidation: postPreValidation, schema: { headers, body: emptyBody } },
    async (request) => twoFactor.setUp(request.caller),
  );

  app.post<{ Body: { code: string } }>(
    '/v1/two-factor/enable',
    { preValidation: postPreValidation, schema: { headers, body: enableBody } },
    async (request) => twoFactor.enable(request.caller, request.body.code),
  );

  app.post<{ Body: { password: string; code: string } }>(
    '/v1/two-factor/disable',
    { preValidation: postPreValidation, schema: { headers, body: disableBody } },
    async (request) => {
      await twoFactor.disable(request.caller, request.body);
      return { ok: true };
    },
  );
};
