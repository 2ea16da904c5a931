import { Type } from 'typebox';
import { PASSWORD_LINK_PURPOSES } from '../../contracts/password-link.ts';
import { type TwoFactorChallenge, TYPED_CODE_MAX } from '../../contracts/two-factor.ts';
import type { TeamRenderBody, UserBody } from '../../contracts/user-body.ts';
import { Moment } from '../../contracts/wire.schema.ts';
import { agreeing } from '../lib/answer-schemas.ts';
import { idSchema as id, safeString, strictObject } from '../lib/input-schema.ts';
import { PASSWORD_MAX } from './passwords.ts';
import type { SessionToken } from './sessions.ts';

const { Optional } = Type;
const login = safeString({ maxLength: 320, minLength: 1, description: 'The e-mail address.' });
const password = safeString({ maxLength: PASSWORD_MAX, minLength: 1 });
const link = safeString({ maxLength: 2048 });
const name = safeString({ maxLength: 200 });

/** Every signed-in route: the token arrives as `Authorization: Bearer`. */
export const bearerHeaders = Type.Object({ authorization: Optional(Type.String({ maxLength: 512 })) });

export const idParams = strictObject({ id });

/** POST v1/user and POST v1/teams take an empty search payload (spec 7). */
export const searchBody = strictObject({});

export const registerBody = strictObject({
  login,
  createPath: Optional(link),
  resetPath: Optional(link),
  loginPath: Optional(link),
  offer: Optional(Type.Boolean()),
  subscription: Optional(Type.Boolean()),
});

export const setNewPasswordBody = strictObject({
  hash: safeString({ maxLength: 512, minLength: 1 }),
  password,
  confirm: safeString({ maxLength: PASSWORD_MAX }),
});

export const linkCheckBody = strictObject({
  hash: safeString({ maxLength: 512, minLength: 1 }),
  purpose: Type.Union(PASSWORD_LINK_PURPOSES.map((purpose) => Type.Literal(purpose))),
});

export const signInBody = strictObject(
  { login, password },
  { examples: [{ login: 'operator@example.com', password: 'correct horse battery staple' }] },
);

export const recoveryBody = strictObject({ login, url: Optional(link) });

/**
 * spec 7: the web app may send the full user (its answer's fields); only id, name, surname, phone and image are
 * written, the others are accepted and ignored.
 */
export const userBody = strictObject({
  id: Optional(id),
  name: Optional(name),
  surname: Optional(name),
  phone: Optional(name),
  // spec 3: image is a string index, 0 for the default avatar, 1 to 12 a predefined one.
  image: Optional(Type.String({ pattern: '^([0-9]|1[0-2])$' })),
  email: Optional(safeString({ maxLength: 320 })),
  changePasswordAt: Optional(Type.Unsafe<string | null>({ type: ['string', 'null'], maxLength: 64 })),
  statusChangeEmail: Optional(Type.Integer()),
  newChangeEmail: Optional(Type.Unsafe<string | null>({ type: ['string', 'null'], maxLength: 320 })),
  deleteProgress: Optional(Type.Boolean()),
  // A form carries the team list as one string; JSON as the array the web app was given.
  TeamsRender: Optional(
    Type.Unsafe<unknown[] | string>({ type: ['array', 'string'], maxItems: 1000, maxLength: 65_536 }),
  ),
});

export const teamBody = strictObject({ id: Optional(id), name: safeString({ maxLength: 400 }) });

/** The code step; a TOTP code or a recovery code, spaces allowed. */
export const challengeBody = strictObject({
  challenge: safeString({ maxLength: 128, minLength: 1 }),
  code: safeString({ maxLength: TYPED_CODE_MAX, minLength: 1 }),
});

/* Answers */

const TeamRender = agreeing<TeamRenderBody>()(
  Type.Object(
    { id: Type.Integer(), name: Type.String(), role: Type.Integer() },
    { additionalProperties: false },
  ),
);

/** The user as GET/PUT v1/user/{id} and v1/check answer it (contracts/user-body.ts). */
export const UserAnswer = agreeing<UserBody>()(
  Type.Object(
    {
      id: Type.Integer(),
      email: Type.String(),
      name: Type.String(),
      surname: Type.String(),
      phone: Type.String(),
      image: Type.Union([Type.String(), Type.Null()]),
      changePasswordAt: Type.Union([Moment, Type.Null()]),
      statusChangeEmail: Type.Integer(),
      newChangeEmail: Type.Union([Type.String(), Type.Null()]),
      deleteProgress: Type.Boolean(),
      TeamsRender: Type.Array(TeamRender),
    },
    { additionalProperties: false },
  ),
);

/** A started session (sign-in, set-new-password, the code step). */
export const SessionAnswer = agreeing<SessionToken>()(
  Type.Object(
    {
      access_token: Type.String(),
      token_type: Type.Literal('Bearer'),
      expires_at: Moment,
      user_id: Type.Integer(),
    },
    {
      additionalProperties: false,
      examples: [
        {
          access_token: 'k3Vd9vQm2f0yXo5bC8Jt1wZp4sHn7rLa6eGu3iYq0Ok',
          token_type: 'Bearer',
          expires_at: '2026-12-06T10:00:00.000Z',
          user_id: 42,
        },
      ],
    },
  ),
);

/** With two-factor sign-in on, the password step answers this instead: the code step comes next. */
export const ChallengeAnswer = agreeing<TwoFactorChallenge>()(
  Type.Object(
    { two_factor_required: Type.Literal(true), challenge: Type.String(), expires_at: Moment },
    { additionalProperties: false },
  ),
);

export const SignInAnswer = Type.Union([SessionAnswer, ChallengeAnswer]);

export const TeamMemberAnswer = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    surname: Type.String(),
    email: Type.String(),
    image: Type.Union([Type.String(), Type.Null()]),
    role: Type.Integer(),
  },
  { additionalProperties: false },
);

export const TeamAnswer = Type.Object(
  { id: Type.Integer(), name: Type.String() },
  { additionalProperties: false },
);
export const TeamsAnswer = Type.Array(TeamRender);
