import type { FastifyPluginAsync } from 'fastify';

/** Profile settings: password change, e-mail change, account deletion (issue 5). */
export const profileRoutes: FastifyPluginAsync = async () => {};
