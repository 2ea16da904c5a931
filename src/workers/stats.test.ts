import { describe, expect, it } from 'vitest';
import type { StatPoint } from '../../contracts/stats-answer.schema.ts';
import {
  type LegacyStatPoint,
  SAMPLE_FIRST_SECOND,
  SAMPLE_LAST_SECOND,
  samplePoints,
} from '../data/sample-stats.ts';
import { buffersOf, fromLegacy, MAX_SLOTS, partialBucket, transformStats } from './stats.ts';

/** On a minute and a 20-minute boundary (not an hour one). */
const T0 = 1_700_000_400;

function point(dt: number, bytes: Partial<StatPoint> = {}): StatPoint {
  return {
    dt,
    nodrUpLink: 600,
    deliveredToViewers: 3000,
    inputFromCdn: 1500,
    totalViewers: 10,
    qualityIndex: 90,
    deliverToInputRatio: 2,
    ...bytes,
  };
}

const values = (array: Float64Array) => Array.from(array);

describe('transformStats with the chart shape', () => {
  it('sorts a map keyed by time and turns bytes per bucket into bits per second', () => {
    const result = {
      [T0 + 120]: point(T0 + 120),
      [T0]: point(T0),
      [T0 + 60]: point(T0 + 60, { nodrUpLink: 1200 }),
    };
    const series = transformStats({ points: result, interval: 60 });
    expect(values(series.times)).toEqual([T0, T0 + 60, T0 + 120]);
    expect(values(series.uplink)).toEqual([80, 160, 80]); // 600 B * 8 / 60 s
    expect(values(series.delivered)).toEqual([400, 400, 400]);
    expect(values(series.input)).toEqual([200, 200, 200]);
    expect(values(series.ratio)).toEqual([2, 2, 2]);
    expect(values(series.quality)).toEqual([90, 90, 90]);
    expect(series.filled).toBe(3);
    expect(series.totals).toEqual({
      uplinkBits: 2400 * 8,
      deliveredBits: 9000 * 8,
      inputBits: 4500 * 8,
      viewers: 10,
      quality: 90,
      ratio: 2,
    });
  });

  it('leaves a missing bucket as a gap (NaN in every series), not a line across', () => {
    const series = transformStats({ points: [point(T0 + 180), point(T0)], interval: 60 });
    expect(values(series.times)).toEqual([T0, T0 + 60, T0 + 120, T0 + 180]);
    for (const array of [series.uplink, series.delivered, series.input, series.quality, series.ratio]) {
      expect(Number.isNaN(array[1])).toBe(true);
      expect(Number.isNaN(array[2])).toBe(true);
      expect(Number.isFinite(array[0])).toBe(true);
      expect(Number.isFinite(array[3])).toBe(true);
    }
    expect(series.filled).toBe(2);
  });

  it('covers the whole window [start, end) when given, dropping points outside it', () => {
    const start = T0 - 1200 * 3 + 7; // not on a bucket boundary
    const end = T0 + 1200 * 2;
    const series = transformStats({
      points: [point(T0), point(T0 - 1200 * 10), point(end)],
      interval: 1200,
      start,
      end,
    });
    expect(values(series.times)).toEqual([T0 - 2400, T0 - 1200, T0, T0 + 1200]);
    expect(series.filled).toBe(1);
    expect(series.uplink[2]).toBe((600 * 8) / 1200);
  });

  it('adds up points that share a bucket: several nodes, or minutes rolled into an hour', () => {
    const hour = 1_700_002_800; // a multiple of 3600
    const nodeA = [point(hour), point(hour + 60)];
    const nodeB = [
      point(hour, { totalViewers: 30, qualityIndex: 50 }),
      point(hour + 60, { totalViewers: 30 }),
    ];
    const series = transformStats({ points: [...nodeA, ...nodeB], interval: 3600 });
    expect(values(series.times)).toEqual([hour]);
    expect(series.uplink[0]).toBeCloseTo((4 * 600 * 8) / 3600);
    // Two distinct minutes, each with 10 + 30 viewers: 40 viewers, not 80.
    expect(series.totals.viewers).toBe(40);
    expect(series.quality[0]).toBe((90 + 50 + 90 + 90) / 4);
  });

  it('gives a ratio of 0, never Infinity or NaN, when nothing came from the CDN', () => {
    const series = transformStats({
      points: [point(T0, { inputFromCdn: 0, deliveredToViewers: 5000 }), point(T0 + 60, { inputFromCdn: 0 })],
      interval: 60,
    });
    expect(values(series.ratio)).toEqual([0, 0]);
    expect(series.totals.ratio).toBe(0);
    expect(Number.isFinite(series.totals.ratio)).toBe(true);
  });

  it('takes the totals from the service when it sends them, sanitised', () => {
    const total = point(T0, {
      nodrUpLink: 10,
      deliveredToViewers: 20,
      inputFromCdn: 0,
      deliverToInputRatio: Number.NaN,
    });
    const series = transformStats({ points: [point(T0)], interval: 60, total });
    expect(series.totals).toMatchObject({ uplinkBits: 80, deliveredBits: 160, inputBits: 0, ratio: 0 });
  });

  it('answers empty series for no points, and refuses absurd requests', () => {
    const empty = transformStats({ points: {}, interval: 60 });
    expect(empty.times.length).toBe(0);
    expect(empty.totals).toEqual({
      uplinkBits: 0,
      deliveredBits: 0,
      inputBits: 0,
      viewers: 0,
      quality: 0,
      ratio: 0,
    });
    expect(() => transformStats({ points: [], interval: 0 })).toThrow(RangeError);
    expect(() => transformStats({ points: [point(0), point(60 * (MAX_SLOTS + 1))], interval: 60 })).toThrow(
      RangeError,
    );
  });
});

