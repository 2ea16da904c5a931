import '@vitest/web-worker';
import { afterEach, describe, expect, it } from 'vitest';
import { createStatsWorker } from './stats.client.ts';

// The clone comes from Node's structuredClone, another realm than jsdom's globals: compare by tag, not instanceof.
const tagOf = (value: unknown) => Object.prototype.toString.call(value);

describe('the statistics worker through Comlink', () => {
  let stop: (() => void) | undefined;
  afterEach(() => stop?.());

  it('transforms service points into typed-array series', async () => {
    const { worker, api } = createStatsWorker();
    stop = () => worker.terminate();
    const dt = 1_700_000_400;
    const series = await api.transform({
      points: {
        [dt + 120]: {
          dt: dt + 120,
          nodrUpLink: 60,
          deliveredToViewers: 120,
          inputFromCdn: 0,
          totalViewers: 2,
          qualityIndex: 80,
          deliverToInputRatio: 0,
        },
        [dt]: {
          dt,
          nodrUpLink: 600,
          deliveredToViewers: 1200,
          inputFromCdn: 300,
          totalViewers: 4,
          qualityIndex: 100,
          deliverToInputRatio: 4,
        },
      },
      interval: 60,
    });
    expect(tagOf(series.times)).toBe('[object Float64Array]');
    expect(tagOf(series.delivered)).toBe('[object Float64Array]');
    expect(Array.from(series.times)).toEqual([dt, dt + 60, dt + 120]);
    expect(Array.from(series.uplink)).toEqual([80, Number.NaN, 8]);
    expect(Array.from(series.ratio)).toEqual([4, Number.NaN, 0]);
    expect(series.totals.deliveredBits).toBe(1320 * 8);
  });

  it('serves the built-in sample data as series', async () => {
    const { worker, api } = createStatsWorker();
    stop = () => worker.terminate();
    const series = await api.sample();
    expect(series.interval).toBe(60);
    expect(series.filled).toBe(500);
    expect(series.times[0]).toBe(1_648_476_720);
    expect(tagOf(series.quality)).toBe('[object Float64Array]');
  });

  it('passes a refusal back as a rejected call', async () => {
    const { worker, api } = createStatsWorker();
    stop = () => worker.terminate();
    await expect(api.transform({ points: [], interval: -1 })).rejects.toThrow('positive');
  });
});
