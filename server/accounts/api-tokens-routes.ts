import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import { CreateApiTokenSchema, CreatedApiTokenSchema } from '../../contracts/api-tokens.schema.ts';
import { answers } from '../lib/answer-schemas.ts';
import { emptyBodyWhenNone, noBody } from '../lib/input-schema.ts';
import { requireSession } from '../plugins/session.ts';
import { bearerHeaders } from './account-schemas.ts';
import { createApiTokensService } from './api-tokens.service.ts';
import { revokedTokenResponse, tokenIdParams, tokenListResponse } from './api-tokens-schemas.ts';
import type { ProfileLimiters } from './profile-common.ts';

/** List, create and revoke API tokens, with a browser session only (the auth service takes no token). */
export const apiTokensRoutes: FastifyPluginAsync<{ limits: ProfileLimiters }> = async (plain, options) => {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  const tokens = createApiTokensService(app.deps, options.limits);

  app.get(
    '/v1/tokens',
    {
      preValidation: requireSession,
      schema: {
        summary: 'My API tokens',
        headers: bearerHeaders,
        response: answers({ 200: tokenListResponse }),
      },
    },
    async (request) => tokens.list(request.caller),
  );

  app.post(
    '/v1/tokens',
    {
      preValidation: requireSession,
      schema: {
        summary: 'Create an API token (its secret is answered once)',
        headers: bearerHeaders,
        body: CreateApiTokenSchema,
        response: answers({ 201: CreatedApiTokenSchema }),
      },
    },
    async (request, reply) => reply.status(201).send(await tokens.create(request.caller, request.body)),
  );

  app.delete(
    '/v1/tokens/:id',
    {
      preValidation: [requireSession, emptyBodyWhenNone],
      schema: {
        summary: 'Revoke an API token',
        headers: bearerHeaders,
        params: tokenIdParams,
        body: noBody,
        response: answers({ 200: revokedTokenResponse }),
      },
    },
    async (request) => tokens.revoke(request.caller, request.params.id),
  );
};
