import type { User } from '../api/auth.ts';
import {
  acceptEmailChange,
  type ChangeEmailInput,
  changeEmail,
  resendEmailChange,
  revokeEmailChange,
} from '../api/settings.ts';
import { fromRequest } from './from-request.ts';
import { afterStrictModeRemount } from './link-confirmation.ts';

// Each actor passes its signal on, so a stopped machine cancels its request (STYLE 5).

export const requestEmailChangeActor = fromRequest<User, ChangeEmailInput>(({ input, signal }) =>
  changeEmail(input, signal),
);

export const resendEmailChangeActor = fromRequest<User, { userId: number }>(({ input, signal }) =>
  resendEmailChange(input.userId, signal),
);

export const revokeEmailChangeActor = fromRequest<User, { userId: number }>(({ input, signal }) =>
  revokeEmailChange(input.userId, signal),
);

export const acceptEmailChangeActor = fromRequest<unknown, { hash: string }>(async ({ input, signal }) => {
  await afterStrictModeRemount(signal);
  return acceptEmailChange(input.hash, signal);
});
