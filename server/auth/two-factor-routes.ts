import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { TYPED_CODE_MAX } from '../../contracts/two-factor.ts';
import { authenticate, type Caller } from '../lib/authenticate.ts';
import { safeString, strictObject } from '../lib/input-schema.ts';
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
  const { deps } = app;
  const { twoFactor } = options;
  const callers = new WeakMap<FastifyRequest, Caller>();
  // Authenticate before validating, so a signed-out caller gets 401 whatever it sends (spec 7).
  const preValidation = async (request: FastifyRequest) => {
    callers.set(request, await authenticate(deps.db, deps.clock, request));
    if (request.method === 'POST' && request.body === undefined) request.body = {};
  };
  const caller = (request: FastifyRequest): Caller => callers.get(request)!;
  const headers = bearerHeaders;

  app.get('/v1/two-factor', { preValidation, schema: { headers } }, async (request) => ({
    enabled: await twoFactor.enabled(caller(request).userId),
  }));

  app.post('/v1/two-factor/setup', { preValidation, schema: { headers, body: emptyBody } }, async (request) =>
    twoFactor.setUp(caller(request)),
  );

  app.post<{ Body: { code: string } }>(
    '/v1/two-factor/enable',
    { preValidation, schema: { headers, body: enableBody } },
    async (request) => twoFactor.enable(caller(request), request.body.code),
  );

  app.post<{ Body: { password: string; code: string } }>(
    '/v1/two-factor/disable',
    { preValidation, schema: { headers, body: disableBody } },
    async (request) => {
      await twoFactor.disable(caller(request), request.body);
      return { ok: true };
    },
  );
};
