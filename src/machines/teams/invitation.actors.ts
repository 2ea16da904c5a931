import type { InvitationLinkBody } from '../../../contracts/team-body.schema.ts';
import { check, logout, type User } from '../../api/auth.ts';
import { acceptInvitationLink, declineInvitationLink, inspectInvitation } from '../../api/teams.ts';
import { fromRequest } from '../common/from-request.ts';

// Each actor passes its signal on, so a stopped machine cancels its request (STYLE 5).

export const inspectInvitationActor = fromRequest<InvitationLinkBody, { hash: string }>(({ input, signal }) =>
  inspectInvitation(input.hash, signal),
);

/** GET v1/check: who is signed in on this browser, if anyone. */
export const whoIsSignedInActor = fromRequest<User>(({ signal }) => check(signal));

export const acceptInvitationActor = fromRequest<{ teamId: number }, { hash: string }>(({ input, signal }) =>
  acceptInvitationLink(input.hash, signal),
);

export const declineInvitationActor = fromRequest<unknown, { hash: string }>(({ input, signal }) =>
  declineInvitationLink(input.hash, signal),
);

export const signOutActor = fromRequest<unknown>(({ signal }) => logout(signal));
