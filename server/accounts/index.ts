import type { FastifyPluginAsync } from 'fastify';
import type { ServiceRoutes } from '../lib/service-routes.ts';
import { accountRoutes } from './account-routes.ts';
import { apiTokensRoutes } from './api-tokens-routes.ts';
import { passkeysRoutes } from './passkeys-routes.ts';
import { createProfileLimiters } from './profile-common.ts';
import { profileRoutes } from './profile-routes.ts';
import { sessionsRoutes } from './sessions-routes.ts';
import { createTwoFactorService } from './two-factor.service.ts';
import { twoFactorRoutes } from './two-factor-routes.ts';

export { userView } from './account.service.ts';
export { bearerHeaders, idParams, teamBody } from './account-schemas.ts';
export { findTeam, findUserById, renameTeam } from './accounts.repository.ts';
export { invitationMail } from './mail-templates.ts';
export { hashPassword, PASSWORD_MAX, verifyPassword } from './passwords.ts';
export { CLOSED_STATUS, teamHasPendingAdminDeletion } from './profile.repository.ts';
export {
  createProfileLimiters,
  incorrectPassword,
  limit,
  type ProfileLimiters,
} from './profile-common.ts';

/** Sign-up, sign-in, passwords, links, profile, sessions, two-factor and API tokens (docs/api-auth.md). */
const accountsPlugin: FastifyPluginAsync = async (app) => {
  // One service, so sign-in's code step and Settings share the per-account limit on codes.
  const twoFactor = createTwoFactorService(app.deps);
  // Every call that checks the password counts on the same per-user counters (the database's, by name), teams' too.
  const limits = createProfileLimiters(app.deps.db, app.deps.clock);
  await app.register(accountRoutes, { twoFactor });
  await app.register(profileRoutes, { limits });
  await app.register(sessionsRoutes);
  await app.register(twoFactorRoutes, { twoFactor });
  await app.register(apiTokensRoutes, { limits });
  await app.register(passkeysRoutes, { twoFactor, limits });
};

export const accountsRoutes: ServiceRoutes[] = [{ prefix: '/auth', plugin: accountsPlugin }];
