import { type Static, Type } from 'typebox';
import { closed, Moment, nullable } from './wire.schema.ts';

/**
 * spec 3: the user as the auth service answers it (server/accounts/account.service.ts `userView`) and the web app
 * reads it (src/api/auth.ts UserStruct, a `Describe<>` of the type below).
 */

/** One of the user's teams; TeamsRender's first is the current workspace. Role: contracts/account-codes.ts. */
export const TeamRenderSchema = Type.Object(
  { id: Type.Integer(), name: Type.String(), role: Type.Integer() },
  closed,
);
export type TeamRenderBody = Static<typeof TeamRenderSchema>;

export const UserSchema = Type.Object(
  {
    id: Type.Integer(),
    email: Type.String(),
    name: Type.String(),
    surname: Type.String(),
    phone: Type.String(),
    image: nullable(
      Type.String({
        description: "A string index: '0' or null for the default avatar, '1'..'12' a predefined one.",
      }),
    ),
    changePasswordAt: nullable(Moment),
    statusChangeEmail: Type.Integer({ description: 'contracts/account-codes.ts EMAIL_CHANGE_STATUS' }),
    newChangeEmail: nullable(Type.String()),
    deleteProgress: Type.Boolean(),
    TeamsRender: Type.Array(TeamRenderSchema),
  },
  closed,
);
export type UserBody = Static<typeof UserSchema>;

/** A team as POST v1/teams/{id}, GET and PUT v1/teams/{id} answer it. */
export const TeamSchema = Type.Object({ id: Type.Integer(), name: Type.String() }, closed);
export type TeamBody = Static<typeof TeamSchema>;

/** A user of the caller's team, as listed by POST v1/user. */
export const TeamUserSchema = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    surname: Type.String(),
    email: Type.String(),
    image: nullable(Type.String()),
    role: Type.Integer(),
  },
  closed,
);
export type TeamUserBody = Static<typeof TeamUserSchema>;
