import { ADMIN_ROLE } from '../../contracts/account-codes.ts';
import { teamHasPendingAdminDeletion } from '../accounts/index.ts';
import type { Deps } from '../deps.ts';
import { type Caller, requireMember } from '../lib/authenticate.ts';
import { HttpError } from '../lib/errors.ts';
import { teamClosurePending } from './team-closure.repository.ts';
import { teamError } from './team-errors.ts';

/**
 * The one check before any change to a team's settings, invitations or roles: the caller is a member (else 403) and
 * its admin (else 403 'read_only'; the routes' requireTeamWriter says so first).
 * spec 2: while an Admin of the team has an account deletion pending, the team cannot change settings,
 * invite users or assign roles: 403 'deletion_pending' until the deletion is confirmed or revoked.
 */
export async function assertTeamWritable(deps: Deps, caller: Caller, teamId: number): Promise<void> {
  const role = requireMember(caller, teamId);
  if (role !== ADMIN_ROLE) throw teamError('viewerReadOnly');
  if (await teamHasPendingAdminDeletion(deps.db, teamId)) {
    throw new HttpError(
      403,
      'deletion_pending',
      'An account deletion is pending in this team: settings, invitations and roles cannot change until it is confirmed or revoked.',
    );
  }
  // A pending team closure locks the same things, until an admin completes or cancels it.
  if (await teamClosurePending(deps.db, teamId)) throw teamError('closurePending');
}
