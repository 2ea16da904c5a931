import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { StatPoint } from '../../contracts/stats-answer.schema.ts';
import { MAX_SLOTS, transformStats } from './stats.ts';

/** A day boundary, so also an hour, 20-minute and minute one. */
const DAY = 1_699_920_000;
const INTERVALS = [60, 1200, 3600] as const;

const point = (dt: number, bytes: { up: number; delivered: number; input: number }): StatPoint => ({
  dt,
  nodrUpLink: bytes.up,
  deliveredToViewers: bytes.delivered,
  inputFromCdn: bytes.input,
  totalViewers: 4,
  qualityIndex: 80,
  deliverToInputRatio: 1,
});

/** Whole-minute points over six hours, in any order, several at one minute allowed (several nodes). */
const minutePoints = fc.array(
  fc.record({
    minute: fc.nat({ max: 359 }),
    up: fc.nat({ max: 1e9 }),
    delivered: fc.nat({ max: 1e9 }),
    input: fc.nat({ max: 1e9 }),
  }),
  { maxLength: 60 },
);

const notFinite = fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY);
/** Any number a broken or hostile answer could carry; sums of 1e300 still fit in a double. */
const anyNumber = fc.oneof(fc.double({ min: -1e300, max: 1e300, noNaN: true }), notFinite, fc.constant(-0));

const bucketSum = (rates: Float64Array, interval: number) =>
  Array.from(rates)
    .filter((rate) => !Number.isNaN(rate))
    .reduce((sum, rate) => sum + (rate * interval) / 8, 0);

describe('the statistics transform as properties', () => {
  it('adds up to the totals: the bytes of every bucket, in bits, are the window total', () => {
    fc.assert(
      fc.property(minutePoints, fc.constantFrom(...INTERVALS), (raw, interval) => {
        const points = raw.map((p) => point(DAY + p.minute * 60, p));
        const series = transformStats({ points, interval });
        const bytes = (pick: (p: (typeof raw)[number]) => number) => raw.reduce((sum, p) => sum + pick(p), 0);
        const close = (actual: number, expected: number) =>
          expect(Math.abs(actual - expected)).toBeLessThanOrEqual(Math.max(1e-6, expected * 1e-9));
        close(series.totals.uplinkBits, bytes((p) => p.up) * 8);
        close(series.totals.deliveredBits, bytes((p) => p.delivered) * 8);
        close(series.totals.inputBits, bytes((p) => p.input) * 8);
        close(bucketSum(series.uplink, interval) * 8, series.totals.uplinkBits);
        close(bucketSum(series.delivered, interval) * 8, series.totals.deliveredBits);
        close(bucketSum(series.input, interval) * 8, series.totals.inputBits);
      }),
      { numRuns: 150 },
    );
  });

  it('keeps gaps as gaps: a bucket is NaN in every series exactly when no point falls in it', () => {
    fc.assert(
      fc.property(minutePoints, fc.constantFrom(...INTERVALS), (raw, interval) => {
        const start = DAY;
        const end = DAY + 6 * 3600;
        const points = raw.map((p) => point(start + p.minute * 60, p));
        const series = transformStats({ points, interval, start, end });
        const slots = (end - start) / interval;
        const occupied = new Set(points.map((p) => Math.floor((p.dt - start) / interval)));
        const expectedGaps = Array.from({ length: slots }, (_, slot) => !occupied.has(slot));
        expect(Array.from(series.times)).toEqual(
          Array.from({ length: slots }, (_, slot) => start + slot * interval),
        );
        for (const values of [series.uplink, series.delivered, series.input, series.quality, series.ratio]) {
          expect(Array.from(values, Number.isNaN)).toEqual(expectedGaps);
        }
        expect(series.filled).toBe(occupied.size);
      }),
      { numRuns: 150 },
    );
  });

  it('answers no NaN or Infinity outside the gaps, whatever numbers the points and totals carry', () => {
    const anyPoint = fc.record({
      dt: fc.oneof(fc.integer({ min: DAY, max: DAY + 7200 }), notFinite),
      nodrUpLink: anyNumber,
      deliveredToViewers: anyNumber,
      inputFromCdn: anyNumber,
      totalViewers: anyNumber,
      qualityIndex: anyNumber,
      deliverToInputRatio: anyNumber,
    });
    fc.assert(
      fc.property(fc.array(anyPoint, { maxLength: 20 }), fc.option(anyPoint), (points, total) => {
        const series = transformStats({ points, interval: 60, ...(total ? { total } : {}) });
        for (const value of Object.values(series.totals)) expect(Number.isFinite(value)).toBe(true);
        const filled = (values: Float64Array) =>
          Array.from(values).filter((_, slot) => !Number.isNaN(series.ratio[slot]));
        for (const values of [series.times, ...[series.uplink, series.delivered, series.input].map(filled)]) {
          expect(Array.from(values).every(Number.isFinite)).toBe(true);
        }
        expect(filled(series.ratio).every(Number.isFinite)).toBe(true);
      }),
      { numRuns: 100 },
    );
  });
});

describe('the service totals (spec 3: bytes, shown in bits)', () => {
  it('turns every byte total into bits and keeps the ratio the service sent', () => {
    const total = point(DAY, { up: 100, delivered: 300, input: 150 });
    const series = transformStats({ points: [], interval: 60, total: { ...total, deliverToInputRatio: 2 } });
    expect(series.totals).toEqual({
      uplinkBits: 800,
      deliveredBits: 2400,
      inputBits: 1200,
      viewers: 4,
      quality: 80,
      ratio: 2,
    });
  });

  it('reads a negative ratio as 0', () => {
    const total = { ...point(DAY, { up: 1, delivered: 1, input: 1 }), deliverToInputRatio: -3 };
    expect(transformStats({ points: [], interval: 60, total }).totals.ratio).toBe(0);
  });
});

describe('how long a series may be', () => {
  it('draws a Month of hourly buckets over a whole window', () => {
    const start = DAY;
    const end = DAY + 2_592_000;
    const series = transformStats({
      points: [point(end - 3600, { up: 1, delivered: 1, input: 1 })],
      interval: 3600,
      start,
      end,
    });
    expect(series.times.length).toBe(720);
    expect(series.filled).toBe(1);
  });

  it('draws up to MAX_SLOTS minute buckets and refuses one more', () => {
    expect(transformStats({ points: [], interval: 60, start: 0, end: 60 * MAX_SLOTS }).times.length).toBe(
      MAX_SLOTS,
    );
    expect(() => transformStats({ points: [], interval: 60, start: 0, end: 60 * (MAX_SLOTS + 1) })).toThrow(
      RangeError,
    );
  });

  it('refuses a window whose minutes would need more than 8 million cells, and takes one of exactly 8 million', () => {
    // 20-minute buckets hold 20 minutes each: 400,000 buckets are 8,000,000 minutes.
    expect(transformStats({ points: [], interval: 1200, start: 0, end: 1200 * 400_000 }).times.length).toBe(
      400_000,
    );
    expect(() => transformStats({ points: [], interval: 1200, start: 0, end: 1200 * 400_001 })).toThrow(
      'A series of 400001 buckets is too long to draw.',
    );
  });
});
