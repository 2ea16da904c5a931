import { STREAM_EVENT } from '../../contracts/event-stream.ts';
import { hasInvisibleCharacters, INVISIBLE_CHARACTERS } from '../../contracts/visible-text.ts';
import { renameTeam } from '../accounts/index.ts';
import type { Deps } from '../deps.ts';
import type { Caller } from '../lib/authenticate.ts';
import { badRequest } from '../lib/errors.ts';
import { assertTeamWritable } from './team-guard.ts';

const TEAM_NAME_MAX = 100;

/** A team's name, changed by its admins (PUT /auth/v1/teams/:id). */
export function createTeamRenameService(deps: Deps) {
  const { db, hub } = deps;
  return {
    async updateTeam(caller: Caller, teamId: number, input: { id?: number; name: string }) {
      await assertTeamWritable(deps, caller, teamId);
      if (input.id !== undefined && input.id !== teamId)
        throw badRequest('id_mismatch', 'The id does not match the path.');
      const name = input.name.trim();
      if (name.length < 1 || name.length > TEAM_NAME_MAX) {
        throw badRequest('invalid_field', 'The workspace name must be 1 to 100 characters.');
      }
      if (hasInvisibleCharacters(name))
        throw badRequest(INVISIBLE_CHARACTERS.name.error, INVISIBLE_CHARACTERS.name.message);
      await renameTeam(db, teamId, name);
      hub.viewsChanged({ teamIds: [teamId] });
      hub.publish(teamId, STREAM_EVENT.account);
      return { id: teamId, name };
    },
  };
}
