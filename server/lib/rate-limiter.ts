/**
 * A fixed-window counter per key, in memory. Keys are e.g. `signin:ip:1.2.3.4` or `signin:email:a@b.c`.
 * One process holds the counters; that is enough for the single-process server (docs/architecture.md).
 */
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one attempt; false when the key is over its limit for the current window. */
  hit(key: string): boolean {
    const time = this.now();
    const window = this.windows.get(key);
    if (!window || time - window.start >= this.windowMs) {
      // Stryker disable next-line ConditionalExpression,EqualityOperator: the sweep frees memory only; an expired window counts as absent either way
      if (this.windows.size > 100_000) this.sweep(time);
      this.windows.set(key, { start: time, count: 1 });
      return true;
    }
    window.count += 1;
    return window.count <= this.max;
  }

  /** True when one more attempt would pass now; counts nothing. */
  allows(key: string): boolean {
    const window = this.windows.get(key);
    return !window || this.now() - window.start >= this.windowMs || window.count < this.max;
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  // Stryker disable next-line BlockStatement: see the sweep's call
  private sweep(time: number): void {
    // Stryker disable next-line BlockStatement: see the sweep's call
    for (const [key, window] of this.windows) {
      // Stryker disable next-line ConditionalExpression,EqualityOperator,ArithmeticOperator: see the sweep's call
      if (time - window.start >= this.windowMs) this.windows.delete(key);
    }
  }
}

export type LimitTable = Record<string, { max: number; windowMs: number }>;

/** One limiter per entry of a table of limits, on the given clock (tests move it instead of waiting). */
export function createLimiters<T extends LimitTable>(
  table: T,
  now: () => number,
): Record<keyof T, RateLimiter> {
  const entries = Object.entries(table).map(([name, { max, windowMs }]) => [
    name,
    new RateLimiter(max, windowMs, now),
  ]);
  return Object.fromEntries(entries) as Record<keyof T, RateLimiter>;
}
