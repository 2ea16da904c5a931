import { describe, expect, it } from 'vitest';
import { GAP_COLOUR, toAreaData, toLineData } from './chart-data.ts';

const times = new Float64Array([60, 120, 180, 240, 300, 360]);

describe('chart data with gaps', () => {
  it('turns NaN slots into whitespace and hides the segment that would cross the gap', () => {
    const values = new Float64Array([1, 2, Number.NaN, Number.NaN, 5, Number.NaN]);
    expect(toLineData(times, values)).toEqual([
      { time: 60, value: 1 },
      { time: 120, value: 2, color: GAP_COLOUR },
      { time: 180 },
      { time: 240 },
      { time: 300, value: 5 },
      { time: 360 },
    ]);
  });

  it('hides the fill as well as the line of an area across a gap', () => {
    const values = new Float64Array([1, Number.NaN, 3, 4, 5, 6]);
    expect(toAreaData(times, values)[0]).toEqual({
      time: 60,
      value: 1,
      lineColor: GAP_COLOUR,
      topColor: GAP_COLOUR,
      bottomColor: GAP_COLOUR,
    });
    expect(toAreaData(times, values).slice(2)).toEqual([
      { time: 180, value: 3 },
      { time: 240, value: 4 },
      { time: 300, value: 5 },
      { time: 360, value: 6 },
    ]);
  });

  it('draws the segment into the partial bucket faint, and nothing when that bucket is empty', () => {
    const values = new Float64Array([1, 2, 3, 4, 5, 6]);
    const faint = { index: 5, style: { color: 'rgba(1, 2, 3, 0.4)' } };
    expect(toLineData(times, values, faint).slice(3)).toEqual([
      { time: 240, value: 4 },
      { time: 300, value: 5, color: 'rgba(1, 2, 3, 0.4)' },
      { time: 360, value: 6 },
    ]);
    const empty = new Float64Array([1, 2, 3, 4, 5, Number.NaN]);
    expect(toLineData(times, empty, faint)[4]).toEqual({ time: 300, value: 5 });
    const area = { index: 5, style: { lineColor: 'a', topColor: 'b', bottomColor: 'c' } };
    expect(toAreaData(times, values, area)[4]).toEqual({
      time: 300,
      value: 5,
      lineColor: 'a',
      topColor: 'b',
      bottomColor: 'c',
    });
  });
});
