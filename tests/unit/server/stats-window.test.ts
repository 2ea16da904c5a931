import { describe, expect, it } from 'vitest';
import { HttpError } from '../../../server/lib/errors.ts';
import { statsWindowOf } from '../../../server/statistics/stats-window.ts';

/** The refusal statsWindowOf throws, as the answer's status, code and message. */
function refusal(run: () => unknown) {
  try {
    run();
  } catch (error) {
    if (error instanceof HttpError)
      return { status: error.statusCode, error: error.code, message: error.message };
    throw error;
  }
  throw new Error('no refusal');
}

describe('the window of a statistics request (spec 7)', () => {
  it('reads the buckets starting in [start, end), whole seconds', () => {
    expect(statsWindowOf('day', 120, 300)).toEqual({ interval: 60, start: 120, first: 120, last: 300 });
    expect(statsWindowOf('day', 121.9, 301.5)).toEqual({ interval: 60, start: 121, first: 180, last: 360 });
    expect(statsWindowOf('week', 1000, 5000)).toEqual({
      interval: 1200,
      start: 1000,
      first: 1200,
      last: 6000,
    });
    expect(statsWindowOf('month', 3600, 7201)).toEqual({
      interval: 3600,
      start: 3600,
      first: 3600,
      last: 10_800,
    });
  });

  it('accepts each period whole and one second', () => {
    expect(statsWindowOf('day', 0, 86_400).last).toBe(86_400);
    expect(statsWindowOf('week', 0, 604_800).last).toBe(604_800);
    expect(statsWindowOf('month', 0, 2_592_000).last).toBe(2_592_000);
    expect(statsWindowOf('day', 59, 60)).toEqual({ interval: 60, start: 59, first: 60, last: 60 });
  });

  it('refuses an empty or reversed window', () => {
    const bad = {
      status: 400,
      error: 'bad_window',
      message: 'endTimestamp must be after startTimestamp.',
    };
    expect(refusal(() => statsWindowOf('day', 100, 100))).toEqual(bad);
    expect(refusal(() => statsWindowOf('day', 100.2, 100.9))).toEqual(bad);
    expect(refusal(() => statsWindowOf('week', 200, 100))).toEqual(bad);
  });

  it.each([
    ['day', 86_401, 'A day window is at most 86400 seconds.'],
    ['week', 604_801, 'A week window is at most 604800 seconds.'],
    ['month', 2_592_001, 'A month window is at most 2592000 seconds.'],
  ] as const)('refuses a %s window one second longer than the period', (period, span, message) => {
    expect(refusal(() => statsWindowOf(period, 1000, 1000 + span))).toEqual({
      status: 400,
      error: 'window_too_long',
      message,
    });
  });
});
