import { describe, expect, it } from 'vitest';
import type { StatTotals } from '../../workers/stats.ts';
import { tileChange } from './tile-change.ts';

const totals = (uplinkBits: number, quality = 90): StatTotals => ({
  uplinkBits,
  deliveredBits: 0,
  inputBits: 0,
  viewers: 0,
  quality,
  ratio: 0,
});

describe('tileChange', () => {
  it.each([
    [112, 100, '▲ 12%', 'up 12% on the previous period', 'up'],
    [97, 100, '▼ 3%', 'down 3% on the previous period', 'down'],
    [100.4, 100, '0%', 'no change on the previous period', 'same'],
    [0, 100, '▼ 100%', 'down 100% on the previous period', 'down'],
  ])('%d after %d: %s', (now, before, text, spoken, trend) => {
    expect(tileChange('uplink', totals(now), totals(before))).toEqual({ text, spoken, trend });
  });

  it('compares the quality index as a figure too', () => {
    expect(tileChange('quality', totals(1, 99), totals(1, 90))?.text).toBe('▲ 10%');
  });

  it('has nothing to say when the previous period had nothing, or for an unknown tile', () => {
    expect(tileChange('uplink', totals(5), totals(0))).toBeNull();
    expect(tileChange('viewers', totals(5), totals(1))).toBeNull();
  });
});
