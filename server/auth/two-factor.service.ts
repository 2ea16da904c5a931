import {
  normalizeCode,
  RECOVERY_CODE,
  TOTP_CODE,
  TWO_FACTOR,
  type TwoFactorChallenge,
  twoFactorMessages,
} from '../../contracts/two-factor.ts';
import type { Deps } from '../deps.ts';
import type { Caller } from '../lib/authenticate.ts';
import { badRequest, conflict, HttpError, tooManyRequests } from '../lib/errors.ts';
import { RateLimiter } from '../lib/rate-limiter.ts';
import { serverKeys } from '../lib/server-secret.ts';
import { hashToken, randomToken } from '../lib/tokens.ts';
import { findUserById } from './accounts.repository.ts';
import { verifyPassword } from './passwords.ts';
import { matchingStep, newRecoveryCode, newTotpSecret, openSecret, sealSecret, totpUri } from './totp.ts';
import {
  attemptChallenge,
  claimStep,
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

/** issue 10 section 9: TOTP set-up in Settings, and the code step of sign-in (docs/api-auth.md). */
export function createTwoFactorService(deps: Deps) {
  const { db, clock } = deps;
  const keys = serverKeys(db);
  // Wrong and right codes alike, per account, so that no account can be guessed at across many challenges.
  const perAccount = new RateLimiter(
    db,
    'two-factor.account',
    TWO_FACTOR.attemptsPerAccount,
    TWO_FACTOR.accountWindowMs,
    () => clock.now().getTime(),
  );

  /** True when `code` is the user's current TOTP code (never one already used) or, if allowed, a recovery code. */
  async function checkCode(userId: number, typed: string, recovery: boolean): Promise<boolean> {
    if (!(await perAccount.hit(String(userId)))) throw tooManyRequests();
    const code = normalizeCode(typed);
    const factor = await findTotp(db, userId);
    if (!factor) return false;
    const now = clock.now();
    if (TOTP_CODE.test(code)) {
      const step = matchingStep(openSecret(await keys('totp-secret'), factor.secret), code, now);
      return step !== undefined && (await claimStep(db, userId, step));
    }
    if (recovery && factor.enabledAt && RECOVERY_CODE.test(code))
      return spendRecoveryCode(db, userId, hashToken(code), now);
    return false;
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
      await db.transaction(async (tx) => {
        if (!(await markTotpEnabled(tx, caller.userId, clock.now())))
          throw conflict('two_factor_enabled', twoFactorMessages.alreadyEnabled);
        await saveRecoveryCodes(tx, caller.userId, codes.map(hashToken));
      });
      await perAccount.reset(String(caller.userId));
      return { recovery_codes: codes };
    },

    /** Needs the password and a code (TOTP or recovery), so a stolen session alone cannot turn it off. */
    async disable(caller: Caller, input: { password: string; code: string }): Promise<void> {
      const user = await findUserById(db, caller.userId);
      const factor = await findTotp(db, caller.userId);
      if (!user || !factor?.enabledAt) throw badRequest('two_factor_disabled', twoFactorMessages.notEnabled);
      if (!(await perAccount.hit(`password:${user.id}`))) throw tooManyRequests();
      if (!(await verifyPassword(user.passwordHash, input.password)))
        throw badRequest('incorrect_password', twoFactorMessages.incorrectPassword);
      if (!(await checkCode(user.id, input.code, true))) throw invalidCode();
      await db.transaction(async (tx) => {
        await deleteTotp(tx, user.id);
        await revokeChallenges(tx, user.id, clock.now());
      });
    },

    /** The password step succeeded for an account with the factor on: a single-use token for the code step. */
    async challenge(userId: number): Promise<TwoFactorChallenge> {
      const token = randomToken();
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + TWO_FACTOR.challengeTtlMs);
      await insertChallenge(db, { userId, tokenHash: hashToken(token), createdAt: now, expiresAt });
      return { two_factor_required: true, challenge: token, expires_at: expiresAt.toISOString() };
    },

    /** The code step: the user id of a live challenge answered with a right code; spends the challenge. */
    async answer(input: { challenge: string; code: string }): Promise<number> {
      const now = clock.now();
      const challenge = await attemptChallenge(
        db,
        hashToken(input.challenge),
        now,
        TWO_FACTOR.attemptsPerChallenge,
      );
      if (!challenge) throw challengeExpired();
      if (!(await checkCode(challenge.userId, input.code, true))) throw invalidCode(401);
      if (!(await spendChallenge(db, challenge.id, now))) throw challengeExpired();
      await perAccount.reset(String(challenge.userId));
      return challenge.userId;
    },
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
