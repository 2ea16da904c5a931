import { accountMessages, isPasswordTooShort } from '../../contracts/account-rules.ts';
import type { Deps } from '../deps.ts';
import { type Caller, requireMember } from '../lib/authenticate.ts';
import { badRequest } from '../lib/errors.ts';
import type { MailMessage } from '../lib/mail.ts';
import { userView } from './account.service.ts';
import { findUserById, setPasswordHash } from './accounts.repository.ts';
import { ACTIVITY, recordActivity } from './activity.ts';
import { revokedTokensLines } from './api-token-mails.ts';
import { revokeAllTokens } from './api-tokens.repository.ts';
import { revokeAllLinks } from './links.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { assertOwnIds, incorrectPassword, limit, type ProfileLimiters } from './profile-common.ts';
import { revokeOtherSessions } from './sessions.ts';

export interface ChangePasswordInput {
  user_id?: number;
  team_id?: number;
  password: string;
  new_password: string;
  confirm: string;
}

function passwordChangedMail(to: string, publicUrl: string, revokedTokens: number): MailMessage {
  return {
    to,
    subject: 'Your NODR Dashboard password has changed',
    text: [
      'Hello,',
      '',
      'The password of your NODR Dashboard account has just been changed, and every other signed-in browser was signed out.',
      ...revokedTokensLines(revokedTokens),
      'If it was not you, reset your password here and contact support:',
      '',
      `${publicUrl}/forgotPassword`,
      '',
      'The NODR team',
    ].join('\n'),
  };
}

/** The password change of Settings (docs/api-profile.md). */
export function createPasswordService(deps: Deps, limits: ProfileLimiters) {
  return {
    /**
     * POST v1/profile_settings/user/{user_id}/team/{team_id}/change_password: checks the current password, stores the
     * new one with its date, and signs out every other session of the user (their event streams close too) and ends
     * every API token of the account, in the same transaction.
     */
    async changePassword(
      caller: Caller,
      path: { userId: number; teamId: number },
      input: ChangePasswordInput,
    ) {
      const userId = assertOwnIds(caller, path.userId, input.user_id);
      requireMember(caller, path.teamId);
      if (input.team_id !== undefined && input.team_id !== path.teamId) {
        throw badRequest('id_mismatch', 'The team id does not match the path.');
      }
      // spec 5: the same texts the screen shows for its own checks.
      if (isPasswordTooShort(input.new_password))
        throw badRequest('weak_password', accountMessages.minPassword);
      if (input.new_password !== input.confirm)
        throw badRequest('password_mismatch', accountMessages.mismatch);
      await limit(limits.passwordCheck, userId);
      const user = await findUserById(deps.db, userId);
      if (!user || !(await verifyPassword(user.passwordHash, input.password))) throw incorrectPassword();
      const passwordHash = await hashPassword(input.new_password);
      const now = deps.clock.now();
      const revoked = await deps.db.transaction(async (tx) => {
        await setPasswordHash(tx, userId, passwordHash, now);
        // A pending e-mail change or reset link an intruder started ends with the new password.
        await revokeAllLinks(tx, userId, now);
        const ids = await revokeOtherSessions(deps, userId, caller.sessionId, tx);
        const revokedTokens = await revokeAllTokens(tx, userId, now);
        await recordActivity(tx, { userId, kind: ACTIVITY.passwordChanged, at: now, ...caller.client });
        await deps.mailer.send(passwordChangedMail(user.email, deps.config.publicUrl, revokedTokens), tx);
        return ids;
      });
      deps.hub.revokeSessions(revoked);
      // changePasswordAt is part of the session check's answer.
      deps.hub.viewsChanged({ userIds: [userId] });
      deps.mailer.drain().catch(() => {});
      return userView(deps, userId);
    },
  };
}
