import { isAdminRole } from '../../contracts/account-codes.ts';
import { useSession } from './session-context.tsx';

/**
 * Whether the signed-in user may change the current team (role 10 in TeamsRender's first team). Viewers
 * are read-only on everything team-owned, so screens offer them no control the server would refuse with 403.
 */
export function useCanManageTeam(): boolean {
  const { user } = useSession();
  return isAdminRole(user.TeamsRender[0]?.role ?? 0);
}
