import { type SessionToken, type SetNewPasswordInput, setNewPassword } from '../api/auth.ts';
import { fromRequest } from './from-request.ts';

/** POST guest/set-new-password: sets the password from an e-mail link and signs in. */
export const savePassword = fromRequest<SessionToken, SetNewPasswordInput>(({ input, signal }) =>
  setNewPassword(input, signal),
);
