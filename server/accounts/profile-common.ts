import { accountMessages } from '../../contracts/account-rules.ts';
import type { Db } from '../db/database.ts';
import type { Deps } from '../deps.ts';
import type { Caller } from '../lib/authenticate.ts';
import type { Clock } from '../lib/clock.ts';
import { badRequest, forbidden, HttpError } from '../lib/errors.ts';
import { createLimiters, type RateLimiter } from '../lib/rate-limiter.ts';
import { findUserById } from './accounts.repository.ts';
import { verifyPassword } from './passwords.ts';

const MINUTE_MS = 60_000;

/** docs/api-profile.md: the limits of the profile-settings calls, per user. */
export const PROFILE_LIMITS = {
  /** Every call that checks the current password (change password, change e-mail, delete account). */
  passwordCheck: { max: 10, windowMs: 15 * MINUTE_MS },
  deletionResend: { max: 1, windowMs: MINUTE_MS },
} as const;

export type ProfileLimiters = Record<keyof typeof PROFILE_LIMITS, RateLimiter>;

/** The counters of the app's database (shared by its replicas), on the app's clock (tests move it instead of waiting). */
export function createProfileLimiters(db: Db, clock: Clock): ProfileLimiters {
  return createLimiters(db, 'profile', PROFILE_LIMITS, () => clock.now().getTime());
}

export async function limit(limiter: RateLimiter, userId: number, message?: string): Promise<void> {
  if (!(await limiter.hit(String(userId)))) {
    throw new HttpError(
      429,
      'rate_limited',
      message ?? 'Too many attempts. Please wait a moment and try again.',
    );
  }
}

/**
 * Every call here acts on the caller's own account. The id in the path, and any user id the body repeats
 * (the screen sends user_id and userId), must be the caller's: another user's id is a 403.
 */
export function assertOwnIds(caller: Caller, ...ids: (number | undefined)[]): number {
  for (const id of ids) {
    if (id !== undefined && id !== caller.userId) throw forbidden('You can only act on your own account.');
  }
  return caller.userId;
}

/** spec 8: the screen shows 'Incorrect password' under the current password field. */
export const incorrectPassword = () => badRequest('incorrect_password', accountMessages.incorrectPassword);

/**
 * Re-authentication with the current password, as the e-mail change asks for it: counted against the user's
 * passwordCheck limit (429), then 400 'incorrect_password'.
 */
export async function checkCurrentPassword(
  deps: Pick<Deps, 'db'>,
  limits: ProfileLimiters,
  userId: number,
  password: string,
): Promise<void> {
  await limit(limits.passwordCheck, userId);
  const user = await findUserById(deps.db, userId);
  if (!user || !(await verifyPassword(user.passwordHash, password))) throw incorrectPassword();
}
