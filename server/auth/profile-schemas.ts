import { PASSWORD_MAX } from './passwords.ts';

// PostgreSQL text cannot hold NUL: refusing it here keeps such input a 400 instead of a database error.
const text = (maxLength: number, minLength = 0) => ({
  type: 'string',
  minLength,
  maxLength,
  pattern: '^[^\\u0000]*$',
});

const id = { type: 'integer', minimum: 1, maximum: 2_147_483_647 } as const;
const password = { type: 'string', minLength: 1, maxLength: PASSWORD_MAX } as const;
/** The web app sends origin + path (spec 7); the server builds its links from PUBLIC_URL and only bounds this. */
const url = text(2048);
const hash = text(512, 1);

const params = (...names: string[]) =>
  ({
    type: 'object',
    required: names,
    additionalProperties: false,
    properties: Object.fromEntries(names.map((name) => [name, id])),
  }) as const;

export const userParams = params('id');
export const userTeamParams = params('user_id', 'team_id');

/** spec 7: user_id, password, new_password, confirm (team_id also sent by the screen). */
export const changePasswordBody = {
  type: 'object',
  required: ['password', 'new_password', 'confirm'],
  maxProperties: 20,
  properties: {
    user_id: id,
    team_id: id,
    password,
    new_password: { type: 'string', maxLength: PASSWORD_MAX },
    confirm: { type: 'string', maxLength: PASSWORD_MAX },
  },
} as const;

/** spec 7: userId, password, email, url; the screen also sends user_id and team_id. */
export const changeEmailBody = {
  type: 'object',
  required: ['password', 'email'],
  maxProperties: 20,
  properties: { userId: id, user_id: id, team_id: id, password, email: text(320), url },
} as const;

export const hashBody = {
  type: 'object',
  required: ['hash'],
  maxProperties: 10,
  properties: { hash },
} as const;

/** issue 10: the cancel link's hash and nothing else. */
export const cancelEmailChangeBody = {
  type: 'object',
  required: ['hash'],
  additionalProperties: false,
  properties: { hash },
} as const;

/** resend (e-mail change and deletion): userId or user_id, and url. */
export const resendBody = {
  type: 'object',
  maxProperties: 20,
  properties: { userId: id, user_id: id, url },
} as const;

/** revoke (e-mail change and deletion) and the pre-check: an optional user_id, nothing else is read. */
export const userOnlyBody = {
  type: ['object', 'null'],
  maxProperties: 20,
  properties: { userId: id, user_id: id },
} as const;

/** spec 7: user_id, password, url. */
export const deleteUserBody = {
  type: 'object',
  required: ['password'],
  maxProperties: 20,
  properties: { user_id: id, userId: id, password, url },
} as const;
