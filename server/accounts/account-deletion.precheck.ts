import { ADMIN_ROLE, PERMISSION_TO_DELETE, type PermissionToDelete } from '../../contracts/account-codes.ts';
import type { PrecheckBody, PrecheckTeamBody } from '../../contracts/account-deletion.schema.ts';
import type { PrecheckStatus } from '../../contracts/account-deletion.ts';

/** One of the user's teams with its head counts, as the repository reads them from the memberships. */
export interface TeamMembershipSummary {
  id: number;
  name: string;
  /** The user's role in this team. */
  role: number;
  /** Members of the team with role 10, the user included. */
  countAdmin: number;
  /** Members of the team of any role, the user included. */
  countUser: number;
}

export interface Precheck extends PrecheckBody {
  /** The HTTP status the route answers: 400 when blocked, else 200 (spec 4 table). */
  httpStatus: 200 | 400;
}

/**
 * spec 6: a sole Admin of a team that has other users cannot delete the account until passing the Admin role or
 * deleting the team. Everything else is allowed (a team left empty by the deletion is closed).
 */
export function permissionToDelete(team: TeamMembershipSummary): PermissionToDelete {
  const soleAdmin = team.role === ADMIN_ROLE && team.countAdmin === 1;
  return soleAdmin && team.countUser > 1 ? PERMISSION_TO_DELETE.blocked : PERMISSION_TO_DELETE.allowed;
}

const messages: Record<PrecheckStatus, string> = {
  200: 'You are not a member of any team. Your account can be deleted.',
  201: 'You are the only member of your team. Deleting your account also closes the team.',
  202: 'Your team has other Admins. Your account can be deleted and the team stays with them.',
  203: 'None of your teams depends on you as its only Admin. Your account can be deleted.',
  401: 'You are the only Admin of several teams that have other users. Pass the Admin role or delete those teams first.',
  402: 'You are the only Admin of a team that has other users. Pass the Admin role or delete the team first.',
};

function outcome(status: PrecheckStatus, teams: PrecheckTeamBody[]): Precheck {
  return { httpStatus: status >= 400 ? 400 : 200, status, statusMessage: messages[status], teams };
}

/**
 * The deletion pre-check of spec 4, row by row, from the user's real memberships. Rows the table leaves open are
 * decided in docs/account-deletion.md: with one team that matches neither 201 nor 202 (the user is a Viewer, or
 * shares the team with one Admin who is not them) the answer is 203, "can delete with no admin role".
 */
export function precheckDeletion(memberships: readonly TeamMembershipSummary[]): Precheck {
  const teams = memberships.map((team) => ({ ...team, permissionToDelete: permissionToDelete(team) }));
  if (teams.length === 0) return outcome(200, teams);
  const blocked = teams.filter((team) => team.permissionToDelete === PERMISSION_TO_DELETE.blocked).length;
  if (blocked === 1) return outcome(402, teams);
  if (blocked > 1) return outcome(401, teams);
  if (teams.length > 1) return outcome(203, teams);
  const [team] = teams as [PrecheckTeamBody];
  if (team.countAdmin === 1 && team.countUser === 1 && team.role === ADMIN_ROLE) return outcome(201, teams);
  if (team.countAdmin >= 2 && team.countUser >= 2) return outcome(202, teams);
  return outcome(203, teams);
}
