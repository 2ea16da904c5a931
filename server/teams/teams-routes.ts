import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  AcceptedInvitationSchema,
  InvitationLinkSchema,
  InvitationSchema,
  TeamClosureSchema,
  TeamMemberSchema,
  TeamMembersSchema,
} from '../../contracts/team-body.schema.ts';
import { TeamSchema, UserSchema } from '../../contracts/user-body.schema.ts';
import { bearerHeaders, idParams, type ProfileLimiters, teamBody } from '../accounts/index.ts';
import { answers, OkBody } from '../lib/answer-schemas.ts';
import { noBody } from '../lib/input-schema.ts';
import { requireSession, requireTeamMember, requireTeamWriter } from '../plugins/session.ts';
import { createInvitationsService } from './invitations.service.ts';
import { createMembersService } from './members.service.ts';
import { createTeamClosureService } from './team-closure.service.ts';
import { createTeamRenameService } from './team-rename.service.ts';
import * as schema from './teams-schemas.ts';

type TeamParams = { teamId: number };
type InvitationParams = { teamId: number; id: number };
type MemberParams = { teamId: number; userId: number };
type IdParams = { id: number };

/** Members, roles, invitations and the workspace choice (contracts/team-body.ts; docs/api-teams.md). */
export const teamsRoutes: FastifyPluginAsync<{ limits: ProfileLimiters }> = async (app, options) => {
  const invitations = createInvitationsService(app.deps);
  const closure = createTeamClosureService(app.deps, options.limits);
  const members = createMembersService(app.deps);
  const rename = createTeamRenameService(app.deps);

  app.put<{ Params: IdParams; Body: { id?: number; name: string } }>(
    '/v1/teams/:id',
    {
      preValidation: requireTeamWriter('id'),
      schema: {
        summary: 'Rename a team (its admins)',
        headers: bearerHeaders,
        params: idParams,
        body: teamBody,
        response: answers({ 200: TeamSchema }),
      },
    },
    async (request) => rename.updateTeam(request.caller, request.params.id, request.body),
  );
  const member = requireTeamMember('teamId');
  const writer = requireTeamWriter('teamId');
  // Leaving is a member's own choice; removing someone else is an admin's change to the team.
  const selfOrWriter = async (request: FastifyRequest) => {
    await member(request);
    const { userId } = request.params as Record<string, string | undefined>;
    if (userId !== String(request.caller.userId)) await writer(request);
  };
  const team = '/v1/teams/:teamId';

  app.get<{ Params: TeamParams }>(
    `${team}/members`,
    {
      preValidation: member,
      schema: {
        summary: 'The team: members and, for admins, pending invitations',
        params: schema.teamParams,
        response: answers({ 200: TeamMembersSchema }),
      },
    },
    (request) => members.list(request.caller, request.params.teamId),
  );

  app.post<{ Params: TeamParams; Body: { email: string; role: number } }>(
    `${team}/invitations`,
    {
      preValidation: writer,
      schema: {
        summary: 'Invite someone by e-mail (admins)',

        params: schema.teamParams,
        body: schema.inviteBody,
        response: answers({ 201: InvitationSchema }),
      },
    },
    async (request, reply) =>
      reply.status(201).send(await invitations.invite(request.caller, request.params.teamId, request.body)),
  );

  app.post<{ Params: InvitationParams }>(
    `${team}/invitations/:id/resend`,
    {
      preValidation: writer,
      schema: {
        summary: 'Send an invitation again (admins; once a minute)',

        params: schema.invitationParams,
        body: noBody,
        response: answers({ 200: InvitationSchema }),
      },
    },
    (request) => invitations.resend(request.caller, request.params.teamId, request.params.id),
  );

  app.delete<{ Params: InvitationParams }>(
    `${team}/invitations/:id`,
    {
      preValidation: writer,
      schema: {
        summary: 'Revoke an invitation (admins)',
        params: schema.invitationParams,
        body: noBody,
        response: answers({ 200: OkBody }),
      },
    },
    (request) => invitations.revoke(request.caller, request.params.teamId, request.params.id),
  );

  app.put<{ Params: MemberParams; Body: { role: number } }>(
    `${team}/members/:userId`,
    {
      preValidation: writer,
      schema: {
        summary: "Change a member's role (admins)",
        params: schema.memberParams,
        body: schema.roleBody,
        response: answers({ 200: TeamMemberSchema }),
      },
    },
    (request) =>
      members.changeRole(request.caller, request.params.teamId, request.params.userId, request.body.role),
  );

  app.delete<{ Params: MemberParams }>(
    `${team}/members/:userId`,
    {
      preValidation: selfOrWriter,
      schema: {
        summary: 'Remove a member (admins), or leave the team (yourself)',
        params: schema.memberParams,
        body: noBody,
        response: answers({ 200: OkBody }),
      },
    },
    (request) => members.remove(request.caller, request.params.teamId, request.params.userId),
  );

  app.get(
    '/v1/invitations',
    {
      preValidation: requireSession,
      schema: {
        summary: 'Pending invitations to my address',
        response: answers({ 200: schema.myInvitationsAnswer }),
      },
    },
    (request) => invitations.listMine(request.caller),
  );

  app.post<{ Params: IdParams }>(
    '/v1/invitations/:id/accept',
    {
      preValidation: requireSession,
      schema: {
        summary: 'Accept an invitation to my address',

        params: schema.myInvitationParams,
        body: noBody,
        response: answers({ 200: AcceptedInvitationSchema }),
      },
    },
    (request) => invitations.acceptMine(request.caller, request.params.id),
  );

  app.post<{ Params: IdParams }>(
    '/v1/invitations/:id/decline',
    {
      preValidation: requireSession,
      schema: {
        summary: 'Decline an invitation to my address',
        params: schema.myInvitationParams,
        body: noBody,
        response: answers({ 200: OkBody }),
      },
    },
    (request) => invitations.declineMine(request.caller, request.params.id),
  );

  app.post<{ Body: { hash: string } }>(
    '/v1/invitations/inspect',
    {
      schema: {
        summary: 'What an invitation link offers (no session needed)',
        body: schema.hashBody,
        response: answers({ 200: InvitationLinkSchema }),
      },
    },
    (request) => invitations.inspect(request.body.hash),
  );

  app.post<{ Body: { hash: string } }>(
    '/v1/invitations/accept',
    {
      preValidation: requireSession,
      schema: {
        summary: 'Accept an invitation link (signed in with the invited address)',
        body: schema.hashBody,
        response: answers({ 200: AcceptedInvitationSchema }),
      },
    },
    (request) => invitations.acceptLink(request.caller, request.body.hash),
  );

  app.post<{ Body: { hash: string } }>(
    '/v1/invitations/decline',
    {
      schema: {
        summary: 'Decline an invitation link (no session needed)',
        body: schema.hashBody,
        response: answers({ 200: OkBody }),
      },
    },
    (request) => invitations.declineLink(request.body.hash),
  );

  app.put<{ Params: IdParams; Body: { teamId: number } }>(
    '/v1/user/:id/workspace',
    {
      preValidation: requireSession,
      schema: {
        summary: 'Choose my current workspace',
        params: schema.userParams,
        body: schema.workspaceBody,
        response: answers({ 200: UserSchema }),
      },
    },
    (request) => members.chooseWorkspace(request.caller, request.params.id, request.body.teamId),
  );

  // spec 4 and 6: a team closure, asked by one admin, completed or cancelled by any admin.
  app.get<{ Params: TeamParams }>(
    `${team}/closure`,
    {
      preValidation: member,
      schema: {
        summary: "The team's pending closure",
        params: schema.teamParams,
        response: answers({ 200: TeamClosureSchema }),
      },
    },
    (request) => closure.status(request.caller, request.params.teamId),
  );

  app.post<{ Params: TeamParams }>(
    `${team}/closure`,
    {
      preValidation: writer,
      schema: {
        summary: 'Ask to close the team (admins)',
        params: schema.teamParams,
        body: noBody,
        response: answers({ 200: TeamClosureSchema }),
      },
    },
    (request) => closure.request(request.caller, request.params.teamId),
  );

  app.delete<{ Params: TeamParams }>(
    `${team}/closure`,
    {
      preValidation: writer,
      schema: {
        summary: 'Cancel a pending team closure (any admin)',
        params: schema.teamParams,
        body: noBody,
        response: answers({ 200: TeamClosureSchema }),
      },
    },
    (request) => closure.cancel(request.caller, request.params.teamId),
  );

  app.post<{ Params: TeamParams; Body: { password: string } }>(
    `${team}/closure/confirm`,
    {
      preValidation: writer,
      schema: {
        summary: 'Complete a pending team closure (any admin, with the password)',
        params: schema.teamParams,
        body: schema.passwordBody,
        response: answers({ 200: OkBody }),
      },
    },
    (request) => closure.confirm(request.caller, request.params.teamId, request.body.password),
  );
};
