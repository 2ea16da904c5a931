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
      if (this.windows.size > 100_000) this.sweep(time);
      this.windows.set(key, { start: time, count: 1 });
      return true;
    }
    window.count += 1;
    return window.count <= this.max;
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  private sweep(time: number): void {
    for (const [key, window] of this.windows)
      if (time - window.start >= this.windowMs) this.windows.delete(key);
  }
}
