import { describe, expect, it } from 'vitest';
import { GAP_COLOUR, toAreaData, toLineData } from './chart-points.ts';

const times = new Float64Array([60, 120, 180, 240, 300, 360]);

describe('chart points with gaps (built in the worker)', () => {
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
});
