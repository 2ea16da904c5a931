import { Type } from 'typebox';
import { PERMISSION_TO_DELETE } from '../../contracts/account-codes.ts';
import { PRECHECK_STATUSES, type PrecheckBody } from '../../contracts/account-deletion.ts';
import { agreeing } from '../lib/answer-schemas.ts';
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

/**
 * The deletion pre-check's answer (contracts/account-deletion.ts), with HTTP 200, or 400 when blocked; a bad
 * request is also a 400, with the error body.
 */
export const PrecheckAnswer = agreeing<PrecheckBody>()(
  Type.Object(
    {
      status: Type.Enum([...PRECHECK_STATUSES]),
      statusMessage: Type.String(),
      teams: Type.Array(
        Type.Object(
          {
            id: Type.Integer(),
            name: Type.String(),
            role: Type.Integer(),
            permissionToDelete: Type.Union([
              Type.Literal(PERMISSION_TO_DELETE.allowed),
              Type.Literal(PERMISSION_TO_DELETE.blocked),
            ]),
            countAdmin: Type.Integer(),
            countUser: Type.Integer(),
          },
          { additionalProperties: false },
        ),
      ),
    },
    { additionalProperties: false },
  ),
);
