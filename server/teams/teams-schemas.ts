import { type Static, Type } from 'typebox';
import { EMAIL_MAX } from '../../contracts/account-rules.ts';
import type {
  InvitationBody,
  InvitationLinkBody,
  MyInvitationBody,
  TeamClosureBody,
  TeamMemberBody,
  TeamMembersBody,
} from '../../contracts/team-body.ts';
import { PASSWORD_MAX } from '../accounts/index.ts';
import { idSchema, safeString } from '../lib/input-schema.ts';

/**
 * The TypeBox schemas of the team calls (server/teams/teams-routes.ts), bodies and answers alike, so the
 * OpenAPI document describes them. Strings keep the one control-character rule of server/lib/input-schema.ts.
 */

const text = (maxLength: number, minLength = 1) => safeString({ maxLength, minLength });
const id = () => idSchema;
const isoDate = () => Type.String({ format: 'date-time' });
const strict = { additionalProperties: false } as const;

export const teamParams = Type.Object({ teamId: id() }, strict);
export const invitationParams = Type.Object({ teamId: id(), id: id() }, strict);
export const memberParams = Type.Object({ teamId: id(), userId: id() }, strict);
export const myInvitationParams = Type.Object({ id: id() }, strict);
export const userParams = Type.Object({ id: id() }, strict);

/** The role is any integer here; the service answers a role other than 10 or 20 with 400 'invalid_role'. */
export const inviteBody = Type.Object({ email: text(EMAIL_MAX), role: Type.Integer() }, strict);
export const roleBody = Type.Object({ role: Type.Integer() }, strict);
/** The link's token: 256 bits in base64url are 43 characters; anything up to 512 gets the same 410 as a wrong one. */
export const hashBody = Type.Object({ hash: text(512) }, strict);
export const passwordBody = Type.Object({ password: text(PASSWORD_MAX) }, strict);
export const workspaceBody = Type.Object({ teamId: id() }, strict);
export const noBody = Type.Union([Type.Object({}, strict), Type.Null()]);

export const okAnswer = Type.Object({ ok: Type.Literal(true) });
export const teamIdAnswer = Type.Object({ teamId: Type.Integer() });

export const invitationAnswer = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  role: Type.Integer(),
  createdAt: isoDate(),
  expiresAt: isoDate(),
  sentAt: isoDate(),
});

export const memberAnswer = Type.Object({
  userId: Type.Integer(),
  name: Type.String(),
  surname: Type.String(),
  email: Type.String(),
  role: Type.Integer(),
  joinedAt: isoDate(),
});

export const membersAnswer = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  members: Type.Array(memberAnswer),
  invitations: Type.Array(invitationAnswer),
});

export const myInvitationsAnswer = Type.Array(
  Type.Object({
    id: Type.Integer(),
    teamId: Type.Integer(),
    teamName: Type.String(),
    role: Type.Integer(),
    invitedBy: Type.String(),
    expiresAt: isoDate(),
  }),
);

export const invitationLinkAnswer = Type.Object({
  teamName: Type.String(),
  role: Type.Integer(),
  email: Type.String(),
  invitedBy: Type.String(),
  expiresAt: isoDate(),
});

export const closureAnswer = Type.Object({
  teamId: Type.Integer(),
  pending: Type.Boolean(),
  requestedAt: Type.Union([isoDate(), Type.Null()]),
  requestedBy: Type.Union([Type.String(), Type.Null()]),
});

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/**
 * The answers' schemas are the contract's bodies, checked at compile time: Fastify serialises an answer through its
 * schema and drops any field the schema lacks, so a field added to a body but not here would vanish silently. Exported
 * (and marked public for the dead-code check) only so that the unused-locals rule lets it stand: nothing reads it.
 * @public
 */
export const answersMatchContract: [
  Same<Static<typeof invitationAnswer>, InvitationBody>,
  Same<Static<typeof memberAnswer>, TeamMemberBody>,
  Same<Static<typeof membersAnswer>, TeamMembersBody>,
  Same<Static<typeof myInvitationsAnswer>, MyInvitationBody[]>,
  Same<Static<typeof invitationLinkAnswer>, InvitationLinkBody>,
  Same<Static<typeof closureAnswer>, TeamClosureBody>,
] = [true, true, true, true, true, true];
