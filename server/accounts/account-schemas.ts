import { Type } from 'typebox';
import { PASSWORD_LINK_PURPOSES } from '../../contracts/password-link.ts';
import { SessionTokenSchema, TwoFactorChallengeSchema } from '../../contracts/session.schema.ts';
import { TYPED_CODE_MAX } from '../../contracts/two-factor.ts';
import { TeamRenderSchema } from '../../contracts/user-body.schema.ts';
import { idSchema as id, safeString, strictObject } from '../lib/input-schema.ts';
import { PASSWORD_MAX } from './passwords.ts';

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

export const SignInAnswer = Type.Union([SessionTokenSchema, TwoFactorChallengeSchema]);

export const TeamsAnswer = Type.Array(TeamRenderSchema);
