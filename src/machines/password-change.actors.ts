import { fromPromise } from 'xstate';
import type { User } from '../api/auth.ts';
import { type ChangePasswordInput, changePassword } from '../api/settings.ts';

/** POST .../change_password; the signal cancels the request when the machine stops. */
export const changePasswordActor = fromPromise<User, ChangePasswordInput>(({ input, signal }) =>
  changePassword(input, signal),
);
