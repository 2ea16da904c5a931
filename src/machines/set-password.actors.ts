import { fromPromise } from 'xstate';
import { type SessionToken, type SetNewPasswordInput, setNewPassword } from '../api/auth.ts';

/** POST guest/set-new-password: sets the password from an e-mail link and signs in. */
export const savePassword = fromPromise<SessionToken, SetNewPasswordInput>(({ input, signal }) =>
  setNewPassword(input, signal),
);
