import type { User } from '../../api/auth.ts';
import { type ChangePasswordInput, changePassword } from '../../api/settings.ts';
import { fromRequest } from '../common/from-request.ts';

/** POST .../change_password; the signal cancels the request when the machine stops. */
export const changePasswordActor = fromRequest<User, ChangePasswordInput>(({ input, signal }) =>
  changePassword(input, signal),
);
