import { array, type Describe, enums, type Infer, is, number, string, type } from 'superstruct';
import { PERMISSION_TO_DELETE } from '../../contracts/account-codes.ts';
import type { PrecheckBody, PrecheckTeamBody } from '../../contracts/account-deletion.schema.ts';
import { PRECHECK_STATUSES } from '../../contracts/account-deletion.ts';
import { OkStruct, siteOrigin, type User, UserStruct, type UserUpdate, updateUser } from './auth.ts';
import { ApiError, request } from './client.ts';

/** spec 3/4: one of the user's teams as the deletion pre-check sees it. */
export const PrecheckTeamStruct: Describe<PrecheckTeamBody> = type({
  id: number(),
  name: string(),
  role: number(),
  permissionToDelete: enums([PERMISSION_TO_DELETE.allowed, PERMISSION_TO_DELETE.blocked]),
  countAdmin: number(),
  countUser: number(),
});

/** spec 4: the codes of the deletion pre-check. */
export const PrecheckStatusStruct = enums(PRECHECK_STATUSES);

/** The answer of POST v1/user/{userId}/info_delete (HTTP 200, or HTTP 400 when blocked). */
export const PrecheckStruct: Describe<PrecheckBody> = type({
  status: PrecheckStatusStruct,
  statusMessage: string(),
  teams: array(PrecheckTeamStruct),
});

export type PrecheckStatus = Infer<typeof PrecheckStatusStruct>;
export type Precheck = Infer<typeof PrecheckStruct>;

/** The user fields PUT v1/user/{id} carries. */
export type UserFields = Pick<User, 'id' | 'name' | 'surname' | 'phone' | 'image'>;

/**
 * spec 7: Settings saves the full user with PUT v1/user/{id} (id, name, surname, phone, image as a string), the
 * profile details and the image alike: `change` over the user as the session holds it. No image yet is '0', the
 * default avatar (spec 3).
 */
export function saveUser(user: UserFields, change: UserUpdate, signal?: AbortSignal): Promise<User> {
  const { name, surname, phone } = user;
  return updateUser(user.id, { name, surname, phone, image: user.image ?? '0', ...change }, signal);
}

export interface ChangePasswordInput {
  userId: number;
  teamId: number;
  password: string;
  newPassword: string;
  confirm: string;
}

/** spec 7: POST v1/profile_settings/user/{user_id}/team/{team_id}/change_password. */
export function changePassword(input: ChangePasswordInput, signal?: AbortSignal): Promise<User> {
  const { userId, teamId } = input;
  return request('auth', 'POST', `v1/profile_settings/user/${userId}/team/${teamId}/change_password`, {
    form: {
      user_id: userId,
      team_id: teamId,
      password: input.password,
      new_password: input.newPassword,
      confirm: input.confirm,
    },
    struct: UserStruct,
    signal,
  });
}

export interface ChangeEmailInput {
  userId: number;
  teamId: number;
  password: string;
  email: string;
}

/** spec 7: POST .../change_email; the link goes to the new address. */
export function changeEmail(input: ChangeEmailInput, signal?: AbortSignal): Promise<User> {
  const { userId, teamId } = input;
  return request('auth', 'POST', `v1/profile_settings/user/${userId}/team/${teamId}/change_email`, {
    form: {
      userId,
      user_id: userId,
      team_id: teamId,
      password: input.password,
      email: input.email,
      url: `${siteOrigin()}/changeEmail`,
    },
    struct: UserStruct,
    signal,
  });
}

export function resendEmailChange(userId: number, signal?: AbortSignal): Promise<User> {
  return request('auth', 'POST', `v1/profile_settings/user/${userId}/change_email/resend`, {
    form: { userId, url: `${siteOrigin()}/changeEmail` },
    struct: UserStruct,
    signal,
  });
}

export function revokeEmailChange(userId: number, signal?: AbortSignal): Promise<User> {
  return request('auth', 'POST', `v1/profile_settings/user/${userId}/change_email/revoke`, {
    form: { user_id: userId },
    struct: UserStruct,
    signal,
  });
}

/** No sign-in needed: the hash from the mail confirms the new address. */
export function acceptEmailChange(hash: string, signal?: AbortSignal) {
  return request('auth', 'POST', 'v1/profile_settings/change_email/accept', {
    form: { hash },
    struct: OkStruct,
    signal,
  });
}

/** No sign-in needed: the hash mailed to the old address ends the pending e-mail change. */
export function cancelEmailChange(hash: string, signal?: AbortSignal) {
  return request('auth', 'POST', 'v1/profile_settings/change_email/cancel', {
    form: { hash },
    struct: OkStruct,
    signal,
  });
}

/**
 * spec 4 pre-check. A blocked answer comes as HTTP 400 with the same body; it is returned, not thrown, so the
 * screen can word its code (401 or 402) and list the teams.
 */
export async function deletionPrecheck(userId: number, signal?: AbortSignal): Promise<Precheck> {
  try {
    return await request('auth', 'POST', `v1/user/${userId}/info_delete`, {
      form: {},
      struct: PrecheckStruct,
      signal,
    });
  } catch (error) {
    // A blocked deletion is a 400 whose body is the pre-check; any other 400 (a bad request) stays an error.
    if (error instanceof ApiError && error.status === 400 && is(error.body, PrecheckStruct)) {
      return error.body;
    }
    throw error;
  }
}

export function requestDeletion(
  input: { userId: number; password: string },
  signal?: AbortSignal,
): Promise<User> {
  return request('auth', 'DELETE', `v1/user/${input.userId}`, {
    form: { user_id: input.userId, password: input.password, url: `${siteOrigin()}/deleteUserAccount` },
    struct: UserStruct,
    signal,
  });
}

export function resendDeletion(userId: number, signal?: AbortSignal): Promise<User> {
  return request('auth', 'POST', `v1/user/${userId}/resend`, {
    form: { user_id: userId, url: `${siteOrigin()}/deleteUserAccount` },
    struct: UserStruct,
    signal,
  });
}

export function revokeDeletion(userId: number, signal?: AbortSignal): Promise<User> {
  return request('auth', 'POST', `v1/user/${userId}/revoke`, { form: {}, struct: UserStruct, signal });
}

/** No sign-in needed: the hash from the mail confirms the deletion. */
export function acceptDeletion(hash: string, signal?: AbortSignal) {
  return request('auth', 'DELETE', 'v1/user/accept', { form: { hash }, struct: OkStruct, signal });
}
