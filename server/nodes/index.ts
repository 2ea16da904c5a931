import type { FastifyPluginAsync } from 'fastify';
import { sseRoutes } from '../live/sse-routes.ts';
import { acceptApiTokens } from '../plugins/session.ts';
import { statisticSettingsRoutes } from '../statistics/statistic-settings-routes.ts';
import { configsRoutes } from './configs-routes.ts';
import { dictionariesRoutes } from './dictionaries.ts';
import { nodeProtocol } from './node-protocol.ts';
import { nodesRoutes } from './nodes-routes.ts';

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
