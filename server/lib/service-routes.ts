import type { FastifyPluginAsync } from 'fastify';

/** The spec's services (spec 7), and the node protocol under the main API: where a domain's routes are mounted. */
export type ServicePrefix = '/auth' | '/api' | '/api/node' | '/stats';

/** One entry of the route table (server/routes.ts): a domain's routes and the service prefix the spec gives them. */
export interface ServiceRoutes {
  prefix: ServicePrefix;
  plugin: FastifyPluginAsync;
}
