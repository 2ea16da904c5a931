import type { TwoFactorChallenge } from '../../contracts/session.schema.ts';
import {
  normalizeCode,
  RECOVERY_CODE,
  TOTP_CODE,
  TWO_FACTOR,
  twoFactorMessages,
} from '../../contracts/two-factor.ts';
import type { Db } from '../db/database.ts';
import type { Deps } from '../deps.ts';
import type { Caller } from '../lib/authenticate.ts';
import { badRequest, conflict, HttpError, retryLater } from '../lib/errors.ts';
import type { MailMessage } from '../lib/mail.ts';
import { RateLimiter } from '../lib/rate-limiter.ts';
import { serverKeys } from '../lib/server-secret.ts';
import { hashToken, randomToken } from '../lib/tokens.ts';
import { findUserById } from './accounts.repository.ts';
import { ACTIVITY, recordActivity } from './activity.ts';
import { verifyPassword } from './passwords.ts';
import {
  codeGuessingMail,
  recoveryCodeSignInMail,
  recoveryCodesMadeMail,
  twoFactorDisabledMail,
  twoFactorEnabledMail,
} from './profile-mails.ts';
import { matchingStep, newRecoveryCode, newTotpSecret, openSecret, sealSecret, totpUri } from './totp.ts';
import {
  attemptChallenge,
  claimStep,
  countUnusedRecoveryCodes,
  deleteTotp,
  findTotp,
  insertChallenge,
  markTotpEnabled,
  revokeChallenges,
  savePendingTotp,
  saveRecoveryCodes,
  spendChallenge,
  spendRecoveryCode,
} from './two-factor.repository.ts';

const invalidCode = (status = 400) => new HttpError(status, 'invalid_code', twoFactorMessages.invalidCode);
const challengeExpired = () => badRequest('challenge_expired', twoFactorMessages.challengeExpired);

/** Which factor answered a code step: the authenticator app's code, or a recovery code. */
type CodeFactor = 'totp' | 'recovery';

