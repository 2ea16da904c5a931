import { ADMIN_ROLE } from '../../contracts/account-codes.ts';
import { TEAM_ERRORS, VIEWER_ROLE } from '../../contracts/team-body.ts';

/** The roles a person can give, in the order the pickers list them (spec 6: 10 Admin, any other Viewer). */
export const roleChoices = [
  { role: ADMIN_ROLE, label: 'Admin' },
  { role: VIEWER_ROLE, label: 'Viewer' },
] as const;

/**
 * The text a person reads for a refusal of a team call. A known code reads as the contract's message
 * (contracts/team-body.ts TEAM_ERRORS), whatever the server wrote; any other keeps the server's (or the network's).
 */
export function teamMessage(failure: { code: string; message: string }): string {
  const known = Object.values(TEAM_ERRORS).find((entry) => entry.error === failure.code);
  return known?.message ?? failure.message;
}
