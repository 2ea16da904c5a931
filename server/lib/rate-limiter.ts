import type { Db } from '../db/database.ts';
import { deleteCounter, hitWindow, hitWithin, readWindow, takeBackHit } from './rate-counters.repository.ts';

/** One counted attempt: the window's hits with it, whether that is over the limit, and the ms until the window ends. */
interface WindowCount {
  hits: number;
  over: boolean;
  retryAfterMs: number;
}

/**
 * A fixed-window counter per key, kept in the database so that every replica counts against one limit.
 * Keys are e.g. `auth.registerIp:1.2.3.4`: the limiter's name, then the caller's key. A window starts with its first
 * hit and lasts `windowMs`.
 */
export class RateLimiter {
  constructor(
    private readonly db: Db,
    private readonly name: string,
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one attempt; false when the key is over its limit for the current window. */
  async hit(key: string): Promise<boolean> {
    return !(await this.count(key)).over;
  }

  /** Counts one attempt, and says how many the window holds and how long it still runs (for `Retry-After`). */
  async count(key: string): Promise<WindowCount> {
    const now = this.now();
    const { hits, windowStart } = await hitWindow(this.db, this.keyOf(key), now, this.windowMs);
    return { hits, over: hits > this.max, retryAfterMs: windowStart + this.windowMs - now };
  }

  /**
   * Without counting: 0 while the key may still be counted in the current window, else the ms until the window
   * ends. For limits on failures, checked before the attempt and counted only when it fails.
   */
  async waitMs(key: string): Promise<number> {
    const now = this.now();
    const window = await readWindow(this.db, this.keyOf(key), now, this.windowMs);
    return window && window.hits >= this.max ? window.windowStart + this.windowMs - now : 0;
  }

  /**
   * Counts one attempt only if it passes (atomically: of attempts that arrive together, at most the limit pass);
   * returns a function that takes the count back, or null when the key is at its limit and nothing was counted.
   */
  async take(key: string): Promise<(() => Promise<void>) | null> {
    const counted = await hitWithin(this.db, this.keyOf(key), this.now(), this.windowMs, this.max);
    if (counted === undefined) return null;
    return () => takeBackHit(this.db, this.keyOf(key), counted);
  }

  async reset(key: string): Promise<void> {
    await deleteCounter(this.db, this.keyOf(key));
  }

  private keyOf(key: string): string {
    return `${this.name}:${key}`;
  }
}

export type LimitTable = Record<string, { max: number; windowMs: number }>;

/**
 * One limiter per entry of a table of limits, named `<group>.<entry>`, on the given clock (tests move it instead of
 * waiting).
 */
export function createLimiters<T extends LimitTable>(
  db: Db,
  group: string,
  table: T,
  now: () => number,
): Record<keyof T, RateLimiter> {
  const entries = Object.entries(table).map(([name, { max, windowMs }]) => [
    name,
    new RateLimiter(db, `${group}.${name}`, max, windowMs, now),
  ]);
  return Object.fromEntries(entries) as Record<keyof T, RateLimiter>;
}
