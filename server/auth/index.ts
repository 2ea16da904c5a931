import type { FastifyPluginAsync } from 'fastify';
import { accountRoutes } from './account-routes.ts';
import { profileRoutes } from './profile-routes.ts';
import { sessionsRoutes } from './sessions-routes.ts';

/** The auth service, mounted at /auth/ (spec 7). */
export const authService: FastifyPluginAsync = async (app) => {
  await app.register(accountRoutes);
  await app.register(profileRoutes);
  await app.register(sessionsRoutes);
};
