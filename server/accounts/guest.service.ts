import { accountMessages, isEmail, isPasswordTooShort } from '../../contracts/account-rules.ts';
import { LINK_GONE, type LinkCheckInput } from '../../contracts/password-link.ts';
import type { SessionToken, TwoFactorChallenge } from '../../contracts/session.schema.ts';
import type { Deps } from '../deps.ts';
import type { Client } from '../lib/authenticate.ts';
import { badRequest, HttpError } from '../lib/errors.ts';
import { mailBudgetOf } from '../lib/mail-limits.ts';
import { serverKeys } from '../lib/server-secret.ts';
import { findUserByEmail, findUserById, lockUser, setPasswordHash } from './accounts.repository.ts';
import { ACTIVITY, type ActivityKind, recordActivity } from './activity.ts';
import { revokeAllTokens } from './api-tokens.repository.ts';
import { deviceCookieValue, readDevice } from './device-cookie.ts';
import { createGuestMailWork } from './guest-mail-work.ts';
import { invalidLink, type LinkPurpose, peekLink, redeemLink, revokeAllLinks } from './links.ts';
import { passkeysOf } from './passkeys.repository.ts';
import { passwordResetMail } from './password-reset-mail.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { createAuthLimiters, enforce } from './rate-limits.ts';
import { createSession, revokeOtherSessions } from './sessions.ts';
import { createSignInThrottle } from './sign-in-throttle.ts';
import { revokeChallenges } from './two-factor.repository.ts';
import type { TwoFactorService } from './two-factor.service.ts';

/** Trimmed and lower-cased: one account per address, however it is typed. */
export function normalizeEmail(login: string): string {
  return login.trim().toLowerCase();
}

function validEmail(login: string): string {
  const email = normalizeEmail(login);
  if (!isEmail(email)) throw badRequest('invalid_email', accountMessages.invalidEmail);
  return email;
}

const invalidCredentials = () =>
  new HttpError(401, 'invalid_credentials', accountMessages.incorrectCredentials);

/** Who asks to sign in: address, browser and the browser's device cookie, if any. */
export interface Visitor extends Client {
  deviceCookie: string | undefined;
}

/**
 * What a password step ends with: a session and the device cookie to set, or, with two-factor sign-in on, a
 * challenge for the code step.
 */
export type SignInResult = SignedIn | { challenge: TwoFactorChallenge; deviceCookie?: undefined };

/** A finished sign-in: the session and the device cookie to set. */
export type SignedIn = { session: SessionToken; deviceCookie: string };

