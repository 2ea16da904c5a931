import type { FastifyPluginAsync } from 'fastify';
import { nodeProtocol } from '../node/index.ts';
import { acceptApiTokens } from '../plugins/session.ts';
import { configsRoutes } from './configs-routes.ts';
import { dictionariesRoutes } from './dictionaries.ts';
import { nodesRoutes } from './nodes-routes.ts';
import { sseRoutes } from './sse-routes.ts';
import { statisticSettingsRoutes } from './statistic-settings-routes.ts';

/** The main API, mounted at /api/ (spec 7). */
export const apiService: FastifyPluginAsync = async (app) => {
  // issue 13: `Bearer nodr_…` API tokens work here (the event stream stays cookie-only).
  acceptApiTokens(app);
  await app.register(nodeProtocol, { prefix: '/node' });
  await app.register(nodesRoutes);
  await app.register(configsRoutes);
  await app.register(dictionariesRoutes);
  await app.register(sseRoutes);
  await app.register(statisticSettingsRoutes);
};
