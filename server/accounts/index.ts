import type { FastifyPluginAsync } from 'fastify';
import { notificationsRoutes } from '../alerts/notifications-routes.ts';
import { teamsRoutes } from '../teams/teams-routes.ts';
import { accountRoutes } from './account-routes.ts';
import { apiTokensRoutes } from './api-tokens-routes.ts';
import { passkeysRoutes } from './passkeys-routes.ts';
import { createProfileLimiters } from './profile-common.ts';
import { profileRoutes } from './profile-routes.ts';
import { sessionsRoutes } from './sessions-routes.ts';
import { createTwoFactorService } from './two-factor.service.ts';
import { twoFactorRoutes } from './two-factor-routes.ts';

/** The auth service, mounted at /auth/ (spec 7). */
export const authService: FastifyPluginAsync = async (app) => {
  // One service, so sign-in's code step and Settings share the per-account limit on codes.
  const twoFactor = createTwoFactorService(app.deps);
  // One set of per-user limits, so every call that checks the password (Settings, a team closure) counts together.
  const limits = createProfileLimiters(app.deps.db, app.deps.clock);
  await app.register(accountRoutes, { twoFactor });
  await app.register(profileRoutes, { limits });
  await app.register(sessionsRoutes);
  await app.register(twoFactorRoutes, { twoFactor });
  await app.register(notificationsRoutes);
  await app.register(teamsRoutes, { limits });
  await app.register(apiTokensRoutes, { limits });
  await app.register(passkeysRoutes, { twoFactor, limits });
};
