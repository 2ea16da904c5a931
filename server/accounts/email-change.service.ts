import { EMAIL_CHANGE_STATUS } from '../../contracts/account-codes.ts';
import { accountMessages, isEmail } from '../../contracts/account-rules.ts';
import { STREAM_EVENT } from '../../contracts/event-stream.ts';
import type { Deps } from '../deps.ts';
import { type Caller, requireMember } from '../lib/authenticate.ts';
import { isUniqueViolation } from '../lib/database-errors.ts';
import { badRequest, conflict, HttpError } from '../lib/errors.ts';
import { type MailRefusal, mailBudgetOf } from '../lib/mail-limits.ts';
import { userView } from './account.service.ts';
import { findUserById, teamsOfUser } from './accounts.repository.ts';
import { ACTIVITY, type Client, recordActivity } from './activity.ts';
import { normalizeEmail } from './guest.service.ts';
import { issueLink, revokeAllLinks, revokeLinks } from './links.ts';
import { verifyPassword } from './passwords.ts';
import { pendingRequests } from './pending-request.ts';
import { emailTakenByOther, setPendingEmail, switchEmail } from './profile.repository.ts';
import { assertOwnIds, incorrectPassword, limit, type ProfileLimiters } from './profile-common.ts';
import { confirmEmailChangeMail, emailChangedMail, emailChangeNoticeMail } from './profile-mails.ts';

/** An e-mail change link lives 24 hours. */
export const EMAIL_CHANGE_TTL_MS = 24 * 3_600_000;
const purpose = 'change_email';
const cancelPurpose = 'cancel_email_change';

const mailRefusalMessages: Record<MailRefusal, string> = {
  minute: 'A new link was sent less than a minute ago. Please wait a minute and try again.',
  hour: 'Too many confirmation e-mails. Please try again later.',
  day: 'You have reached the limit of 10 confirmation e-mails a day. Please try again tomorrow.',
  ip: 'Too many e-mails were sent from your network. Please try again later.',
};

const emailTaken = () =>
  conflict('email_taken', 'This e-mail is already used by another account. Please choose a different one.');

export interface ChangeEmailInput {
  userId?: number;
  user_id?: number;
  team_id?: number;
  password: string;
  email: string;
}

