import { PASSWORD_MAX } from './passwords.ts';

// PostgreSQL text cannot hold NUL: refusing it here keeps such input a 400 instead of a database error.
const text = (maxLength: number, minLength = 0) => ({
  type: 'string',
  minLength,
  maxLength,
  pattern: '^[^\\u0000]*$',
});

const login = text(320, 1);
const password = { type: 'string', minLength: 1, maxLength: PASSWORD_MAX };
const link = text(2048);
const id = { type: 'integer', minimum: 1, maximum: 2_147_483_647 };

/** Every signed-in route: the token arrives as `Authorization: Bearer` (issue 2). */
export const bearerHeaders = {
  type: 'object',
  properties: { authorization: { type: 'string', maxLength: 512 } },
} as const;

export const idParams = {
  type: 'object',
  required: ['id'],
  additionalProperties: false,
  properties: { id },
} as const;

/** POST v1/user and POST v1/teams take an empty search payload (spec 7); extra fields are ignored. */
export const searchBody = { type: 'object', maxProperties: 50 } as const;

export const registerBody = {
  type: 'object',
  required: ['login'],
  properties: {
    login,
    createPath: link,
    resetPath: link,
    loginPath: link,
    offer: { type: 'boolean' },
    subscription: { type: 'boolean' },
  },
} as const;

export const setNewPasswordBody = {
  type: 'object',
  required: ['hash', 'password', 'confirm'],
  properties: { hash: text(512, 1), password, confirm: { type: 'string', maxLength: PASSWORD_MAX } },
} as const;

export const signInBody = {
  type: 'object',
  required: ['login', 'password'],
  properties: { login, password },
} as const;

/** issue 10 section 9: the code step; a TOTP code or a recovery code, spaces allowed. */
export const challengeBody = {
  type: 'object',
  required: ['challenge', 'code'],
  additionalProperties: false,
  properties: { challenge: text(128, 1), code: text(32, 1) },
} as const;

export const recoveryBody = {
  type: 'object',
  required: ['login'],
  properties: { login, url: link },
} as const;

/** spec 7: the web app sends the full user; only these fields are read, the others are ignored. */
export const userBody = {
  type: 'object',
  maxProperties: 50,
  properties: {
    id,
    name: text(200),
    surname: text(200),
    phone: text(200),
    // spec 3: image is a string index, 0 for the default avatar, 1 to 12 a predefined one.
    image: { type: 'string', pattern: '^([0-9]|1[0-2])$' },
  },
} as const;

export const teamBody = {
  type: 'object',
  required: ['name'],
  properties: { id, name: text(400) },
} as const;
