import type { FastifyPluginAsync } from 'fastify';

/** POST v1/check and POST v1/heartbeat of the node protocol (issue 3). */
export const hardwareRoutes: FastifyPluginAsync = async () => {};