/** TOTP set-up in Settings, and the code step of sign-in (docs/api-auth.md, "Two-factor sign-in"). */
export function createTwoFactorService(deps: Deps) {
  const { db, clock, mailer, config } = deps;
  const keys = serverKeys(db);
  const perAccount = () =>
    new RateLimiter(db, 'two-factor.account', TWO_FACTOR.attemptsPerAccount, TWO_FACTOR.accountWindowMs, () =>
      clock.now().getTime(),
    );
  // Guesses at the authenticator app's code, per account across challenges and Settings, so that nobody who knows
  // the password can try a million codes. Right codes count too (and then reset it).
  const codeGuesses = perAccount();
  // The password checks of the Settings calls that need password and code; keyed `password:<id>`.
  const passwordChecks = perAccount();

  /** Queues a security notice to the user's address (with the change's transaction, when given) and sends it. */
  async function mailOwner(
    userId: number,
    mail: (to: string, publicUrl: string) => MailMessage,
    tx: Db = db,
  ): Promise<void> {
    const user = await findUserById(tx, userId);
    if (!user) return;
    await mailer.send(mail(user.email, config.publicUrl), tx);
    if (tx === db) mailer.drain().catch(() => {});
  }

  /**
   * The one place the per-account limit on code guesses is met, for TOTP codes only: a 429 with `Retry-After` once
   * the account has spent its guesses. A recovery code (51 random bits, single-use) is never held back by it, nor
   * is a passkey: refusing those would let whoever knows the password lock the owner out. Returns a function to
   * call when the guess was wrong: the guess that reaches the limit tells the owner, once per lock.
   */
  async function countCodeGuess(userId: number): Promise<{ wrong: () => Promise<void> }> {
    const guess = await codeGuesses.count(String(userId));
    if (guess.over) throw retryLater(guess.retryAfterMs);
    const reachesLimit = guess.hits === TWO_FACTOR.attemptsPerAccount;
    return { wrong: async () => (reachesLimit ? mailOwner(userId, codeGuessingMail) : undefined) };
  }

  /**
   * Which factor `typed` is for the user: the current TOTP code (never one already used) or, if allowed, an unused
   * recovery code (then spent). Undefined when it is neither.
   */
  async function checkCode(
    userId: number,
    typed: string,
    recovery: boolean,
  ): Promise<CodeFactor | undefined> {
    const code = normalizeCode(typed);
    const factor = await findTotp(db, userId);
    const now = clock.now();
    if (recovery && factor?.enabledAt && RECOVERY_CODE.test(code))
      return (await spendRecoveryCode(db, userId, hashToken(code), now)) ? 'recovery' : undefined;
    const guess = await countCodeGuess(userId);
    if (factor && TOTP_CODE.test(code)) {
      const step = matchingStep(openSecret(await keys('totp-secret'), factor.secret), code, now);
      if (step !== undefined && (await claimStep(db, userId, step))) {
        await codeGuesses.reset(String(userId));
        return 'totp';
      }
    }
    await guess.wrong();
    return undefined;
  }

  /** The password (at most `attemptsPerAccount` checks per window) and a code of a user whose factor is on. */
  async function checkPasswordAndCode(caller: Caller, input: { password: string; code: string }) {
    const user = await findUserById(db, caller.userId);
    const factor = await findTotp(db, caller.userId);
    if (!user || !factor?.enabledAt) throw badRequest('two_factor_disabled', twoFactorMessages.notEnabled);
    const check = await passwordChecks.count(`password:${user.id}`);
    if (check.over) throw retryLater(check.retryAfterMs);
    if (!(await verifyPassword(user.passwordHash, input.password)))
      throw badRequest('incorrect_password', twoFactorMessages.incorrectPassword);
    if (!(await checkCode(user.id, input.code, true))) throw invalidCode();
    return user;
  }

  return {
    async enabled(userId: number): Promise<boolean> {
      return Boolean((await findTotp(db, userId))?.enabledAt);
    },

    /** A new secret to scan; it only takes effect once confirmed with a code. */
    async setUp(caller: Caller): Promise<{ secret: string; uri: string }> {
      const user = await findUserById(db, caller.userId);
      if (!user) throw badRequest('unknown_user', 'Unknown user');
      const secret = newTotpSecret();
      const saved = await savePendingTotp(
        db,
        user.id,
        sealSecret(await keys('totp-secret'), secret),
        clock.now(),
      );
      if (!saved) throw conflict('two_factor_enabled', twoFactorMessages.alreadyEnabled);
      return { secret, uri: totpUri(secret, user.email) };
    },

    /** Turns the factor on with a first code, and hands out the recovery codes, once. */
    async enable(caller: Caller, code: string): Promise<{ recovery_codes: string[] }> {
      const factor = await findTotp(db, caller.userId);
      if (factor?.enabledAt) throw conflict('two_factor_enabled', twoFactorMessages.alreadyEnabled);
      if (!factor) throw badRequest('two_factor_not_set_up', 'Start the set-up first');
      if (!(await checkCode(caller.userId, code, false))) throw invalidCode();
      const codes = Array.from({ length: TWO_FACTOR.recoveryCodes }, newRecoveryCode);
      const now = clock.now();
      await db.transaction(async (tx) => {
        if (!(await markTotpEnabled(tx, caller.userId, now)))
          throw conflict('two_factor_enabled', twoFactorMessages.alreadyEnabled);
        await saveRecoveryCodes(tx, caller.userId, codes.map(hashToken));
        const kind = ACTIVITY.twoFactorEnabled;
        await recordActivity(tx, { userId: caller.userId, kind, at: now, ...caller.client });
        await mailOwner(caller.userId, twoFactorEnabledMail, tx);
      });
      mailer.drain().catch(() => {});
      return { recovery_codes: codes };
    },

    /** Needs the password and a code (TOTP or recovery), so a stolen session alone cannot turn it off. */
    async disable(caller: Caller, input: { password: string; code: string }): Promise<void> {
      const user = await checkPasswordAndCode(caller, input);
      const now = clock.now();
      await db.transaction(async (tx) => {
        await deleteTotp(tx, user.id);
        await revokeChallenges(tx, user.id, now);
        const kind = ACTIVITY.twoFactorDisabled;
        await recordActivity(tx, { userId: user.id, kind, at: now, ...caller.client });
        await mailOwner(user.id, twoFactorDisabledMail, tx);
      });
      mailer.drain().catch(() => {});
    },

    /** New recovery codes in place of the old ones (used or not), with the password and a code, like turning off. */
    async newRecoveryCodes(
      caller: Caller,
      input: { password: string; code: string },
    ): Promise<{ recovery_codes: string[] }> {
      const user = await checkPasswordAndCode(caller, input);
      const codes = Array.from({ length: TWO_FACTOR.recoveryCodes }, newRecoveryCode);
      const now = clock.now();
      await db.transaction(async (tx) => {
        await saveRecoveryCodes(tx, user.id, codes.map(hashToken));
        const kind = ACTIVITY.recoveryCodesCreated;
        await recordActivity(tx, { userId: user.id, kind, at: now, ...caller.client });
        await mailOwner(user.id, recoveryCodesMadeMail, tx);
      });
      mailer.drain().catch(() => {});
      return { recovery_codes: codes };
    },

    /** The password step succeeded for an account with the factor on: a single-use token for the code step. */
    async challenge(userId: number): Promise<TwoFactorChallenge> {
      const token = randomToken();
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + TWO_FACTOR.challengeTtlMs);
      await insertChallenge(db, { userId, tokenHash: hashToken(token), createdAt: now, expiresAt });
      return { two_factor_required: true, challenge: token, expires_at: expiresAt.toISOString() };
    },

    /**
     * The code step: the user of a live challenge answered with a right code, and which factor it was; spends the
     * challenge. A recovery code tells the owner by mail.
     */
    async answer(input: {
      challenge: string;
      code: string;
    }): Promise<{ userId: number; factor: CodeFactor }> {
      const now = clock.now();
      const challenge = await attemptChallenge(
        db,
        hashToken(input.challenge),
        now,
        TWO_FACTOR.attemptsPerChallenge,
      );
      if (!challenge) throw challengeExpired();
      const { userId } = challenge;
      const factor = await checkCode(userId, input.code, true);
      if (!factor) throw invalidCode(401);
      if (!(await spendChallenge(db, challenge.id, now))) throw challengeExpired();
      if (factor === 'recovery') {
        const left = await countUnusedRecoveryCodes(db, userId);
        await mailOwner(userId, (to, publicUrl) => recoveryCodeSignInMail(to, publicUrl, left));
      }
      return { userId, factor };
    },
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
