import type { FastifyPluginAsync } from 'fastify';
import { createProfileLimiters } from '../accounts/index.ts';
import type { ServiceRoutes } from '../lib/service-routes.ts';
import { teamsRoutes as routes } from './teams-routes.ts';

/** Teams, members, invitations and closure (docs/api-teams.md). */
const teamsPlugin: FastifyPluginAsync = async (app) => {
  // The password checks of a closure count with Settings' (the same per-user counters in the database).
  await app.register(routes, { limits: createProfileLimiters(app.deps.db, app.deps.clock) });
};

export const teamsRoutes: ServiceRoutes[] = [{ prefix: '/auth', plugin: teamsPlugin }];
