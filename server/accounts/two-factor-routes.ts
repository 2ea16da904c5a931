import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  RecoveryCodesSchema,
  TwoFactorSetUpSchema,
  TwoFactorStatusSchema,
} from '../../contracts/two-factor.schema.ts';
import { TYPED_CODE_MAX } from '../../contracts/two-factor.ts';
import { answers, OkBody } from '../lib/answer-schemas.ts';
import { emptyBodyWhenNone, safeString, strictObject } from '../lib/input-schema.ts';
import { requireSession } from '../plugins/session.ts';
import { bearerHeaders } from './account-schemas.ts';
import { PASSWORD_MAX } from './passwords.ts';
import type { TwoFactorService } from './two-factor.service.ts';

const code = safeString({ minLength: 1, maxLength: TYPED_CODE_MAX });
const emptyBody = strictObject({});
const enableBody = strictObject({ code });
// Turning off and making new recovery codes both need the password and a code.
const passwordAndCodeBody = strictObject({
  password: safeString({ minLength: 1, maxLength: PASSWORD_MAX }),
  code,
});
const statusAnswer = answers({ 200: TwoFactorStatusSchema });
const setupAnswer = answers({ 200: TwoFactorSetUpSchema });
const enableAnswer = answers({ 200: RecoveryCodesSchema });

/** Two-factor sign-in in Settings, for the signed-in user's own account (docs/api-auth.md). */
export const twoFactorRoutes: FastifyPluginAsyncTypebox<{ twoFactor: TwoFactorService }> = async (
  app,
  options,
) => {
  const { twoFactor } = options;
  // A POST that takes nothing may arrive without a body: read as an empty one.
  const postPreValidation = [requireSession, emptyBodyWhenNone];
  const headers = bearerHeaders;

  app.get(
    '/v1/two-factor',
    {
      preValidation: requireSession,
      schema: { summary: 'Whether two-factor sign-in is on', headers, response: statusAnswer },
    },
    async (request) => ({
      enabled: await twoFactor.enabled(request.caller.userId),
    }),
  );

  app.post(
    '/v1/two-factor/setup',
    {
      preValidation: postPreValidation,
      schema: {
        summary: 'Start two-factor setup: a new secret',
        headers,
        body: emptyBody,
        response: setupAnswer,
      },
    },
    async (request) => twoFactor.setUp(request.caller),
  );

  app.post(
    '/v1/two-factor/enable',
    {
      preValidation: postPreValidation,
      schema: {
        summary: 'Turn two-factor sign-in on with a code',
        headers,
        body: enableBody,
        response: enableAnswer,
      },
    },
    async (request) => twoFactor.enable(request.caller, request.body.code),
  );

  app.post(
    '/v1/two-factor/recovery-codes',
    {
      preValidation: requireSession,
      schema: {
        summary: 'Make new recovery codes in place of the old ones',
        headers,
        body: passwordAndCodeBody,
        response: enableAnswer,
      },
    },
    async (request) => twoFactor.newRecoveryCodes(request.caller, request.body),
  );

  app.post(
    '/v1/two-factor/disable',
    {
      preValidation: postPreValidation,
      schema: {
        summary: 'Turn two-factor sign-in off',
        headers,
        body: passwordAndCodeBody,
        response: answers({ 200: OkBody }),
      },
    },
    async (request) => {
      await twoFactor.disable(request.caller, request.body);
      return { ok: true as const };
    },
  );
};