describe('transformStats with the older shape', () => {
  const legacy = (datePoint: number, cdn: number, p2p: number): LegacyStatPoint => ({
    datePoint,
    cdnDwSize: cdn,
    cdnUsersCount: 3,
    p2pDwSize: p2p,
    p2pUsersCount: 7,
  });

  it('maps uplink = p2p, delivered = cdn + p2p, input = cdn, viewers = both counts', () => {
    expect(fromLegacy(legacy(T0, 300, 900))).toEqual({
      dt: T0,
      uplink: 900,
      delivered: 1200,
      input: 300,
      viewers: 10,
      quality: 70 + (30 * 900) / 1200,
    });
  });

  it('sorts unsorted points, leaves gaps and keeps the ratio finite', () => {
    const series = transformStats({
      points: [legacy(T0 + 120, 0, 600), legacy(T0, 600, 600)],
      interval: 60,
    });
    expect(values(series.times)).toEqual([T0, T0 + 60, T0 + 120]);
    expect(values(series.delivered)).toEqual([160, Number.NaN, 80]);
    expect(values(series.ratio)).toEqual([2, Number.NaN, 0]);
    expect(series.totals.ratio).toBe(1800 / 600);
  });

  it('draws the built-in sample: 500 one-minute points inside the spec 1 range, with one gap', () => {
    const points = samplePoints();
    expect(points).toHaveLength(500);
    for (const sample of points) {
      expect(sample.datePoint).toBeGreaterThanOrEqual(SAMPLE_FIRST_SECOND);
      expect(sample.datePoint).toBeLessThanOrEqual(SAMPLE_LAST_SECOND);
      expect(sample.cdnDwSize).toBeGreaterThan(0);
    }
    const series = transformStats({ points, interval: 60 });
    expect(series.filled).toBe(500);
    expect(series.times.length).toBe(512);
    expect(Number.isNaN(series.delivered[300])).toBe(true);
    expect(series.totals.ratio).toBeGreaterThan(1);
  });
});

