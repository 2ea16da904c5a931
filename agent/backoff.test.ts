import { describe, expect, it } from 'vitest';
import { Backoff } from './backoff.ts';

describe('Backoff', () => {
  it('doubles from the base up to the cap, with the jitter in the upper half', () => {
    const top = new Backoff({ baseMs: 1_000, maxMs: 30_000, random: () => 1 });
    expect(Array.from({ length: 8 }, () => top.next())).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
    const bottom = new Backoff({ baseMs: 1_000, maxMs: 30_000, random: () => 0 });
    expect(Array.from({ length: 3 }, () => bottom.next())).toEqual([500, 1_000, 2_000]);
  });

  it('starts again from the base after a success', () => {
    const backoff = new Backoff({ random: () => 1 });
    backoff.next();
    backoff.next();
    expect(backoff.attempts).toBe(2);
    backoff.reset();
    expect(backoff.next()).toBe(1_000);
  });

  it('never exceeds the cap however long the outage', () => {
    const backoff = new Backoff({ maxMs: 300_000 });
    const delays = Array.from({ length: 200 }, () => backoff.next());
    expect(Math.max(...delays)).toBeLessThanOrEqual(300_000);
    expect(delays.every(Number.isFinite)).toBe(true);
  });
});
