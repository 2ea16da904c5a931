/**
 * Teams with several members. Roles, limits and messages of the team calls; their bodies are
 * contracts/team-body.schema.ts.
 *
 * Calls (auth service, prefix /auth; every one needs a session; docs/api-teams.md):
 * - GET    v1/teams/{teamId}/members                      → TeamMembersBody (members: any member; invitations: admins)
 * - POST   v1/teams/{teamId}/invitations  {email, role}   → InvitationBody (admins; 409 'invitation_exists')
 * - POST   v1/teams/{teamId}/invitations/{id}/resend      → InvitationBody (admins; at most once a minute: 429)
 * - DELETE v1/teams/{teamId}/invitations/{id}             → { ok: true } (admins; revokes the link)
 * - PUT    v1/teams/{teamId}/members/{userId}  {role}     → TeamMemberBody (admins)
 * - DELETE v1/teams/{teamId}/members/{userId}             → { ok: true } (admins remove; any member removes self = leave)
 * - GET    v1/invitations                                 → MyInvitationBody[] (pending invitations to my address)
 * - POST   v1/invitations/{id}/accept | /decline          → { teamId } | { ok: true } (my address only)
 * - POST   v1/invitations/inspect  {hash}                 → InvitationLinkBody (no session needed; says nothing about
 *                                                           whether the address has an account)
 * - POST   v1/invitations/accept   {hash}                 → { teamId } (signed in with the invited address, else 403
 *                                                           'other_address')
 * - POST   v1/invitations/decline  {hash}                 → { ok: true } (no session needed: the link proves the mailbox,
 *                                                           and the invitee may have no account)
 * - PUT    v1/user/{id}/workspace  {teamId}               → UserBody, TeamsRender with the chosen team first
 * - GET    v1/teams/{teamId}/closure                      → TeamClosureBody (any member)
 * - POST   v1/teams/{teamId}/closure                      → TeamClosureBody (admins: asks to close the team)
 * - DELETE v1/teams/{teamId}/closure                      → TeamClosureBody (any admin cancels; 409 'no_closure')
 * - POST   v1/teams/{teamId}/closure/confirm  {password}  → { ok: true } (any admin completes, with their own password:
 *                                                           the team closes, its nodes are deleted, every member leaves)
 * The link in the e-mail is `${origin}/invitation?hash=<256-bit token>` (stored hashed, single use, 7 days; a resend
 * replaces the token). Statuses of the refusals below (server/teams/team-errors.ts): lastAdmin, membersFull,
 * invitationsFull, invitationExists, alreadyMember, noClosure 409; resendTooSoon 429; otherAddress, viewerReadOnly and
 * closurePending 403;
 * invitationGone 410 (expired, used, declined, revoked, replaced by a resend, or never issued: one answer).
 */
import { ADMIN_ROLE } from './account-codes.ts';

/** Any role other than 10 is shown as Viewer (spec 6); 20 is the one the product assigns. */
export const VIEWER_ROLE = 20;

export const TEAM_ROLES = [ADMIN_ROLE, VIEWER_ROLE] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

export const isTeamRole = (value: unknown): value is TeamRole => TEAM_ROLES.includes(value as TeamRole);

export const TEAM_LIMITS = {
  members: 50,
  pendingInvitations: 20,
  invitationTtlMs: 7 * 24 * 60 * 60 * 1000,
  resendIntervalMs: 60 * 1000,
} as const;

/** The path of the invitation link page in the web app. */
export const INVITATION_PATH = '/invitation';

/** The `error` code of each refusal and the message a person reads. */
export const TEAM_ERRORS = {
  lastAdmin: {
    error: 'last_admin',
    message:
      'You are the only admin of this team. Make another member an admin before you leave or step down.',
  },
  membersFull: { error: 'team_full', message: 'This team already has 50 members.' },
  invitationsFull: { error: 'invitations_full', message: 'This team already has 20 pending invitations.' },
  invitationExists: { error: 'invitation_exists', message: 'This address already has a pending invitation.' },
  alreadyMember: { error: 'already_member', message: 'This person is already a member of the team.' },
  resendTooSoon: { error: 'resend_too_soon', message: 'You can resend this invitation once a minute.' },
  otherAddress: {
    error: 'other_address',
    message: 'This invitation is for another e-mail address. Sign in with the invited address to accept it.',
  },
  invitationGone: { error: 'invitation_gone', message: 'This invitation has expired or is no longer valid.' },
  viewerReadOnly: { error: 'read_only', message: 'Viewers can look but not change anything in this team.' },
  closurePending: {
    error: 'closure_pending',
    message:
      'This team is being closed: settings, invitations and roles cannot change until an admin completes or cancels the closure.',
  },
  noClosure: { error: 'no_closure', message: 'This team has no pending closure.' },
} as const;
