import type { Clock } from '../lib/clock.ts';
import { tooManyRequests } from '../lib/errors.ts';
import { RateLimiter } from '../lib/rate-limiter.ts';

const MINUTE_MS = 60_000;

/**
 * issue 10 section 4, the sign-in limits (docs/api-auth.md, "Sign-in throttling"), after OWASP's "device
 * cookies": failures slow the client that makes them, and lock strangers (not known browsers) out of an account.
 * - accountClient: one client IP guessing one account. The `free`th failure locks that pair for `baseDelayMs`,
 *   each further one for twice as long, up to `maxDelayMs`; a success or `forgetAfterMs` of quiet forgets them.
 * - untrusted: one account, from every client without a valid device cookie for it, counted the same way.
 * - device: one known browser (device cookie). Once locked it counts as a stranger until the lock ends; other
 *   browsers of the owner are not affected.
 * - ip: every attempt without a valid device cookie from one IP, across accounts (a fixed window).
 */
export const SIGN_IN_LIMITS = {
  accountClient: {
    free: 5,
    baseDelayMs: MINUTE_MS,
    maxDelayMs: 15 * MINUTE_MS,
    forgetAfterMs: 60 * MINUTE_MS,
  },
  untrusted: { free: 10, baseDelayMs: MINUTE_MS, maxDelayMs: 15 * MINUTE_MS, forgetAfterMs: 60 * MINUTE_MS },
  device: { free: 10, baseDelayMs: MINUTE_MS, maxDelayMs: 15 * MINUTE_MS, forgetAfterMs: 60 * MINUTE_MS },
  ip: { max: 50, windowMs: 15 * MINUTE_MS },
} as const;

interface LockoutRule {
  free: number;
  baseDelayMs: number;
  maxDelayMs: number;
  forgetAfterMs: number;
}

/** Failures per key with a progressive lock: in memory, like the other limits (docs/architecture.md). */
class Lockouts {
  private readonly entries = new Map<string, { failures: number; lastAt: number; lockedUntil: number }>();

  constructor(
    private readonly rule: LockoutRule,
    private readonly now: () => number,
  ) {}

  locked(key: string): boolean {
    return (this.entries.get(key)?.lockedUntil ?? 0) > this.now();
  }

  fail(key: string): void {
    const time = this.now();
    const entry = this.entries.get(key);
    const failures = entry && time - entry.lastAt < this.rule.forgetAfterMs ? entry.failures + 1 : 1;
    const over = failures - this.rule.free;
    const delay = over >= 0 ? Math.min(this.rule.baseDelayMs * 2 ** over, this.rule.maxDelayMs) : 0;
    if (this.entries.size > 100_000) this.sweep(time);
    this.entries.set(key, { failures, lastAt: time, lockedUntil: time + delay });
  }

  reset(key: string): void {
    this.entries.delete(key);
  }

  private sweep(time: number): void {
    for (const [key, entry] of this.entries)
      if (time - entry.lastAt >= this.rule.forgetAfterMs) this.entries.delete(key);
  }
}

/** Who is signing in: the client's IP and, when the browser holds a valid device cookie for the account, its id. */
export interface SignInClient {
  ip: string;
  device: string | undefined;
}

/** One throttle per app, on the app's clock (tests move it instead of waiting). */
export function createSignInThrottle(clock: Clock) {
  const now = () => clock.now().getTime();
  const accountClient = new Lockouts(SIGN_IN_LIMITS.accountClient, now);
  const untrusted = new Lockouts(SIGN_IN_LIMITS.untrusted, now);
  const device = new Lockouts(SIGN_IN_LIMITS.device, now);
  const ip = new RateLimiter(SIGN_IN_LIMITS.ip.max, SIGN_IN_LIMITS.ip.windowMs, now);
  const pair = (email: string, client: SignInClient) => `${email}\n${client.ip}`;
  const trusted = (client: SignInClient) => client.device !== undefined && !device.locked(client.device);

  return {
    /** Before the password is checked: a 429 'rate_limited' when this client may not try this account now. */
    admit(email: string, client: SignInClient): void {
      if (trusted(client)) return;
      const overCeiling = !ip.hit(client.ip);
      if (overCeiling || accountClient.locked(pair(email, client)) || untrusted.locked(email))
        throw tooManyRequests();
    },

    failed(email: string, client: SignInClient): void {
      if (trusted(client)) {
        device.fail(client.device!);
        return;
      }
      accountClient.fail(pair(email, client));
      untrusted.fail(email);
    },

    succeeded(email: string, client: SignInClient): void {
      accountClient.reset(pair(email, client));
      if (client.device) device.reset(client.device);
    },

    /** The owner proved the mailbox (a password reset): strangers' failures no longer lock the account. */
    forgetAccount(email: string): void {
      untrusted.reset(email);
    },
  };
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;
