import type { MyInvitationBody } from '../../../contracts/team-body.schema.ts';
import { acceptMyInvitation, declineMyInvitation, listMyInvitations } from '../../api/teams.ts';
import { fromRequest } from '../common/from-request.ts';

export const listMyInvitationsActor = fromRequest<MyInvitationBody[]>(({ signal }) =>
  listMyInvitations(signal),
);

export const acceptMyInvitationActor = fromRequest<{ teamId: number }, { id: number }>(({ input, signal }) =>
  acceptMyInvitation(input.id, signal),
);

export const declineMyInvitationActor = fromRequest<unknown, { id: number }>(({ input, signal }) =>
  declineMyInvitation(input.id, signal),
);
