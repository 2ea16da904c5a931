import { type Static, Type } from 'typebox';
import { closed, Moment, nullable } from './wire.schema.ts';

/**
 * The bodies of the team calls (contracts/team-body.ts lists the calls, roles, limits and messages), as the auth
 * service answers them (server/teams/teams-routes.ts) and the web app reads them (src/api/teams.ts).
 */

export const TeamMemberSchema = Type.Object(
  {
    userId: Type.Integer(),
    name: Type.String(),
    surname: Type.String(),
    email: Type.String(),
    role: Type.Integer(),
    joinedAt: Moment,
  },
  closed,
);
export type TeamMemberBody = Static<typeof TeamMemberSchema>;

export const InvitationSchema = Type.Object(
  {
    id: Type.Integer(),
    email: Type.String(),
    role: Type.Integer(),
    createdAt: Moment,
    expiresAt: Moment,
    sentAt: Type.String({
      format: 'date-time',
      description: 'When the e-mail was last sent (resend allowed a minute after).',
    }),
  },
  closed,
);
export type InvitationBody = Static<typeof InvitationSchema>;

export const TeamMembersSchema = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    members: Type.Array(TeamMemberSchema),
    invitations: Type.Array(InvitationSchema, {
      description: 'Pending invitations; an empty list for viewers.',
    }),
  },
  closed,
);
export type TeamMembersBody = Static<typeof TeamMembersSchema>;

/** A pending invitation to the caller's own address, as Settings lists it. */
export const MyInvitationSchema = Type.Object(
  {
    id: Type.Integer(),
    teamId: Type.Integer(),
    teamName: Type.String(),
    role: Type.Integer(),
    invitedBy: Type.String(),
    expiresAt: Moment,
  },
  closed,
);
export type MyInvitationBody = Static<typeof MyInvitationSchema>;

/** What the invitation link page shows before the person accepts or declines. */
export const InvitationLinkSchema = Type.Object(
  {
    teamName: Type.String(),
    role: Type.Integer(),
    email: Type.String(),
    invitedBy: Type.String(),
    expiresAt: Moment,
  },
  closed,
);
export type InvitationLinkBody = Static<typeof InvitationLinkSchema>;

/**
 * spec 4 and 6: a team closure (deleting the team) asked by one admin and pending until any admin of the team
 * completes it (with their password) or cancels it. While it is pending the team's settings, invitations and roles
 * cannot change; its nodes keep running.
 */
export const TeamClosureSchema = Type.Object(
  {
    teamId: Type.Integer(),
    pending: Type.Boolean(),
    requestedAt: nullable(
      Type.String({ format: 'date-time', description: 'null when no closure is pending' }),
    ),
    requestedBy: nullable(
      Type.String({
        description: 'The name (or e-mail) of the admin who asked; null when no closure is pending.',
      }),
    ),
  },
  closed,
);
export type TeamClosureBody = Static<typeof TeamClosureSchema>;

/** The answer of accepting an invitation, by link or from Settings: the team just joined. */
export const AcceptedInvitationSchema = Type.Object({ teamId: Type.Integer() }, closed);
export type AcceptedInvitationBody = Static<typeof AcceptedInvitationSchema>;
