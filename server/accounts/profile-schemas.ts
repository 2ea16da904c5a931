import { Type } from 'typebox';
import { idSchema as id, nullableStrictObject, safeString, strictObject } from '../lib/input-schema.ts';
import { PASSWORD_MAX } from './passwords.ts';

const { Optional } = Type;
const password = safeString({ maxLength: PASSWORD_MAX, minLength: 1 });
const newPassword = safeString({ maxLength: PASSWORD_MAX });
/** The web app sends origin + path (spec 7); the server builds its links from PUBLIC_URL and only bounds this. */
const url = safeString({ maxLength: 2048 });
const hash = safeString({ maxLength: 512, minLength: 1 });

export const userParams = strictObject({ id });
export const userTeamParams = strictObject({ user_id: id, team_id: id });

/** spec 7: user_id, password, new_password, confirm (team_id also sent by the screen; userId, as elsewhere). */
export const changePasswordBody = strictObject({
  user_id: Optional(id),
  userId: Optional(id),
  team_id: Optional(id),
  password,
  new_password: newPassword,
  confirm: newPassword,
});

/** spec 7: userId, password, email, url; the screen also sends user_id and team_id. */
export const changeEmailBody = strictObject({
  userId: Optional(id),
  user_id: Optional(id),
  team_id: Optional(id),
  password,
  email: safeString({ maxLength: 320 }),
  url: Optional(url),
});

export const hashBody = strictObject({ hash });

/** resend (e-mail change and deletion): userId or user_id, and url. */
export const resendBody = strictObject({ userId: Optional(id), user_id: Optional(id), url: Optional(url) });

/** revoke (e-mail change and deletion) and the pre-check: an optional user_id, nothing else is read. */
export const userOnlyBody = nullableStrictObject({ userId: Optional(id), user_id: Optional(id) });

/** spec 7: user_id, password, url. */
export const deleteUserBody = strictObject({
  user_id: Optional(id),
  userId: Optional(id),
  password,
  url: Optional(url),
});
