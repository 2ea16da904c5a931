import { type PasswordStep, type SetNewPasswordInput, setNewPassword } from '../../api/auth.ts';
import { fromRequest } from '../common/from-request.ts';

/** POST guest/set-new-password: sets the password from an e-mail link and signs in (or asks for the code). */
export const savePassword = fromRequest<PasswordStep, SetNewPasswordInput>(({ input, signal }) =>
  setNewPassword(input, signal),
);
