import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ConfigSchema } from '../../contracts/node-body.schema.ts';
import { answers } from '../lib/answer-schemas.ts';
import { noBody } from '../lib/input-schema.ts';
import { READ_ONLY_POST, requireSession } from '../plugins/session.ts';
import { configJson } from './node-json.ts';
import { listConfigs } from './nodes.repository.ts';

/** POST v1/configs (spec 7): the hardware configurations, available (10) and coming soon (1). */
export const configsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/v1/configs',
    {
      // A read sent as POST by the spec: a read-only API token may call it.
      config: READ_ONLY_POST,
      preValidation: requireSession,
      schema: {
        summary: 'The hardware configurations',
        body: noBody,
        response: answers({ 200: Type.Array(ConfigSchema) }),
      },
    },
    async () => (await listConfigs(app.deps.db)).map(configJson),
  );
};
