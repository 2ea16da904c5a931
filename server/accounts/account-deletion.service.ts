import { STREAM_EVENT } from '../../contracts/event-stream.ts';
import type { Deps } from '../deps.ts';
import type { Caller } from '../lib/authenticate.ts';
import { badRequest, HttpError } from '../lib/errors.ts';
import { userView } from './account.service.ts';
import { type Precheck, precheckDeletion } from './account-deletion.precheck.ts';
import { findUserById } from './accounts.repository.ts';
import { ACTIVITY } from './activity.ts';
import { revokeAllLinks } from './links.ts';
import { verifyPassword } from './passwords.ts';
import { pendingRequests } from './pending-request.ts';
import {
  deleteAccountRows,
  lockTeams,
  membershipSummaries,
  setDeleteProgress,
} from './profile.repository.ts';
import { assertOwnIds, incorrectPassword, limit, type ProfileLimiters } from './profile-common.ts';
import { accountDeletedMail, confirmDeletionMail } from './profile-mails.ts';

/** An account-deletion link lives 1 hour. */
export const DELETION_TTL_MS = 3_600_000;
const purpose = 'delete_account';

const blocked = (precheck: Precheck, status = 400) =>
  new HttpError(status, 'deletion_blocked', precheck.statusMessage);

interface OwnIds {
  userId?: number;
  user_id?: number;
}

/** Account deletion of spec 4: the pre-check, a confirmed request by password, then the link that deletes. */
export function createAccountDeletionService(deps: Deps, limits: ProfileLimiters) {
  const { db, mailer, hub } = deps;

  const pending = pendingRequests(deps, {
    purpose,
    ttlMs: DELETION_TTL_MS,
    pendingOf: (user) => (user.deleteProgress ? { to: user.email, payload: null } : null),
    notPending: () => badRequest('no_pending_deletion', 'There is no account deletion to confirm.'),
    spendResend: (userId) =>
      limit(
        limits.deletionResend,
        userId,
        'A new link was sent less than a minute ago. Please wait a minute and try again.',
      ),
    markPending: (tx, userId) => setDeleteProgress(tx, userId, true),
    clearPending: (tx, userId) => setDeleteProgress(tx, userId, false),
    linkMail: confirmDeletionMail,
  });

  return {
    /** POST v1/user/{id}/info_delete: spec 4 pre-check outcomes from the real memberships. */
    async precheck(caller: Caller, pathUserId: number, input: OwnIds): Promise<Precheck> {
      const userId = assertOwnIds(caller, pathUserId, input.userId, input.user_id);
      return precheckDeletion(await membershipSummaries(db, userId));
    },

    /** DELETE v1/user/{user_id}: password, the pre-check again, then deleteProgress and the link (1 h). */
    async request(caller: Caller, pathUserId: number, input: OwnIds & { password: string }) {
      const userId = assertOwnIds(caller, pathUserId, input.userId, input.user_id);
      await limit(limits.passwordCheck, userId);
      const user = await findUserById(db, userId);
      if (!user || !(await verifyPassword(user.passwordHash, input.password))) throw incorrectPassword();
      const precheck = precheckDeletion(await membershipSummaries(db, userId));
      if (precheck.httpStatus !== 200) throw blocked(precheck);
      const activity = { kind: ACTIVITY.deletionRequested, client: caller.client };
      await pending.send(userId, { to: user.email, payload: null }, activity);
      return userView(deps, userId);
    },

    async resend(caller: Caller, pathUserId: number, input: OwnIds) {
      const userId = assertOwnIds(caller, pathUserId, input.userId, input.user_id);
      await pending.resend(userId, { kind: ACTIVITY.deletionResent, client: caller.client });
      return userView(deps, userId);
    },

    async revoke(caller: Caller, pathUserId: number, input: OwnIds) {
      const userId = assertOwnIds(caller, pathUserId, input.userId, input.user_id);
      await pending.revoke(userId, { kind: ACTIVITY.deletionCancelled, client: caller.client });
      return userView(deps, userId);
    },

    /**
     * DELETE v1/user/accept, no sign-in needed: in one transaction the link is used and the account removed with its
     * sessions, links and memberships; a team left empty is closed with its nodes. The pre-check runs again under a
     * lock of the teams, because a co-admin may have left since the request (then 409, and the link stays unused).
     */
    async accept(hash: string): Promise<{ ok: true }> {
      const outcome = await pending.redeem(hash, async (tx, user, _target, now) => {
        await lockTeams(
          tx,
          (await membershipSummaries(tx, user.id)).map((team) => team.id),
        );
        const precheck = precheckDeletion(await membershipSummaries(tx, user.id));
        if (precheck.httpStatus !== 200) throw blocked(precheck, 409);
        // Every other link ends with the account (the rows go below; this keeps the rule in one place).
        await revokeAllLinks(tx, user.id, now);
        const deleted = await deleteAccountRows(
          tx,
          user.id,
          precheck.teams.map((team) => team.id),
        );
        await mailer.send(accountDeletedMail(user.email), tx);
        return deleted;
      });
      hub.revokeSessions(outcome.sessionIds);
      for (const teamId of outcome.keptTeamIds) hub.publish(teamId, STREAM_EVENT.account);
      mailer.drain().catch(() => {});
      return { ok: true };
    },
  };
}
