import type { Db } from '../db/database.ts';
import type { Deps } from '../deps.ts';
import { type Caller, requireMember } from '../lib/authenticate.ts';
import { isUniqueViolation } from '../lib/database-errors.ts';
import { badRequest, conflict, HttpError } from '../lib/errors.ts';
import { type MailRefusal, mailBudgetOf } from '../lib/mail-limits.ts';
import { userView } from './account.service.ts';
import { findUserById, teamsOfUser } from './accounts.repository.ts';
import { ACTIVITY, type ActivityKind, type Client, recordActivity } from './activity.ts';
import { normalizeEmail } from './guest.service.ts';
import { invalidLink, issueLink, redeemLinkLocked, revokeAllLinks, revokeLinks } from './links.ts';
import { verifyPassword } from './passwords.ts';
import { assertOwnIds, incorrectPassword, limit, type ProfileLimiters } from './profile-common.ts';
import { confirmEmailChangeMail, emailChangedMail, emailChangeNoticeMail } from './profile-mails.ts';
import { emailTakenByOther, setPendingEmail, switchEmail } from './profile-repository.ts';

/** issue 5: an e-mail change link lives 24 hours. */
export const EMAIL_CHANGE_TTL_MS = 24 * 3_600_000;
/** spec 3: statusChangeEmail 10 is a pending change. */
export const EMAIL_CHANGE_PENDING = 10;

const EMAIL = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]+$/;
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

/** Back to no pending change (statusChangeEmail 0); its confirm and cancel links stop working. */
async function endPendingChange(tx: Db, userId: number, now: Date) {
  await setPendingEmail(tx, userId, null);
  await revokeLinks(tx, userId, purpose, now);
  await revokeLinks(tx, userId, cancelPurpose, now);
}

