import type { InvitationBody, TeamMemberBody, TeamMembersBody } from '../../../contracts/team-body.schema.ts';
import type { Team } from '../../api/auth.ts';
import {
  changeRole,
  getTeamMembers,
  invite,
  removeMember,
  renameTeam,
  resendInvitation,
  revokeInvitation,
} from '../../api/teams.ts';
import { fromRequest } from '../common/from-request.ts';

// Each actor passes its signal on, so a stopped machine cancels its request (STYLE 5).

export const loadTeamActor = fromRequest<TeamMembersBody, { teamId: number }>(({ input, signal }) =>
  getTeamMembers(input.teamId, signal),
);

export const inviteActor = fromRequest<InvitationBody, { teamId: number; email: string; role: number }>(
  ({ input, signal }) => invite(input.teamId, { email: input.email, role: input.role }, signal),
);

export const resendActor = fromRequest<InvitationBody, { teamId: number; id: number }>(({ input, signal }) =>
  resendInvitation(input.teamId, input.id, signal),
);

export const revokeActor = fromRequest<unknown, { teamId: number; id: number }>(({ input, signal }) =>
  revokeInvitation(input.teamId, input.id, signal),
);

export const changeRoleActor = fromRequest<TeamMemberBody, { teamId: number; userId: number; role: number }>(
  ({ input, signal }) => changeRole(input.teamId, input.userId, input.role, signal),
);

/** Removes a member, or with the caller's own id leaves the team. */
export const removeActor = fromRequest<unknown, { teamId: number; userId: number }>(({ input, signal }) =>
  removeMember(input.teamId, input.userId, signal),
);

/** PUT v1/teams/{id}: the rename of spec 2's Create account, now from Settings > Team. */
export const renameActor = fromRequest<Team, { teamId: number; name: string }>(({ input, signal }) =>
  renameTeam(input.teamId, input.name, signal),
);
