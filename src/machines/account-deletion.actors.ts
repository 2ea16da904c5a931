import type { User } from '../api/auth.ts';
import {
  acceptDeletion,
  deletionPrecheck,
  type Precheck,
  requestDeletion,
  resendDeletion,
  revokeDeletion,
} from '../api/settings.ts';
import { fromRequest } from './from-request.ts';
import { afterStrictModeRemount } from './link-confirmation.ts';

// Each actor passes its signal on, so a stopped machine cancels its request (STYLE 5).

/** POST v1/user/{id}/info_delete; a blocked answer (HTTP 400) is an output too, with status 401 or 402. */
export const precheckActor = fromRequest<Precheck, { userId: number }>(({ input, signal }) =>
  deletionPrecheck(input.userId, signal),
);

export const requestDeletionActor = fromRequest<User, { userId: number; password: string }>(
  ({ input, signal }) => requestDeletion(input, signal),
);

export const resendDeletionActor = fromRequest<User, { userId: number }>(({ input, signal }) =>
  resendDeletion(input.userId, signal),
);

export const revokeDeletionActor = fromRequest<User, { userId: number }>(({ input, signal }) =>
  revokeDeletion(input.userId, signal),
);

export const acceptDeletionActor = fromRequest<unknown, { hash: string }>(async ({ input, signal }) => {
  await afterStrictModeRemount(signal);
  return acceptDeletion(input.hash, signal);
});
