import { idSchema as id, safeString, strictObject } from '../lib/input-schema.ts';
import { PASSWORD_MAX } from './passwords.ts';

const password = safeString({ maxLength: PASSWORD_MAX, minLength: 1 });
const newPassword = safeString({ maxLength: PASSWORD_MAX });
/** The web app sends origin + path (spec 7); the server builds its links from PUBLIC_URL and only bounds this. */
const url = safeString({ maxLength: 2048 });
const hash = safeString({ maxLength: 512, minLength: 1 });

const params = (...names: string[]) =>
  strictObject(Object.fromEntries(names.map((name) => [name, id])), names);

export const userParams = params('id');
export const userTeamParams = params('user_id', 'team_id');

/** spec 7: user_id, password, new_password, confirm (team_id also sent by the screen; userId, as elsewhere). */
export const changePasswordBody = strictObject(
  { user_id: id, userId: id, team_id: id, password, new_password: newPassword, confirm: newPassword },
  ['password', 'new_password', 'confirm'],
);

/** spec 7: userId, password, email, url; the screen also sends user_id and team_id. */
export const changeEmailBody = strictObject(
  { userId: id, user_id: id, team_id: id, password, email: safeString({ maxLength: 320 }), url },
  ['password', 'email'],
);

export const hashBody = strictObject({ hash }, ['hash']);

/** resend (e-mail change and deletion): userId or user_id, and url. */
export const resendBody = strictObject({ userId: id, user_id: id, url });

/** revoke (e-mail change and deletion) and the pre-check: an optional user_id, nothing else is read. */
export const userOnlyBody = {
  ...strictObject({ userId: id, user_id: id }),
  type: ['object', 'null'],
} as const;

/** spec 7: user_id, password, url. */
export const deleteUserBody = strictObject({ user_id: id, userId: id, password, url }, ['password']);
