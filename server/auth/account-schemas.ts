import { TYPED_CODE_MAX } from '../../contracts/two-factor.ts';
import { idSchema as id, safeString, strictObject } from '../lib/input-schema.ts';
import { PASSWORD_MAX } from './passwords.ts';

const login = safeString({ maxLength: 320, minLength: 1 });
const password = safeString({ maxLength: PASSWORD_MAX, minLength: 1 });
const link = safeString({ maxLength: 2048 });
const name = safeString({ maxLength: 200 });

/** Every signed-in route: the token arrives as `Authorization: Bearer` (issue 2). */
export const bearerHeaders = {
  type: 'object',
  properties: { authorization: { type: 'string', maxLength: 512 } },
} as const;

export const idParams = strictObject({ id }, ['id']);

/** POST v1/user and POST v1/teams take an empty search payload (spec 7). */
export const searchBody = strictObject({});

export const registerBody = strictObject(
  {
    login,
    createPath: link,
    resetPath: link,
    loginPath: link,
    offer: { type: 'boolean' },
    subscription: { type: 'boolean' },
  },
  ['login'],
);

export const setNewPasswordBody = strictObject(
  {
    hash: safeString({ maxLength: 512, minLength: 1 }),
    password,
    confirm: safeString({ maxLength: PASSWORD_MAX }),
  },
  ['hash', 'password', 'confirm'],
);

export const signInBody = strictObject({ login, password }, ['login', 'password']);

export const recoveryBody = strictObject({ login, url: link }, ['login']);

/**
 * spec 7: the web app may send the full user (its answer's fields); only id, name, surname, phone and image are
 * written, the others are accepted and ignored.
 */
export const userBody = strictObject({
  id,
  name,
  surname: name,
  phone: name,
  // spec 3: image is a string index, 0 for the default avatar, 1 to 12 a predefined one.
  image: { type: 'string', pattern: '^([0-9]|1[0-2])$' },
  email: safeString({ maxLength: 320 }),
  changePasswordAt: { type: ['string', 'null'], maxLength: 64 },
  statusChangeEmail: { type: 'integer' },
  newChangeEmail: { type: ['string', 'null'], maxLength: 320 },
  deleteProgress: { type: 'boolean' },
  // A form carries the team list as one string; JSON as the array the web app was given.
  TeamsRender: { type: ['array', 'string'], maxItems: 1000, maxLength: 65_536 },
});

export const teamBody = strictObject({ id, name: safeString({ maxLength: 400 }) }, ['name']);

/** issue 10 section 9: the code step; a TOTP code or a recovery code, spaces allowed. */
export const challengeBody = strictObject(
  {
    challenge: safeString({ maxLength: 128, minLength: 1 }),
    code: safeString({ maxLength: TYPED_CODE_MAX, minLength: 1 }),
  },
  ['challenge', 'code'],
);
