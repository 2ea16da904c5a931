import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { StatPoint } from '../../contracts/stats-answer.schema.ts';
import { partialBucket, transformStats } from './stats.ts';

/** An hour boundary (so also a 20-minute and a minute one). */
const HOUR = 1_699_999_200;
const WEEK_WINDOW = 604_800;

function minute(dt: number, bytes: number): StatPoint {
  return {
    dt,
    nodrUpLink: bytes,
    deliveredToViewers: bytes * 2,
    inputFromCdn: bytes,
    totalViewers: 10,
    qualityIndex: 90,
    deliverToInputRatio: 2,
  };
}

/** Every whole minute from `from` up to (not including) the minute holding `now`, at a steady byte count. */
function steadyMinutes(from: number, now: number, bytes: number): StatPoint[] {
  const points: StatPoint[] = [];
  for (let dt = from; dt + 60 <= now; dt += 60) points.push(minute(dt, bytes));
  return points;
}

/** A Week read: 20-minute buckets over [end - week, end), `end` the next boundary after `now`. */
function weekAt(now: number, points: StatPoint[]) {
  const end = Math.ceil(now / 1200) * 1200;
  return transformStats({ points, interval: 1200, start: end - WEEK_WINDOW, end, now });
}

describe('the partly filled bucket', () => {
  it('is the bucket holding now, with its whole elapsed minutes', () => {
    expect(partialBucket(HOUR, 3, 1200, HOUR + 2400 + 12 * 60 + 30)).toEqual({ index: 2, elapsed: 720 });
    // In its first minute no minute has ended yet: one minute is counted, so a point stamped now still has a rate.
    expect(partialBucket(HOUR, 3, 1200, HOUR + 2400 + 5)).toEqual({ index: 2, elapsed: 60 });
    // A minute bucket is whole once its point arrives; a bucket that has ended is whole.
    expect(partialBucket(HOUR, 3, 60, HOUR + 150)).toBeNull();
    expect(partialBucket(HOUR, 3, 1200, HOUR + 3600)).toBeNull();
    expect(partialBucket(HOUR, 3, 1200, undefined)).toBeNull();
    expect(partialBucket(HOUR, 3, 1200, HOUR - 1)).toBeNull();
  });

  it('draws a steady node at its steady rate, not as a drop at the right edge', () => {
    const now = HOUR + 12 * 60 + 40;
    const series = weekAt(now, steadyMinutes(HOUR - 3600, now, 7500));
    const last = series.times.length - 1;
    expect(series.partial).toEqual({ index: last, elapsed: 720 });
    // 7500 B a minute is 1000 bit/s, in the full buckets and in the partial one alike.
    expect(series.uplink[last - 1]).toBeCloseTo(1000, 9);
    expect(series.uplink[last]).toBeCloseTo(1000, 9);
    expect(series.delivered[last]).toBeCloseTo(2000, 9);
    // Volumes are what was sent: the partial bucket's 12 minutes, not scaled.
    expect(series.totals.uplinkBits).toBe(72 * 7500 * 8);
    expect(series.asOf).toBe(now);
  });

  it('keeps every bucket of a steady source at the same rate, whenever it is read (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3 * 3600 }),
        fc.integer({ min: 1, max: 10_000 }),
        fc.constantFrom(60, 1200, 3600),
        (offset, bytes, interval) => {
          const now = HOUR + 3 * 3600 + offset;
          const end = Math.ceil(now / interval) * interval;
          const start = end - 4 * 3600;
          const series = transformStats({
            points: steadyMinutes(start, now, bytes),
            interval,
            start,
            end,
            now,
          });
          const rate = (bytes * 8) / 60;
          for (let slot = 0; slot < series.times.length; slot += 1) {
            const value = series.uplink[slot]!;
            if (!Number.isNaN(value)) expect(value).toBeCloseTo(rate, 6);
          }
          if (series.partial) {
            expect(series.partial.index).toBe(series.times.length - 1);
            expect(series.partial.elapsed).toBeLessThan(interval);
            expect(series.partial.elapsed % 60).toBe(0);
          }
        },
      ),
    );
  });
});

describe('the extent of the data', () => {
  it('names the first and last slots with data, -1 when there is none', () => {
    const now = HOUR + 600;
    const fresh = weekAt(now, steadyMinutes(HOUR - 2 * 3600, now, 100));
    const slots = fresh.times.length;
    expect(fresh.dataTo).toBe(slots - 1);
    expect(fresh.times[fresh.dataFrom]).toBe(HOUR - 2 * 3600);
    const empty = weekAt(now, []);
    expect([empty.dataFrom, empty.dataTo]).toEqual([-1, -1]);
  });

  it('brackets exactly the filled slots (property)', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 0, max: 199 }), { maxLength: 40 }), (minutes) => {
        const series = transformStats({
          points: minutes.map((index) => minute(HOUR + index * 60, 10)),
          interval: 60,
          start: HOUR,
          end: HOUR + 200 * 60,
        });
        const from = minutes.length > 0 ? Math.min(...minutes) : -1;
        const to = minutes.length > 0 ? Math.max(...minutes) : -1;
        expect([series.dataFrom, series.dataTo]).toEqual([from, to]);
        for (let slot = 0; slot < 200; slot += 1) {
          const inside = slot >= series.dataFrom && slot <= series.dataTo;
          if (!inside) expect(Number.isNaN(series.uplink[slot]!)).toBe(true);
        }
      }),
    );
  });
});
