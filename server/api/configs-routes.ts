import type { FastifyPluginAsync } from 'fastify';
import { noBody } from '../lib/input-schema.ts';
import { requireSession } from '../plugins/session.ts';
import { configJson } from './node-json.ts';
import { listConfigs } from './nodes.repository.ts';

/** POST v1/configs (spec 7): the hardware configurations, available (10) and coming soon (1). */
export const configsRoutes: FastifyPluginAsync = async (app) => {
  app.post('/v1/configs', { preValidation: requireSession, schema: { body: noBody } }, async () =>
    (await listConfigs(app.deps.db)).map(configJson),
  );
};
