import type { FastifyPluginAsync } from 'fastify';

/** The stats service, mounted at /stats/. */
export const statsService: FastifyPluginAsync = async () => {};
