import { describe, expect, it } from 'vitest';
import { type Counters, counterTraffic, zeroTraffic } from './traffic.ts';

describe('traffic from the node software counters', () => {
  it('reports the difference between two readings for the minute that ended', async () => {
    const readings: Counters[] = [
      { uplinkBytes: 1_000, deliveredBytes: 5_000, inputBytes: 4_000, viewers: 3, quality: 99 },
      { uplinkBytes: 1_600, deliveredBytes: 6_500, inputBytes: 4_900, viewers: 4, quality: 97 },
      // The node software restarted: its counters began again from zero.
      { uplinkBytes: 200, deliveredBytes: 700, inputBytes: 500, viewers: 2, quality: 120 },
    ];
    const source = counterTraffic(
      async () => readings.shift()!,
      () => {},
    );
    expect(await source.collect([])).toEqual([]);
    expect(await source.collect([60, 120])).toEqual([
      { ts: 120, uplink: 600, delivered: 1_500, input: 900, viewers: 4, quality: 97 },
    ]);
    expect(await source.collect([180])).toEqual([
      { ts: 180, uplink: 200, delivered: 700, input: 500, viewers: 2, quality: 100 },
    ]);
  });

  it('reports nothing for a minute whose counters cannot be read, and says why', async () => {
    const errors: string[] = [];
    const source = counterTraffic(
      async () => {
        throw new Error('ECONNREFUSED');
      },
      (error) => errors.push(error.message),
    );
    expect(await source.collect([60])).toEqual([]);
    expect(errors).toEqual(['ECONNREFUSED']);
  });

  it('without counters reports each minute with no traffic', async () => {
    expect(await zeroTraffic.collect([60])).toEqual([
      { ts: 60, uplink: 0, delivered: 0, input: 0, viewers: 0, quality: 100 },
    ]);
  });
});
