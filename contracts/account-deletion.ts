import type { PermissionToDelete } from './account-codes.ts';

/**
 * spec 4: the answer of the account deletion pre-check (POST v1/user/{userId}/info_delete), as the server works it
 * out (server/accounts/account-deletion.precheck.ts) and the web app reads it (src/api/settings.ts PrecheckStruct).
 */

/** The pre-check's codes: 200-203 allow the deletion, 401 and 402 block it. */
export const PRECHECK_STATUSES = [200, 201, 202, 203, 401, 402] as const;
export type PrecheckStatus = (typeof PRECHECK_STATUSES)[number];

/** One of the user's teams with its head counts, the user included. */
export interface PrecheckTeamBody {
  id: number;
  name: string;
  /** The user's role in this team (contracts/account-codes.ts ADMIN_ROLE). */
  role: number;
  permissionToDelete: PermissionToDelete;
  /** Members of the team with the admin role. */
  countAdmin: number;
  /** Members of the team of any role. */
  countUser: number;
}

/** Answered with HTTP 200, or HTTP 400 when blocked. */
export interface PrecheckBody {
  status: PrecheckStatus;
  statusMessage: string;
  teams: PrecheckTeamBody[];
}
