import type { FastifyPluginAsync } from 'fastify';
import { accountsRoutes } from './accounts/index.ts';
import { alertsRoutes } from './alerts/index.ts';
import type { ServicePrefix, ServiceRoutes } from './lib/service-routes.ts';
import { liveRoutes } from './live/index.ts';
import { nodesRoutes } from './nodes/index.ts';
import { acceptApiTokens } from './plugins/session.ts';
import { statisticsRoutes } from './statistics/index.ts';
import { teamsRoutes } from './teams/index.ts';

/**
 * The one route table: every domain's routes under the service prefix the spec gives them (spec 7). Folders follow
 * capabilities; URLs follow the spec, so a domain can serve more than one service (statistic settings live under
 * /api/, notification settings under /auth/).
 */
export const ROUTE_TABLE: readonly ServiceRoutes[] = [
  ...accountsRoutes,
  ...alertsRoutes,
  ...teamsRoutes,
  ...nodesRoutes,
  ...liveRoutes,
  ...statisticsRoutes,
];

/** The spec's three services. `Bearer nodr_…` API tokens work in /api/ and /stats/ (the event stream stays cookie-only). */
const SERVICES: readonly { prefix: ServicePrefix; apiTokens: boolean }[] = [
  { prefix: '/auth', apiTokens: false },
  { prefix: '/api', apiTokens: true },
  { prefix: '/stats', apiTokens: true },
];

/** Mounts the table: one encapsulated scope per service, each entry inside the service its prefix starts with. */
export const serviceRoutes: FastifyPluginAsync = async (app) => {
  for (const service of SERVICES) {
    const service_: FastifyPluginAsync = async (scope) => {
      if (service.apiTokens) acceptApiTokens(scope);
      for (const entry of ROUTE_TABLE) {
        if (entry.prefix === service.prefix) await scope.register(entry.plugin);
        else if (entry.prefix.startsWith(`${service.prefix}/`)) {
          await scope.register(entry.plugin, { prefix: entry.prefix.slice(service.prefix.length) });
        }
      }
    };
    await app.register(service_, { prefix: service.prefix });
  }
};