/** The e-mail change of spec 4: requested, pending (10 with the new address), then resent, revoked or accepted. */
export function createEmailChangeService(deps: Deps, limits: ProfileLimiters) {
  const { db, clock, mailer, config } = deps;
  const mailBudget = mailBudgetOf(deps);

  async function sendLink(
    userId: number,
    oldEmail: string,
    newEmail: string,
    notifyOld: boolean,
    activity: { kind: ActivityKind; client: Client },
  ) {
    const now = clock.now();
    await db.transaction(async (tx) => {
      await setPendingEmail(tx, userId, newEmail);
      await recordActivity(tx, { userId, kind: activity.kind, at: now, ...activity.client });
      // issueLink revokes the older links of this purpose: only the newest link works (superseded).
      const hash = await issueLink(tx, {
        userId,
        purpose,
        ttlMs: EMAIL_CHANGE_TTL_MS,
        now,
        payload: newEmail,
      });
      await mailer.send(confirmEmailChangeMail(newEmail, config.publicUrl, hash), tx);
      if (!notifyOld) return;
      // issue 10: the old mailbox can end the change with one click, without the (maybe stolen) password.
      const cancelHash = await issueLink(tx, {
        userId,
        purpose: cancelPurpose,
        ttlMs: EMAIL_CHANGE_TTL_MS,
        now,
        payload: newEmail,
      });
      await mailer.send(emailChangeNoticeMail(oldEmail, newEmail, config.publicUrl, cancelHash), tx);
    });
    mailer.drain().catch(() => {});
  }

  /** issue 10: a request and a resend share one budget of confirmation mails; the user is signed in, so a 429. */
  function spendMailBudget(userId: number, ip: string) {
    const refusal = mailBudget.changeMail(userId, ip);
    if (refusal) throw new HttpError(429, 'rate_limited', mailRefusalMessages[refusal]);
  }

  return {
    async request(caller: Caller, path: { userId: number; teamId: number }, input: ChangeEmailInput) {
      const userId = assertOwnIds(caller, path.userId, input.userId, input.user_id);
      requireMember(caller, path.teamId);
      const email = normalizeEmail(input.email);
      if (email.length === 0) throw badRequest('invalid_email', 'Please enter the new e-mail.');
      if (email.length > 254 || !EMAIL.test(email)) throw badRequest('invalid_email', 'Invalid e-mail');
      limit(limits.passwordCheck, userId);
      const user = await findUserById(db, userId);
      if (!user || !(await verifyPassword(user.passwordHash, input.password))) throw incorrectPassword();
      // Checked only after the password, so the call cannot tell a stranger which addresses have accounts.
      if (email === normalizeEmail(user.email)) {
        throw badRequest('same_email', 'This is already your e-mail. Please enter a different one.');
      }
      if (await emailTakenByOther(db, email, userId)) throw emailTaken();
      spendMailBudget(userId, caller.client.ip);
      await sendLink(userId, user.email, email, true, {
        kind: ACTIVITY.emailChangeRequested,
        client: caller.client,
      });
      return userView(deps, userId);
    },

    async resend(caller: Caller, pathUserId: number, input: { userId?: number; user_id?: number }) {
      const userId = assertOwnIds(caller, pathUserId, input.userId, input.user_id);
      const user = await findUserById(db, userId);
      if (!user?.newChangeEmail || user.statusChangeEmail !== EMAIL_CHANGE_PENDING) {
        throw badRequest('no_pending_change', 'There is no e-mail change waiting for confirmation.');
      }
      spendMailBudget(userId, caller.client.ip);
      await sendLink(userId, user.email, user.newChangeEmail, false, {
        kind: ACTIVITY.emailChangeResent,
        client: caller.client,
      });
      return userView(deps, userId);
    },

    async revoke(caller: Caller, pathUserId: number, input: { userId?: number; user_id?: number }) {
      const userId = assertOwnIds(caller, pathUserId, input.userId, input.user_id);
      const now = clock.now();
      await db.transaction(async (tx) => {
        await endPendingChange(tx, userId, now);
        await recordActivity(tx, { userId, kind: ACTIVITY.emailChangeCancelled, at: now, ...caller.client });
      });
      return userView(deps, userId);
    },

    /**
     * issue 10, no sign-in needed: the link mailed to the old address ends the pending change it was issued for.
     * Used, expired or revoked (the change was confirmed, revoked or superseded by a password change): 400.
     */
    async cancel(hash: string, client: Client): Promise<{ ok: true }> {
      const now = clock.now();
      const userId = await db.transaction(async (tx) => {
        const link = await redeemLinkLocked(tx, hash, cancelPurpose, now);
        const user = await findUserById(tx, link.userId);
        const pending = user?.statusChangeEmail === EMAIL_CHANGE_PENDING ? user.newChangeEmail : null;
        if (!user || !link.payload || pending !== link.payload) throw invalidLink();
        await endPendingChange(tx, user.id, now);
        await recordActivity(tx, {
          userId: user.id,
          kind: ACTIVITY.emailChangeCancelled,
          at: now,
          ...client,
        });
        return user.id;
      });
      for (const team of await teamsOfUser(db, userId)) deps.hub.publish(team.id, 30);
      return { ok: true };
    },

    /** No sign-in needed: the link proves the new mailbox. Fails as 400 invalid_link or 409 email_taken. */
    async accept(hash: string, client: Client): Promise<{ ok: true }> {
      const now = clock.now();
      let userId: number;
      try {
        userId = await db.transaction(async (tx) => {
          const link = await redeemLinkLocked(tx, hash, purpose, now);
          const user = await findUserById(tx, link.userId);
          const pending = user?.statusChangeEmail === EMAIL_CHANGE_PENDING ? user.newChangeEmail : null;
          if (!user || !link.payload || pending !== link.payload) throw invalidLink();
          if (!(await switchEmail(tx, user.id, link.payload))) throw emailTaken();
          // issue 10: links mailed before the change (e.g. a reset link to the old address) end here.
          await revokeAllLinks(tx, user.id, now);
          const kind = ACTIVITY.emailChangeConfirmed;
          await recordActivity(tx, { userId: user.id, kind, at: now, ...client });
          await mailer.send(emailChangedMail(user.email, link.payload), tx);
          return user.id;
        });
      } catch (error) {
        // Two accounts racing for one address: the unique index lets one of them have it.
        if (isUniqueViolation(error)) throw emailTaken();
        throw error;
      }
      mailer.drain().catch(() => {});
      for (const team of await teamsOfUser(db, userId)) deps.hub.publish(team.id, 30);
      return { ok: true };
    },
  };
}

export type EmailChangeService = ReturnType<typeof createEmailChangeService>;