describe('buffersOf', () => {
  it('lists the six typed arrays (the times and the five drawn series), ready to transfer', () => {
    const series = transformStats({ points: [point(T0)], interval: 60 });
    const buffers = buffersOf(series);
    expect(buffers).toHaveLength(6);
    expect(new Set(buffers).size).toBe(6);
    const clone = structuredClone(series, { transfer: buffers });
    expect(series.times.length).toBe(0); // moved, not copied
    expect(Array.from(clone.times)).toEqual([T0]);
  });
});

describe('transformStats at its edges', () => {
  it('gives a legacy point without traffic a quality of 0, not NaN', () => {
    const idle = { datePoint: T0, cdnDwSize: 0, cdnUsersCount: 0, p2pDwSize: 0, p2pUsersCount: 0 };
    expect(fromLegacy(idle).quality).toBe(0);
  });

  it('fits the points when the window has a start but no end', () => {
    const series = transformStats({
      points: [point(T0 + 60), point(T0 + 120)],
      interval: 60,
      start: T0 - 600,
    });
    expect(values(series.times)).toEqual([T0 + 60, T0 + 120]);
  });

  it('fits the points when the window has an end but no start', () => {
    const series = transformStats({
      points: [point(T0 + 60), point(T0 + 120)],
      interval: 60,
      end: T0 + 6000,
    });
    expect(values(series.times)).toEqual([T0 + 60, T0 + 120]);
  });

  it('gives a ratio of 0, not a negative one, for a point with a negative input', () => {
    const series = transformStats({ points: [point(T0, { inputFromCdn: -100 })], interval: 60 });
    expect(values(series.ratio)).toEqual([0]);
    expect(series.totals.ratio).toBe(0);
  });

  it('leaves out points without a time, keeping the rest on their grid', () => {
    const series = transformStats({ points: [point(Number.NaN), point(T0), point(T0 + 60)], interval: 60 });
    expect(values(series.times)).toEqual([T0, T0 + 60]);
    expect(series.filled).toBe(2);
  });

  it('counts the viewers of each hour by its own distinct minutes', () => {
    const hour = 1_700_002_800;
    const series = transformStats({
      points: [point(hour, { totalViewers: 12 }), point(hour + 3600, { totalViewers: 30 })],
      interval: 3600,
    });
    // The tiles' mean of the hours' viewers: (12 + 30) / 2.
    expect(series.totals.viewers).toBe(21);
  });

  it('names a broken interval', () => {
    expect(() => transformStats({ points: [], interval: -60 })).toThrow(
      'The interval must be a positive number of seconds.',
    );
  });

  it('treats the first bucket like any other while it fills', () => {
    expect(partialBucket(T0, 3, 1200, T0 + 300)).toEqual({ index: 0, elapsed: 300 });
  });
});

describe('what crosses back to the main thread (STYLE.md rule 7)', () => {
  it('answers numbers only: every series a transferred typed array, no array of point objects', () => {
    const series = transformStats({ points: [point(T0), point(T0 + 60), point(T0 + 180)], interval: 60 });
    const arrays = Object.values(series).filter((value) => ArrayBuffer.isView(value));
    expect(buffersOf(series).sort()).toEqual(arrays.map((array) => array.buffer).sort());
    const fields: unknown[] = Object.values(series);
    const cloned = fields.filter(
      (value): value is object => typeof value === 'object' && value !== null && !ArrayBuffer.isView(value),
    );
    for (const small of cloned) {
      expect(Object.values(small).every((field) => typeof field === 'number')).toBe(true);
    }
  });

  it('builds only the series some chart draws: no viewers series (its total still reaches the tiles)', () => {
    const series = transformStats({ points: [point(T0)], interval: 60 });
    expect(series).not.toHaveProperty('viewers');
    expect(buffersOf(series)).toHaveLength(6);
    expect(series.totals.viewers).toBe(10);
  });
});
