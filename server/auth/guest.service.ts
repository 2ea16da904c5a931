import type { Deps } from '../app.ts';
import { badRequest, HttpError } from '../lib/errors.ts';
import { mailBudgetOf } from '../lib/mail-limits.ts';
import { findUserByEmail, findUserById, lockUser, setPasswordHash } from './accounts.repository.ts';
import { createGuestMailWork } from './guest-mail-work.ts';
import { invalidLink, type LinkPurpose, peekLink, redeemLink, revokeAllLinks } from './links.ts';
import { hashPassword, PASSWORD_MIN, verifyPassword } from './passwords.ts';
import { createAuthLimiters, enforce } from './rate-limits.ts';
import { createSession, revokeOtherSessions, type SessionToken } from './sessions.ts';

const EMAIL = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]+$/;

/** Trimmed and lower-cased: one account per address, however it is typed. */
export function normalizeEmail(login: string): string {
  return login.trim().toLowerCase();
}

function validEmail(login: string): string {
  const email = normalizeEmail(login);
  if (email.length > 254 || !EMAIL.test(email)) throw badRequest('invalid_email', 'invalid email');
  return email;
}

const invalidCredentials = () => new HttpError(401, 'invalid_credentials', 'Incorrect e-mail or password');

/** The calls of a signed-out visitor: register, set a password from a link, sign in, ask for a reset link. */
export function createGuestService(deps: Deps) {
  const { db, clock, mailer } = deps;
  const limits = createAuthLimiters(clock);
  const mailBudget = mailBudgetOf(deps);
  const work = createGuestMailWork(deps);

  return {
    /**
     * issue 2: the same answer for known and unknown addresses; the mail differs. issue 10: the answer goes before
     * any lookup (the work is deferred), and over the address's mail budget nothing is sent, with the same answer.
     */
    async register(
      input: { login: string; offer: boolean; subscription: boolean },
      ip: string,
    ): Promise<void> {
      const email = validEmail(input.login);
      enforce([limits.registerIp, ip], [limits.registerAddress, email]);
      if (!mailBudget.guestMail('register', email, ip)) return;
      mailer.defer(() => work.register(email, input));
    },

    /** Create or reset password from an e-mail link: sets it, ends every other session, signs in. */
    async setNewPassword(
      input: { hash: string; password: string; confirm: string },
      ip: string,
    ): Promise<SessionToken> {
      enforce([limits.setPasswordIp, ip]);
      if ([...input.password].length < PASSWORD_MIN) {
        throw badRequest('weak_password', 'Minimum 6 symbols are required');
      }
      if (input.password !== input.confirm) throw badRequest('password_mismatch', 'Passwords do not match');
      const now = clock.now();
      // A cheap look first, so that a bad link never costs a password hash.
      const link =
        (await peekLink(db, input.hash, 'create_password', now)) ??
        (await peekLink(db, input.hash, 'reset_password', now));
      const user = link && (await findUserById(db, link.userId));
      if (!link || !user) throw invalidLink();
      enforce([limits.setPasswordAddress, user.email]);
      const passwordHash = await hashPassword(input.password);
      const session = await db.transaction(async (tx) => {
        await lockUser(tx, user.id);
        await redeemLink(tx, input.hash, link.purpose as LinkPurpose, now);
        await setPasswordHash(tx, user.id, passwordHash, now);
        // issue 10: also ends a pending e-mail change, so a reset takes the account back from an intruder.
        await revokeAllLinks(tx, user.id, now);
        await revokeOtherSessions(deps, user.id, undefined, tx);
        return createSession(tx, user.id, now);
      });
      // The owner who just proved the mailbox is theirs is not kept out by someone else's failed sign-ins.
      limits.signInAddress.reset(normalizeEmail(user.email));
      return session;
    },

    async signIn(input: { login: string; password: string }, ip: string): Promise<SessionToken> {
      const email = normalizeEmail(input.login);
      enforce([limits.signInIp, ip], [limits.signInAddress, email]);
      const user = email.length <= 254 ? await findUserByEmail(db, email) : undefined;
      const matches = await verifyPassword(user?.passwordHash, input.password);
      if (!user || !matches) throw invalidCredentials();
      limits.signInAddress.reset(email);
      return createSession(db, user.id, clock.now());
    },

    /** issue 2: the same answer for every address; only a completed account gets a reset link (issue 10: deferred). */
    async recoverPassword(input: { login: string }, ip: string): Promise<void> {
      const email = validEmail(input.login);
      enforce([limits.recoveryIp, ip], [limits.recoveryAddress, email]);
      if (!mailBudget.guestMail('recovery', email, ip)) return;
      mailer.defer(() => work.recover(email));
    },
  };
}

export type GuestService = ReturnType<typeof createGuestService>;
