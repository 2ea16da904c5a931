import type { Db } from '../db/database.ts';
import type { Clock } from '../lib/clock.ts';
import { tooManyRequests } from '../lib/errors.ts';
import {
  deleteCounter,
  type LockoutRule,
  lockedKeys,
  recordFailure,
} from '../lib/rate-counters.repository.ts';
import { RateLimiter } from '../lib/rate-limiter.ts';

const MINUTE_MS = 60_000;

/**
 * The sign-in limits (docs/api-auth.md, "Sign-in throttling"), after OWASP's "device
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

/**
 * Failures per key with a progressive lock, counted in the database like the other limits, so that a
 * guesser spreading attempts over replicas meets one lock.
 */
class Lockouts {
  constructor(
    private readonly db: Db,
    private readonly name: string,
    private readonly rule: LockoutRule,
    private readonly now: () => number,
  ) {}

  async locked(key: string): Promise<boolean> {
    return (await lockedKeys(this.db, [this.keyOf(key)], this.now())).size > 0;
  }

  async fail(key: string): Promise<void> {
    await recordFailure(this.db, this.keyOf(key), this.now(), this.rule);
  }

  async reset(key: string): Promise<void> {
    await deleteCounter(this.db, this.keyOf(key));
  }

  keyOf(key: string): string {
    return `signin.${this.name}:${key}`;
  }
}

/** Who is signing in: the client's IP and, when the browser holds a valid device cookie for the account, its id. */
export interface SignInClient {
  ip: string;
  device: string | undefined;
}

/** One throttle per app, on the app's clock (tests move it instead of waiting). */
export function createSignInThrottle(db: Db, clock: Clock) {
  const now = () => clock.now().getTime();
  const accountClient = new Lockouts(db, 'accountClient', SIGN_IN_LIMITS.accountClient, now);
  const untrusted = new Lockouts(db, 'untrusted', SIGN_IN_LIMITS.untrusted, now);
  const device = new Lockouts(db, 'device', SIGN_IN_LIMITS.device, now);
  const ip = new RateLimiter(db, 'signin.ip', SIGN_IN_LIMITS.ip.max, SIGN_IN_LIMITS.ip.windowMs, now);
  const pair = (email: string, client: SignInClient) => `${email}\n${client.ip}`;
  const trusted = async (client: SignInClient) =>
    client.device !== undefined && !(await device.locked(client.device));

  return {
    /** Before the password is checked: a 429 'rate_limited' when this client may not try this account now. */
    async admit(email: string, client: SignInClient): Promise<void> {
      if (await trusted(client)) return;
      const overCeiling = !(await ip.hit(client.ip));
      if (overCeiling || (await accountClient.locked(pair(email, client))) || (await untrusted.locked(email)))
        throw tooManyRequests();
    },

    async failed(email: string, client: SignInClient): Promise<void> {
      if (await trusted(client)) {
        await device.fail(client.device!);
        return;
      }
      await Promise.all([accountClient.fail(pair(email, client)), untrusted.fail(email)]);
    },

    async succeeded(email: string, client: SignInClient): Promise<void> {
      await accountClient.reset(pair(email, client));
      if (client.device) await device.reset(client.device);
    },

    /** The owner proved the mailbox (a password reset): strangers' failures no longer lock the account. */
    async forgetAccount(email: string): Promise<void> {
      await untrusted.reset(email);
    },
  };
}
