import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { PrecheckSchema } from '../../contracts/account-deletion.schema.ts';
import { UserSchema } from '../../contracts/user-body.schema.ts';
import { answers, ErrorBody, OkBody } from '../lib/answer-schemas.ts';
import { clientOf } from '../lib/authenticate.ts';
import { requireSession } from '../plugins/session.ts';
import { createAccountDeletionService } from './account-deletion.service.ts';
import { bearerHeaders } from './account-schemas.ts';
import { createEmailChangeService } from './email-change.service.ts';
import type { ProfileLimiters } from './profile-common.ts';
import { createPasswordService } from './profile-password.ts';
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

const user = answers({ 200: UserSchema });
const ok = answers({ 200: OkBody });

/** Profile settings: password change, e-mail change, account deletion (docs/api-profile.md). */
export const profileRoutes: FastifyPluginAsyncTypebox<{ limits: ProfileLimiters }> = async (app, options) => {
  const deps = app.deps;
  const { limits } = options;
  const emailChange = createEmailChangeService(deps, limits);
  const deletion = createAccountDeletionService(deps, limits);
  const password = createPasswordService(deps, limits);
  const settings = '/v1/profile_settings';

  app.post(
    `${settings}/user/:user_id/team/:team_id/change_password`,
    {
      preValidation: requireSession,
      schema: {
        summary: 'Change the password (signs out every other session)',
        headers: bearerHeaders,
        params: userTeamParams,
        body: changePasswordBody,
        response: user,
      },
    },
    async (request) => {
      const { caller } = request;
      const path = { userId: request.params.user_id, teamId: request.params.team_id };
      return password.changePassword(caller, path, request.body);
    },
  );

  app.post(
    `${settings}/user/:user_id/team/:team_id/change_email`,
    {
      preValidation: requireSession,
      schema: {
        summary: 'Request an e-mail change: mails a confirm link to the new address',
        headers: bearerHeaders,
        params: userTeamParams,
        body: changeEmailBody,
        response: user,
      },
    },
    async (request) => {
      const { caller } = request;
      const path = { userId: request.params.user_id, teamId: request.params.team_id };
      return emailChange.request(caller, path, request.body);
    },
  );

  app.post(
    `${settings}/change_email/accept`,
    { schema: { summary: 'Confirm an e-mail change from its link', body: hashBody, response: ok } },
    (request) => emailChange.accept(request.body.hash, clientOf(request)),
  );

  app.post(
    `${settings}/change_email/cancel`,
    { schema: { summary: 'Cancel an e-mail change from the old mailbox', body: hashBody, response: ok } },
    (request) => emailChange.cancel(request.body.hash, clientOf(request)),
  );

  app.post(
    `${settings}/user/:id/change_email/resend`,
    {
      preValidation: requireSession,
      schema: {
        summary: 'Send the e-mail change link again',
        headers: bearerHeaders,
        params: userParams,
        body: resendBody,
        response: user,
      },
    },
    async (request) => emailChange.resend(request.caller, request.params.id, request.body ?? {}),
  );

  app.post(
    `${settings}/user/:id/change_email/revoke`,
    {
      preValidation: requireSession,
      schema: {
        summary: 'Withdraw a pending e-mail change',
        headers: bearerHeaders,
        params: userParams,
        body: userOnlyBody,
        response: user,
      },
    },
    async (request) => emailChange.revoke(request.caller, request.params.id, request.body ?? {}),
  );

  app.post(
    '/v1/user/:id/info_delete',
    {
      preValidation: requireSession,
      schema: {
        summary: 'Account deletion pre-check',
        headers: bearerHeaders,
        params: userParams,
        body: userOnlyBody,
        response: answers({ 200: PrecheckSchema, 400: Type.Union([PrecheckSchema, ErrorBody]) }),
      },
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
  app.delete(
    '/v1/user/accept',
    { schema: { summary: 'Delete the account from its confirm link', body: hashBody, response: ok } },
    (request) => deletion.accept(request.body.hash),
  );

  app.delete(
    '/v1/user/:id',
    {
      preValidation: requireSession,
      schema: {
        summary: 'Request account deletion: mails a confirm link',
        headers: bearerHeaders,
        params: userParams,
        body: deleteUserBody,
        response: user,
      },
    },
    async (request) => deletion.request(request.caller, request.params.id, request.body),
  );

  app.post(
    '/v1/user/:id/resend',
    {
      preValidation: requireSession,
      schema: {
        summary: 'Send the deletion link again',
        headers: bearerHeaders,
        params: userParams,
        body: resendBody,
        response: user,
      },
    },
    async (request) => deletion.resend(request.caller, request.params.id, request.body ?? {}),
  );

  app.post(
    '/v1/user/:id/revoke',
    {
      preValidation: requireSession,
      schema: {
        summary: 'Withdraw a pending account deletion',
        headers: bearerHeaders,
        params: userParams,
        body: userOnlyBody,
        response: user,
      },
    },
    async (request) => deletion.revoke(request.caller, request.params.id, request.body ?? {}),
  );
};
