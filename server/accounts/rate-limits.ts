import type { Db } from '../db/database.ts';
import type { Clock } from '../lib/clock.ts';
import { tooManyRequests } from '../lib/errors.ts';
import { createLimiters, type RateLimiter } from '../lib/rate-limiter.ts';

const MINUTE_MS = 60_000;

/**
 * The limits of the guest calls, per e-mail address and per client IP (docs/api-auth.md). Sign-in has a throttle
 * of its own (sign-in-throttle.ts), so failed sign-ins for an address never block that address's password recovery.
 */
export const AUTH_LIMITS = {
  registerIp: { max: 20, windowMs: 60 * MINUTE_MS },
  registerAddress: { max: 5, windowMs: 60 * MINUTE_MS },
  recoveryIp: { max: 20, windowMs: 60 * MINUTE_MS },
  recoveryAddress: { max: 5, windowMs: 60 * MINUTE_MS },
  setPasswordIp: { max: 30, windowMs: 15 * MINUTE_MS },
  setPasswordAddress: { max: 20, windowMs: 15 * MINUTE_MS },
  // The read-only check a password page makes when it opens (and again on each reload).
  linkCheckIp: { max: 30, windowMs: 15 * MINUTE_MS },
  // Passkey sign-in, per client IP like the password sign-in's `ip` window (sign-in-throttle.ts): no account is
  // known before the assertion verifies.
  passkeyOptionsIp: { max: 50, windowMs: 15 * MINUTE_MS },
  passkeySignInIp: { max: 50, windowMs: 15 * MINUTE_MS },
} as const;

export type AuthLimiters = Record<keyof typeof AUTH_LIMITS, RateLimiter>;

/** The counters of the app's database (shared by its replicas), on the app's clock (tests move it instead of waiting). */
export function createAuthLimiters(db: Db, clock: Clock): AuthLimiters {
  return createLimiters(db, 'auth', AUTH_LIMITS, () => clock.now().getTime());
}

/** Counts one attempt against each key; a 429 'rate_limited' once any is over its limit. */
export async function enforce(...checks: [RateLimiter, string][]): Promise<void> {
  for (const [limiter, key] of checks) if (!(await limiter.hit(key))) throw tooManyRequests();
}
