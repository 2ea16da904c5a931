import { updateTeam, updateUser } from '../../api/auth.ts';
import { fromRequest } from '../common/from-request.ts';

export interface AccountInput {
  userId: number;
  teamId: number;
  name: string;
  surname: string;
  workspace: string;
}

/** spec 2, Create account: PUT v1/user/{id} (name, last name), then PUT v1/teams/{id} (workspace name). */
export const saveAccount = fromRequest<void, AccountInput>(async ({ input, signal }) => {
  await updateUser(input.userId, { name: input.name, surname: input.surname }, signal);
  await updateTeam(input.teamId, input.workspace, signal);
});
