import { describe, expect, it } from 'vitest';
import type { StatPoint } from '../../contracts/stats-answer.schema.ts';
import { rangeIntervalOf } from '../../contracts/stats-range.ts';
import { transformStats } from './stats.ts';

const DAY = 86_400;
/** Midnight UTC, 1 March 2026: on every bucket boundary. */
const END = 1_772_323_200;

const point = (dt: number): StatPoint => ({
  dt,
  nodrUpLink: 3600,
  deliveredToViewers: 7200,
  inputFromCdn: 3600,
  totalViewers: 5,
  qualityIndex: 90,
  deliverToInputRatio: 2,
});

describe('transformStats for a custom range', () => {
  it.each([
    [1, 60, 1440],
    [2, 60, 2880],
    [3, 1200, 216],
    [14, 1200, 1008],
    [15, 3600, 360],
    [125, 3600, 3000],
    [126, 14_400, 756],
    [400, 14_400, 2400],
  ])('a range of %i days: buckets of %i s, one slot each (%i)', (days, interval, slots) => {
    const start = END - days * DAY;
    expect(rangeIntervalOf(END - start)).toBe(interval);
    const series = transformStats({ points: { [start]: point(start) }, interval, start, end: END });
    expect(series.interval).toBe(interval);
    expect(series.times).toHaveLength(slots);
    expect(series.times[0]).toBe(start);
    expect(series.times.at(-1)).toBe(END - interval);
    expect(series.filled).toBe(1);
    expect(series.uplink[0]).toBe((3600 * 8) / interval);
  });

  it('keeps every range from a minute to 400 days at about 3,000 points at most', () => {
    for (let minutes = 1; minutes <= 400 * 1440; minutes += minutes < 3 * 1440 ? 1 : 97) {
      const span = minutes * 60;
      expect(Math.ceil(span / rangeIntervalOf(span)), `${minutes} minutes`).toBeLessThanOrEqual(3000);
    }
    expect(Math.ceil((400 * DAY) / rangeIntervalOf(400 * DAY))).toBe(2400);
  });

  it('draws an old range in the coarser bucket the server read it in, the gaps as NaN', () => {
    // Two days of last year: the minutes are gone, the server answers 20-minute buckets.
    const start = END - 365 * DAY;
    const series = transformStats({
      points: [point(start + 1200)],
      interval: 1200,
      start,
      end: start + 2 * DAY,
    });
    expect(series.times).toHaveLength(144);
    expect(Number.isNaN(series.uplink[0])).toBe(true);
    expect(series.uplink[1]).toBe((3600 * 8) / 1200);
  });
});
