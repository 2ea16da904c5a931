/** Exponential backoff with jitter, capped: how long to wait before retrying a request that failed. */
export class Backoff {
  private failures = 0;

  constructor(
    private readonly options: {
      /** first delay, ms */
      baseMs?: number;
      /** largest delay, ms */
      maxMs?: number;
      /** [0, 1) */
      random?: () => number;
    } = {},
  ) {}

  /**
   * The delay after one more failure: base * 2^(failures - 1), capped, then "equal jitter" (a random point in the
   * upper half), so agents that lost the server at the same moment do not all come back at the same moment.
   */
  next(): number {
    const { baseMs = 1_000, maxMs = 300_000, random = Math.random } = this.options;
    const ceiling = Math.min(maxMs, baseMs * 2 ** Math.min(this.failures, 30));
    this.failures += 1;
    return Math.round(ceiling / 2 + (ceiling / 2) * random());
  }

  /** After a success: the next failure starts from the base delay again. */
  reset(): void {
    this.failures = 0;
  }

  get attempts(): number {
    return this.failures;
  }
}
