import { describe, expect, it } from 'vitest';
import { toAreaData, toLineData } from '../../workers/chart-points.ts';
import { withPartialStyle } from './chart-data.ts';

const times = new Float64Array([60, 120, 180, 240, 300, 360]);

describe('the partial bucket on the worker data', () => {
  it('draws the segment into the partial bucket faint, and nothing when that bucket is empty', () => {
    const values = new Float64Array([1, 2, 3, 4, 5, 6]);
    const faint = { index: 5, style: { color: 'rgba(1, 2, 3, 0.4)' } };
    expect(withPartialStyle(toLineData(times, values), faint).slice(3)).toEqual([
      { time: 240, value: 4 },
      { time: 300, value: 5, color: 'rgba(1, 2, 3, 0.4)' },
      { time: 360, value: 6 },
    ]);
    const empty = new Float64Array([1, 2, 3, 4, 5, Number.NaN]);
    expect(withPartialStyle(toLineData(times, empty), faint)[4]).toEqual({ time: 300, value: 5 });
    const area = { index: 5, style: { lineColor: 'a', topColor: 'b', bottomColor: 'c' } };
    expect(withPartialStyle(toAreaData(times, values), area)[4]).toEqual({
      time: 300,
      value: 5,
      lineColor: 'a',
      topColor: 'b',
      bottomColor: 'c',
    });
  });

  it('leaves the worker data itself untouched, so a theme change starts again from it', () => {
    const data = toLineData(times, new Float64Array([1, 2, 3, 4, 5, 6]));
    withPartialStyle(data, { index: 5, style: { color: 'x' } });
    expect(data[4]).toEqual({ time: 300, value: 5 });
    expect(withPartialStyle(data, { index: -1, style: { color: 'x' } })).toBe(data);
  });
});
