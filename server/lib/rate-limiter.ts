import type { Db } from '../db/database.ts';
import { deleteCounter, hitWindow, hitWithin, takeBackHit } from './rate-counters.ts';

/**
 * A fixed-window counter per key, kept in the database (issue 12) so that every replica counts against one limit.
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
    return (await hitWindow(this.db, this.keyOf(key), this.now(), this.windowMs)) <= this.max;
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
