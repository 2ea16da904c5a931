import type { LinkCheckInput } from '../../../contracts/password-link.ts';
import {
  checkPasswordLink,
  type PasswordStep,
  type SetNewPasswordInput,
  setNewPassword,
} from '../../api/auth.ts';
import { fromRequest } from '../common/from-request.ts';

/** POST guest/set-new-password: sets the password from an e-mail link and signs in (or asks for the code). */
export const savePassword = fromRequest<PasswordStep, SetNewPasswordInput>(({ input, signal }) =>
  setNewPassword(input, signal),
);

/** POST guest/link/check: whether the link still works; it is used only by savePassword. */
export const checkLink = fromRequest<{ ok: true }, LinkCheckInput>(({ input, signal }) =>
  checkPasswordLink(input, signal),
);
