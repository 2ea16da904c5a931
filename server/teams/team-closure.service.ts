import { ADMIN_ROLE } from '../../contracts/account-codes.ts';
import { STREAM_EVENT } from '../../contracts/event-stream.ts';
import type { TeamClosureBody } from '../../contracts/team-body.schema.ts';
import {
  findUserById,
  incorrectPassword,
  limit,
  type ProfileLimiters,
  verifyPassword,
} from '../accounts/index.ts';
import type { Db } from '../db/database.ts';
import type { Deps } from '../deps.ts';
import { type Caller, requireMember } from '../lib/authenticate.ts';
import { notFound } from '../lib/errors.ts';
import { closeTeamRows, closureOf, setClosure } from './team-closure.repository.ts';
import { teamError } from './team-errors.ts';
import { assertTeamWritable } from './team-guard.ts';
import { lockTeam, roleOf } from './teams.repository.ts';

/**
 * spec 4 and 6: "Any of the team's Admins can complete or cancel a pending team closure." One admin asks to close
 * the team (the spec's "deleting the team", which also frees a sole admin to delete the account); until an admin
 * completes it with their password or cancels it, the team's settings, invitations and roles are locked
 * (assertTeamWritable) and its nodes keep running. Completing closes the team (status 50), deletes its nodes and
 * removes every member, whose event streams end.
 */
export function createTeamClosureService(deps: Deps, limits: ProfileLimiters) {
  const { db, clock, hub } = deps;

  async function body(teamId: number): Promise<TeamClosureBody> {
    const closure = await closureOf(db, teamId);
    if (!closure) throw notFound('No such team.');
    return {
      teamId,
      pending: closure.requestedAt !== null,
      requestedAt: closure.requestedAt?.toISOString() ?? null,
      requestedBy: closure.requestedBy,
    };
  }

  /** Runs `change` under the team's lock, after checking there again that the caller is still an admin. */
  async function asAdmin<T>(
    caller: Caller,
    teamId: number,
    change: (tx: Db, pending: boolean) => Promise<T>,
  ): Promise<T> {
    return db.transaction(async (tx) => {
      await lockTeam(tx, teamId);
      if ((await roleOf(tx, teamId, caller.userId)) !== ADMIN_ROLE) throw teamError('viewerReadOnly');
      return change(tx, (await closureOf(tx, teamId))?.requestedAt != null);
    });
  }

  return {
    status(caller: Caller, teamId: number) {
      requireMember(caller, teamId);
      return body(teamId);
    },

    async request(caller: Caller, teamId: number): Promise<TeamClosureBody> {
      // Also refuses a second request while one is pending (403 'closure_pending').
      await assertTeamWritable(deps, caller, teamId);
      await asAdmin(caller, teamId, async (tx, pending) => {
        if (pending) throw teamError('closurePending');
        await setClosure(tx, teamId, { at: clock.now(), by: caller.userId });
      });
      hub.publish(teamId, STREAM_EVENT.account);
      return body(teamId);
    },

    async cancel(caller: Caller, teamId: number): Promise<TeamClosureBody> {
      await asAdmin(caller, teamId, async (tx, pending) => {
        if (!pending) throw teamError('noClosure');
        await setClosure(tx, teamId, null);
      });
      hub.publish(teamId, STREAM_EVENT.account);
      return body(teamId);
    },

    async confirm(caller: Caller, teamId: number, password: string): Promise<{ ok: true }> {
      await limit(limits.passwordCheck, caller.userId);
      const user = await findUserById(db, caller.userId);
      if (!user || !(await verifyPassword(user.passwordHash, password))) throw incorrectPassword();
      const removed = await asAdmin(caller, teamId, async (tx, pending) => {
        if (!pending) throw teamError('noClosure');
        return closeTeamRows(tx, teamId, clock.now());
      });
      hub.accessChanged(removed);
      hub.publish(teamId, STREAM_EVENT.account);
      hub.endTeamStreams(teamId, removed);
      return { ok: true };
    },
  };
}
