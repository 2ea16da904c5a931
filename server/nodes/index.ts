import type { FastifyPluginAsync } from 'fastify';
import type { ServiceRoutes } from '../lib/service-routes.ts';
import { configsRoutes } from './configs-routes.ts';
import { dictionariesRoutes } from './dictionaries.ts';
import { nodeProtocol } from './node-protocol.ts';
import { nodesRoutes as routes } from './nodes-routes.ts';

export { checkHardware } from './hardware-check.ts';
export { HealthSweep } from './health-sweep.ts';
export { nodeDomain } from './nodes.service.ts';
export { parsePublicKey } from './public-key.ts';

/** Nodes, their configurations and the dictionaries (docs/api-main.md). */
const nodesPlugin: FastifyPluginAsync = async (app) => {
  await app.register(routes);
  await app.register(configsRoutes);
  await app.register(dictionariesRoutes);
};

export const nodesRoutes: ServiceRoutes[] = [
  { prefix: '/api/node', plugin: nodeProtocol },
  { prefix: '/api', plugin: nodesPlugin },
];
