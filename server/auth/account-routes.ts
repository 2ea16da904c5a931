import type { FastifyPluginAsync } from 'fastify';

/** Sign-up, sign-in, password links, session check, user and team calls (issue 2). */
export const accountRoutes: FastifyPluginAsync = async () => {};
