import { Type } from 'typebox';
import { EMAIL_MAX } from '../../contracts/account-rules.ts';
import { MyInvitationSchema } from '../../contracts/team-body.schema.ts';
import { PASSWORD_MAX } from '../accounts/index.ts';
import { idSchema, safeString } from '../lib/input-schema.ts';

/**
 * The TypeBox schemas of the team calls (server/teams/teams-routes.ts), bodies and answers alike, so the
 * OpenAPI document describes them. Strings keep the one control-character rule of server/lib/input-schema.ts.
 */

const text = (maxLength: number, minLength = 1) => safeString({ maxLength, minLength });
const id = () => idSchema;
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
export const myInvitationsAnswer = Type.Array(MyInvitationSchema);
