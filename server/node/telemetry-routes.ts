import type { FastifyPluginAsync } from 'fastify';

/** POST v1/telemetry of the node protocol (issue 4). */
export const telemetryRoutes: FastifyPluginAsync = async () => {};