/** The e-mail change of spec 4: requested, pending (10 with the new address), then resent, revoked or accepted. */
export function createEmailChangeService(deps: Deps, limits: ProfileLimiters) {
  const { db, mailer, config } = deps;
  const mailBudget = mailBudgetOf(deps);

  /** A request and a resend share one budget of confirmation mails; the user is signed in, so a 429. */
  async function spendMailBudget(userId: number, ip: string) {
    const refusal = await mailBudget.changeMail(userId, ip);
    if (refusal) throw new HttpError(429, 'rate_limited', mailRefusalMessages[refusal]);
  }

  const pending = pendingRequests(deps, {
    purpose,
    ttlMs: EMAIL_CHANGE_TTL_MS,
    pendingOf: (user) =>
      user.statusChangeEmail === EMAIL_CHANGE_STATUS.pending && user.newChangeEmail
        ? { to: user.newChangeEmail, payload: user.newChangeEmail }
        : null,
    notPending: () => badRequest('no_pending_change', 'There is no e-mail change waiting for confirmation.'),
    spendResend: spendMailBudget,
    markPending: (tx, userId, target) => setPendingEmail(tx, userId, target.to),
    // Back to statusChangeEmail 0; the old mailbox's cancel link ends with the confirm link.
    clearPending: async (tx, userId, now) => {
      await setPendingEmail(tx, userId, null);
      await revokeLinks(tx, userId, cancelPurpose, now);
    },
    linkMail: confirmEmailChangeMail,
  });

  return {
    async request(caller: Caller, path: { userId: number; teamId: number }, input: ChangeEmailInput) {
      const userId = assertOwnIds(caller, path.userId, input.userId, input.user_id);
      requireMember(caller, path.teamId);
      const email = normalizeEmail(input.email);
      if (email.length === 0) throw badRequest('invalid_email', 'Please enter the new e-mail.');
      if (!isEmail(email)) throw badRequest('invalid_email', accountMessages.invalidLoginEmail);
      await limit(limits.passwordCheck, userId);
      const user = await findUserById(db, userId);
      if (!user || !(await verifyPassword(user.passwordHash, input.password))) throw incorrectPassword();
      // Checked only after the password, so the call cannot tell a stranger which addresses have accounts.
      if (email === normalizeEmail(user.email)) {
        throw badRequest('same_email', 'This is already your e-mail. Please enter a different one.');
      }
      if (await emailTakenByOther(db, email, userId)) throw emailTaken();
      await spendMailBudget(userId, caller.client.ip);
      const activity = { kind: ACTIVITY.emailChangeRequested, client: caller.client };
      await pending.send(userId, { to: email, payload: email }, activity, async (tx, now) => {
        // The old mailbox can end the change with one click, without the (maybe stolen) password.
        const cancelHash = await issueLink(tx, {
          userId,
          purpose: cancelPurpose,
          ttlMs: EMAIL_CHANGE_TTL_MS,
          now,
          payload: email,
        });
        await mailer.send(emailChangeNoticeMail(user.email, email, config.publicUrl, cancelHash), tx);
      });
      return userView(deps, userId);
    },

    async resend(caller: Caller, pathUserId: number, input: { userId?: number; user_id?: number }) {
      const userId = assertOwnIds(caller, pathUserId, input.userId, input.user_id);
      await pending.resend(userId, { kind: ACTIVITY.emailChangeResent, client: caller.client });
      return userView(deps, userId);
    },

    async revoke(caller: Caller, pathUserId: number, input: { userId?: number; user_id?: number }) {
      const userId = assertOwnIds(caller, pathUserId, input.userId, input.user_id);
      await pending.revoke(userId, { kind: ACTIVITY.emailChangeCancelled, client: caller.client });
      return userView(deps, userId);
    },

    /**
     * No sign-in needed: the link mailed to the old address ends the pending change it was issued for.
     * Used, expired or revoked (the change was confirmed, revoked or superseded by a password change): 400.
     */
    async cancel(hash: string, client: Client): Promise<{ ok: true }> {
      const userId = await pending.redeem(
        hash,
        async (tx, user, _target, now) => {
          await pending.end(tx, user.id, now);
          const kind = ACTIVITY.emailChangeCancelled;
          await recordActivity(tx, { userId: user.id, kind, at: now, ...client });
          return user.id;
        },
        cancelPurpose,
      );
      for (const team of await teamsOfUser(db, userId)) deps.hub.publish(team.id, STREAM_EVENT.account);
      return { ok: true };
    },

    /** No sign-in needed: the link proves the new mailbox. Fails as 400 invalid_link or 409 email_taken. */
    async accept(hash: string, client: Client): Promise<{ ok: true }> {
      let userId: number;
      try {
        userId = await pending.redeem(hash, async (tx, user, target, now) => {
          if (!(await switchEmail(tx, user.id, target.to))) throw emailTaken();
          // Links mailed before the change (e.g. a reset link to the old address) end here.
          await revokeAllLinks(tx, user.id, now);
          const kind = ACTIVITY.emailChangeConfirmed;
          await recordActivity(tx, { userId: user.id, kind, at: now, ...client });
          await mailer.send(emailChangedMail(user.email, target.to), tx);
          return user.id;
        });
      } catch (error) {
        // Two accounts racing for one address: the unique index lets one of them have it.
        if (isUniqueViolation(error)) throw emailTaken();
        throw error;
      }
      mailer.drain().catch(() => {});
      for (const team of await teamsOfUser(db, userId)) deps.hub.publish(team.id, STREAM_EVENT.account);
      return { ok: true };
    },
  };
}