/** The calls of a signed-out visitor: register, set a password from a link, sign in, ask for a reset link. */
export function createGuestService(deps: Deps, twoFactor: TwoFactorService) {
  const { db, clock, mailer } = deps;
  const limits = createAuthLimiters(db, clock);
  const throttle = createSignInThrottle(db, clock);
  const keys = serverKeys(db);
  const mailBudget = mailBudgetOf(deps);
  const work = createGuestMailWork(deps);

  /** A session for a user who passed every step, and a device cookie that keeps this browser known. */
  async function startSession(userId: number, visitor: Visitor, kind?: ActivityKind): Promise<SignedIn> {
    const key = await keys('device-cookie');
    const device = readDevice(visitor.deviceCookie, key, userId);
    const client = { ip: visitor.ip, userAgent: visitor.userAgent };
    const at = clock.now();
    const session = await db.transaction(async (tx) => {
      if (kind) await recordActivity(tx, { userId, kind, ...client, at });
      return createSession(tx, userId, at, client);
    });
    return { session, deviceCookie: deviceCookieValue(key, userId, device) };
  }

  return {
    /**
     * The same answer for known and unknown addresses; the mail differs. The answer goes before
     * any lookup (the work is deferred), and over the address's mail budget nothing is sent, with the same answer.
     */
    async register(
      input: { login: string; offer: boolean; subscription: boolean },
      ip: string,
    ): Promise<void> {
      const email = validEmail(input.login);
      await enforce([limits.registerIp, ip], [limits.registerAddress, email]);
      if (!(await mailBudget.guestMail('register', email, ip))) return;
      mailer.defer(() => work.register(email, input));
    },

    /** spec 2: whether a password link still works, without using it; a 410 for any link that does not. */
    async checkLink(input: LinkCheckInput, ip: string): Promise<void> {
      await enforce([limits.linkCheckIp, ip]);
      const link = await peekLink(db, input.hash, input.purpose, clock.now());
      const user = link && (await findUserById(db, link.userId));
      if (!user) throw new HttpError(410, LINK_GONE.error, LINK_GONE.message);
    },

    /** Create or reset password from an e-mail link: sets it, ends every other session, signs in (or asks for the code). */
    async setNewPassword(
      input: { hash: string; password: string; confirm: string },
      visitor: Visitor,
    ): Promise<SignInResult> {
      const { ip } = visitor;
      await enforce([limits.setPasswordIp, ip]);
      if (isPasswordTooShort(input.password)) {
        throw badRequest('weak_password', accountMessages.minPassword);
      }
      if (input.password !== input.confirm) throw badRequest('password_mismatch', accountMessages.mismatch);
      const now = clock.now();
      // A cheap look first, so that a bad link never costs a password hash.
      const link =
        (await peekLink(db, input.hash, 'create_password', now)) ??
        (await peekLink(db, input.hash, 'reset_password', now));
      const user = link && (await findUserById(db, link.userId));
      if (!link || !user) throw invalidLink();
      await enforce([limits.setPasswordAddress, user.email]);
      const passwordHash = await hashPassword(input.password);
      const revoked = await db.transaction(async (tx) => {
        await lockUser(tx, user.id);
        await redeemLink(tx, input.hash, link.purpose as LinkPurpose, now);
        await setPasswordHash(tx, user.id, passwordHash, now);
        // Also ends a pending e-mail change, so a reset takes the account back from an intruder.
        await revokeAllLinks(tx, user.id, now);
        const ids = await revokeOtherSessions(deps, user.id, undefined, tx);
        await revokeChallenges(tx, user.id, now);
        // A token minted with a stolen session ends with the reset too; the owner is told, since scripts stop.
        // A token minted with a stolen session ends with the reset too; the mail tells the owner, since scripts stop.
        const revokedTokens = await revokeAllTokens(tx, user.id, now);
        const kind = ACTIVITY.passwordSetFromLink;
        await recordActivity(tx, { userId: user.id, kind, ip, userAgent: visitor.userAgent, at: now });
        // A reset keeps the passkeys: the mail lists them, so the owner can remove one that is not theirs.
        if (link.purpose === 'reset_password' || revokedTokens > 0) {
          const names = (await passkeysOf(tx, user.id)).map((passkey) => passkey.name);
          await mailer.send(passwordResetMail(user.email, deps.config.publicUrl, names, revokedTokens), tx);
        }
        return ids;
      });
      deps.hub.revokeSessions(revoked);
      // changePasswordAt is part of the session check's answer.
      deps.hub.viewsChanged({ userIds: [user.id] });
      mailer.drain().catch(() => {});
      // The owner who just proved the mailbox is theirs is not kept out by someone else's failed sign-ins.
      await throttle.forgetAccount(normalizeEmail(user.email));
      // A mailbox is not a second factor; the code is still asked for.
      if (await twoFactor.enabled(user.id)) return { challenge: await twoFactor.challenge(user.id) };
      return startSession(user.id, visitor);
    },

    /** Throttled per account and client; a known browser is not kept out by strangers. */
    async signIn(input: { login: string; password: string }, visitor: Visitor): Promise<SignInResult> {
      const email = normalizeEmail(input.login);
      const user = email.length <= 254 ? await findUserByEmail(db, email) : undefined;
      const device = user && readDevice(visitor.deviceCookie, await keys('device-cookie'), user.id);
      const attempt = { ip: visitor.ip, device };
      await throttle.admit(email, attempt);
      const matches = await verifyPassword(user?.passwordHash, input.password);
      if (!user || !matches) {
        if (user?.passwordHash) {
          const failure = { userId: user.id, kind: ACTIVITY.signInFailed, at: clock.now() };
          await recordActivity(db, { ...failure, ip: visitor.ip, userAgent: visitor.userAgent });
        }
        await throttle.failed(email, attempt);
        throw invalidCredentials();
      }
      await throttle.succeeded(email, attempt);
      if (await twoFactor.enabled(user.id)) return { challenge: await twoFactor.challenge(user.id) };
      return startSession(user.id, visitor, ACTIVITY.signIn);
    },

    /** The code step of a two-factor sign-in: a right code for a live challenge starts the session. */
    async answerChallenge(
      input: { challenge: string; code: string },
      visitor: Visitor,
    ): Promise<SignInResult> {
      const { userId, factor } = await twoFactor.answer(input);
      const kind = factor === 'recovery' ? ACTIVITY.signInRecoveryCode : ACTIVITY.signIn;
      return startSession(userId, visitor, kind);
    },

    /** A verified passkey (passkeys.service.ts) completes a sign-in on its own: the password's session. */
    async signInWithPasskey(userId: number, visitor: Visitor): Promise<SignedIn> {
      return startSession(userId, visitor, ACTIVITY.passkeySignIn);
    },

    /** The same answer for every address; only a completed account gets a reset link (deferred). */
    async recoverPassword(input: { login: string }, ip: string): Promise<void> {
      const email = validEmail(input.login);
      await enforce([limits.recoveryIp, ip], [limits.recoveryAddress, email]);
      if (!(await mailBudget.guestMail('recovery', email, ip))) return;
      mailer.defer(() => work.recover(email));
    },
  };
}
