import type { FastifyPluginAsync } from 'fastify';
import { clientOf } from '../lib/authenticate.ts';
import { requireSession } from '../plugins/session.ts';
import { createAccountDeletionService } from './account-deletion.service.ts';
import { bearerHeaders } from './account-schemas.ts';
import { createEmailChangeService } from './email-change.service.ts';
import { createProfileLimiters } from './profile-common.ts';
import { type ChangePasswordInput, createPasswordService } from './profile-password.ts';
import {
  changeEmailBody,
  changePasswordBody,
  deleteUserBody,
  hashBody,
  resendBody,
  userOnlyBody,
  userParams,
  userTeamParams,
} from './profile-schemas.ts';

type UserTeamParams = { user_id: number; team_id: number };
type UserParams = { id: number };
type OwnIds = { userId?: number; user_id?: number; url?: string };

/** Profile settings: password change, e-mail change, account deletion (issue 5, docs/api-profile.md). */
export const profileRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;
  const limits = createProfileLimiters(deps.db, deps.clock);
  const emailChange = createEmailChangeService(deps, limits);
  const deletion = createAccountDeletionService(deps, limits);
  const password = createPasswordService(deps, limits);
  const settings = '/v1/profile_settings';

  app.post<{ Params: UserTeamParams; Body: ChangePasswordInput }>(
    `${settings}/user/:user_id/team/:team_id/change_password`,
    {
      preValidation: requireSession,
      schema: { headers: bearerHeaders, params: userTeamParams, body: changePasswordBody },
    },
    async (request) => {
      const { caller } = request;
      const path = { userId: request.params.user_id, teamId: request.params.team_id };
      return password.changePassword(caller, path, request.body);
    },
  );

  app.post<{ Params: UserTeamParams; Body: OwnIds & { team_id?: number; password: string; email: string } }>(
    `${settings}/user/:user_id/team/:team_id/change_email`,
    {
      preValidation: requireSession,
      schema: { headers: bearerHeaders, params: userTeamParams, body: changeEmailBody },
    },
    async (request) => {
      const { caller } = request;
      const path = { userId: request.params.user_id, teamId: request.params.team_id };
      return emailChange.request(caller, path, request.body);
    },
  );

  app.post<{ Body: { hash: string } }>(
    `${settings}/change_email/accept`,
    { schema: { body: hashBody } },
    (request) => emailChange.accept(request.body.hash, clientOf(request)),
  );

  app.post<{ Body: { hash: string } }>(
    `${settings}/change_email/cancel`,
    { schema: { body: hashBody } },
    (request) => emailChange.cancel(request.body.hash, clientOf(request)),
  );

  app.post<{ Params: UserParams; Body: OwnIds }>(
    `${settings}/user/:id/change_email/resend`,
    {
      preValidation: requireSession,
      schema: { headers: bearerHeaders, params: userParams, body: resendBody },
    },
    async (request) => emailChange.resend(request.caller, request.params.id, request.body ?? {}),
  );

  app.post<{ Params: UserParams; Body: OwnIds | null }>(
    `${settings}/user/:id/change_email/revoke`,
    {
      preValidation: requireSession,
      schema: { headers: bearerHeaders, params: userParams, body: userOnlyBody },
    },
    async (request) => emailChange.revoke(request.caller, request.params.id, request.body ?? {}),
  );

  app.post<{ Params: UserParams; Body: OwnIds | null }>(
    '/v1/user/:id/info_delete',
    {
      preValidation: requireSession,
      schema: { headers: bearerHeaders, params: userParams, body: userOnlyBody },
    },
    async (request, reply) => {
      const { httpStatus, ...precheck } = await deletion.precheck(
        request.caller,
        request.params.id,
        request.body ?? {},
      );
      return reply.status(httpStatus).send(precheck);
    },
  );

  // A static segment wins over a parameter in the router, so this never reaches DELETE v1/user/:id.
  app.delete<{ Body: { hash: string } }>('/v1/user/accept', { schema: { body: hashBody } }, (request) =>
    deletion.accept(request.body.hash),
  );

  app.delete<{ Params: UserParams; Body: OwnIds & { password: string } }>(
    '/v1/user/:id',
    {
      preValidation: requireSession,
      schema: { headers: bearerHeaders, params: userParams, body: deleteUserBody },
    },
    async (request) => deletion.request(request.caller, request.params.id, request.body),
  );

  app.post<{ Params: UserParams; Body: OwnIds }>(
    '/v1/user/:id/resend',
    {
      preValidation: requireSession,
      schema: { headers: bearerHeaders, params: userParams, body: resendBody },
    },
    async (request) => deletion.resend(request.caller, request.params.id, request.body ?? {}),
  );

  app.post<{ Params: UserParams; Body: OwnIds | null }>(
    '/v1/user/:id/revoke',
    {
      preValidation: requireSession,
      schema: { headers: bearerHeaders, params: userParams, body: userOnlyBody },
    },
    async (request) => deletion.revoke(request.caller, request.params.id, request.body ?? {}),
  );
};
