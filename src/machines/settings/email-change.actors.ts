import type { User } from '../../api/auth.ts';
import {
  acceptEmailChange,
  type ChangeEmailInput,
  cancelEmailChange,
  changeEmail,
  resendEmailChange,
  revokeEmailChange,
} from '../../api/settings.ts';
import { confirmingLinkWith } from '../auth/link-confirmation.actors.ts';
import { fromRequest } from '../common/from-request.ts';
import { pendingRequestWith } from './pending-request.actors.ts';

// Each actor passes its signal on, so a stopped machine cancels its request (STYLE 5).

export const requestEmailChangeActor = fromRequest<User, ChangeEmailInput>(({ input, signal }) =>
  changeEmail(input, signal),
);

/** 'Request in progress': POST v1/profile_settings/user/{id}/change_email/resend and .../revoke. */
export const pendingEmailChangeActor = pendingRequestWith({
  resend: resendEmailChange,
  revoke: revokeEmailChange,
});

/** spec 2, /changeEmail/{hash}: POST v1/profile_settings/change_email/accept, without sign-in. */
export const emailChangeLinkMachine = confirmingLinkWith(acceptEmailChange);

/** /cancelEmailChange/{hash}: POST v1/profile_settings/change_email/cancel, the old mailbox's one click. */
export const cancelEmailChangeLinkMachine = confirmingLinkWith(cancelEmailChange);
