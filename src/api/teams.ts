import { array, type Describe, number, string, type } from 'superstruct';
import type {
  AcceptedInvitationBody,
  InvitationBody,
  InvitationLinkBody,
  MyInvitationBody,
  TeamMemberBody,
  TeamMembersBody,
} from '../../contracts/team-body.schema.ts';
import { OkStruct, type Team, TeamStruct, type User, UserStruct } from './auth.ts';
import { request } from './client.ts';

/** One member of a team, as GET v1/teams/{teamId}/members lists it. */
export const TeamMemberStruct: Describe<TeamMemberBody> = type({
  userId: number(),
  name: string(),
  surname: string(),
  email: string(),
  role: number(),
  joinedAt: string(),
});

/** A pending invitation of a team (admins see them). */
export const InvitationStruct: Describe<InvitationBody> = type({
  id: number(),
  email: string(),
  role: number(),
  createdAt: string(),
  expiresAt: string(),
  sentAt: string(),
});

export const TeamMembersStruct: Describe<TeamMembersBody> = type({
  id: number(),
  name: string(),
  members: array(TeamMemberStruct),
  invitations: array(InvitationStruct),
});

/** A pending invitation to the caller's own address (Settings > Invitations). */
export const MyInvitationStruct: Describe<MyInvitationBody> = type({
  id: number(),
  teamId: number(),
  teamName: string(),
  role: number(),
  invitedBy: string(),
  expiresAt: string(),
});

/** What the invitation link page shows before the person decides. */
export const InvitationLinkStruct: Describe<InvitationLinkBody> = type({
  teamName: string(),
  role: number(),
  email: string(),
  invitedBy: string(),
  expiresAt: string(),
});

const AcceptedStruct: Describe<AcceptedInvitationBody> = type({ teamId: number() });

// Team calls answer some refusals with 403 (an invitation for another address, a viewer's write): the screens show
// those messages, so they do not send the browser to the root (src/api/client.ts forbiddenIsAnswer).
const asAnswer = { forbiddenIsAnswer: true } as const;

export function getTeamMembers(teamId: number, signal?: AbortSignal): Promise<TeamMembersBody> {
  return request('auth', 'GET', `v1/teams/${teamId}/members`, {
    struct: TeamMembersStruct,
    signal,
    ...asAnswer,
  });
}

export interface InviteInput {
  email: string;
  role: number;
}

export function invite(teamId: number, input: InviteInput, signal?: AbortSignal): Promise<InvitationBody> {
  return request('auth', 'POST', `v1/teams/${teamId}/invitations`, {
    json: input,
    struct: InvitationStruct,
    signal,
    ...asAnswer,
  });
}

/** Sends the e-mail again (at most once a minute: 429 'resend_too_soon'). */
export function resendInvitation(teamId: number, id: number, signal?: AbortSignal): Promise<InvitationBody> {
  return request('auth', 'POST', `v1/teams/${teamId}/invitations/${id}/resend`, {
    struct: InvitationStruct,
    signal,
    ...asAnswer,
  });
}

export function revokeInvitation(teamId: number, id: number, signal?: AbortSignal) {
  return request('auth', 'DELETE', `v1/teams/${teamId}/invitations/${id}`, {
    struct: OkStruct,
    signal,
    ...asAnswer,
  });
}

export function changeRole(teamId: number, userId: number, role: number, signal?: AbortSignal) {
  return request('auth', 'PUT', `v1/teams/${teamId}/members/${userId}`, {
    json: { role },
    struct: TeamMemberStruct,
    signal,
    ...asAnswer,
  });
}

/** Removes a member; with the caller's own id, leaves the team. */
export function removeMember(teamId: number, userId: number, signal?: AbortSignal) {
  return request('auth', 'DELETE', `v1/teams/${teamId}/members/${userId}`, {
    struct: OkStruct,
    signal,
    ...asAnswer,
  });
}

export function listMyInvitations(signal?: AbortSignal): Promise<MyInvitationBody[]> {
  return request('auth', 'GET', 'v1/invitations', { struct: array(MyInvitationStruct), signal, ...asAnswer });
}

export function acceptMyInvitation(id: number, signal?: AbortSignal) {
  return request('auth', 'POST', `v1/invitations/${id}/accept`, {
    struct: AcceptedStruct,
    signal,
    ...asAnswer,
  });
}

export function declineMyInvitation(id: number, signal?: AbortSignal) {
  return request('auth', 'POST', `v1/invitations/${id}/decline`, { struct: OkStruct, signal, ...asAnswer });
}

/** The link page's first call: no session needed. */
export function inspectInvitation(hash: string, signal?: AbortSignal): Promise<InvitationLinkBody> {
  return request('auth', 'POST', 'v1/invitations/inspect', {
    json: { hash },
    struct: InvitationLinkStruct,
    signal,
    ...asAnswer,
  });
}

export function acceptInvitationLink(hash: string, signal?: AbortSignal) {
  return request('auth', 'POST', 'v1/invitations/accept', {
    json: { hash },
    struct: AcceptedStruct,
    signal,
    ...asAnswer,
  });
}

export function declineInvitationLink(hash: string, signal?: AbortSignal) {
  return request('auth', 'POST', 'v1/invitations/decline', {
    json: { hash },
    struct: OkStruct,
    signal,
    ...asAnswer,
  });
}

/**
 * PUT v1/teams/{id} from Settings > Team: as the create-account step's rename (auth.ts updateTeam), but a 403 (a
 * viewer, a pending deletion or closure) is an answer the section shows.
 */
export function renameTeam(teamId: number, name: string, signal?: AbortSignal): Promise<Team> {
  return request('auth', 'PUT', `v1/teams/${teamId}`, {
    form: { id: teamId, name },
    struct: TeamStruct,
    signal,
    ...asAnswer,
  });
}

/** PUT v1/user/{id}/workspace: the chosen team becomes TeamsRender's first (the current workspace). */
export function switchWorkspace(userId: number, teamId: number, signal?: AbortSignal): Promise<User> {
  return request('auth', 'PUT', `v1/user/${userId}/workspace`, {
    json: { teamId },
    struct: UserStruct,
    signal,
  });
}
