import type { User } from '../../api/auth.ts';
import {
  acceptDeletion,
  deletionPrecheck,
  type Precheck,
  requestDeletion,
  resendDeletion,
  revokeDeletion,
} from '../../api/settings.ts';
import { confirmingLinkWith } from '../auth/link-confirmation.actors.ts';
import { fromRequest } from '../common/from-request.ts';
import { pendingRequestWith } from './pending-request.actors.ts';

// Each actor passes its signal on, so a stopped machine cancels its request (STYLE 5).

/** POST v1/user/{id}/info_delete; a blocked answer (HTTP 400) is an output too, with status 401 or 402. */
export const precheckActor = fromRequest<Precheck, { userId: number }>(({ input, signal }) =>
  deletionPrecheck(input.userId, signal),
);

export const requestDeletionActor = fromRequest<User, { userId: number; password: string }>(
  ({ input, signal }) => requestDeletion(input, signal),
);

/** 'Deleting in progress!': POST v1/user/{id}/resend and v1/user/{id}/revoke. */
export const pendingDeletionActor = pendingRequestWith({ resend: resendDeletion, revoke: revokeDeletion });

/** spec 2, /deleteUserAccount/{hash}: DELETE v1/user/accept, without sign-in. */
export const deletionLinkMachine = confirmingLinkWith(acceptDeletion);
