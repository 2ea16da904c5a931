import type { AreaData, LineData, UTCTimestamp, WhitespaceData } from 'lightweight-charts';

/** A colour that draws nothing: the segment leaving the last point before a gap. */
export const GAP_COLOUR = 'rgba(0, 0, 0, 0)';

export type LinePoint = LineData<UTCTimestamp> | WhitespaceData<UTCTimestamp>;
export type AreaPoint = AreaData<UTCTimestamp> | WhitespaceData<UTCTimestamp>;

/**
 * How the segment into the partly filled bucket is drawn (faint), so that it stands apart from the trend. A
 * segment takes the colour of the point it leaves, so the style goes on the point before the partial one.
 */
export interface PartialStyle<T> {
  index: number;
  style: T;
}

type LineStyle = Pick<LineData, 'color'>;
type AreaStyle = Pick<AreaData, 'lineColor' | 'topColor' | 'bottomColor'>;

/**
 * One series as chart data. A NaN slot becomes whitespace, which keeps its place on the time scale; as a line
 * joins its neighbours across whitespace, the last point before a gap draws its outgoing segment in GAP_COLOUR.
 */
export function toLineData(
  times: Float64Array,
  values: Float64Array,
  partial?: PartialStyle<LineStyle>,
): LinePoint[] {
  const data: LinePoint[] = new Array(times.length);
  for (let index = 0; index < times.length; index += 1) {
    const time = times[index] as UTCTimestamp;
    const value = values[index]!;
    if (Number.isNaN(value)) data[index] = { time };
    else if (intoPartial(values, index, partial)) data[index] = { time, value, ...partial?.style };
    else if (beforeGap(values, index)) data[index] = { time, value, color: GAP_COLOUR };
    else data[index] = { time, value };
  }
  return data;
}

/** The same for an area series: its line and its fill both stop at a gap. */
export function toAreaData(
  times: Float64Array,
  values: Float64Array,
  partial?: PartialStyle<AreaStyle>,
): AreaPoint[] {
  const data: AreaPoint[] = new Array(times.length);
  for (let index = 0; index < times.length; index += 1) {
    const time = times[index] as UTCTimestamp;
    const value = values[index]!;
    if (Number.isNaN(value)) data[index] = { time };
    else if (intoPartial(values, index, partial)) data[index] = { time, value, ...partial?.style };
    else if (beforeGap(values, index))
      data[index] = { time, value, lineColor: GAP_COLOUR, topColor: GAP_COLOUR, bottomColor: GAP_COLOUR };
    else data[index] = { time, value };
  }
  return data;
}

/** The point whose outgoing segment reaches the partial bucket (which holds data). */
function intoPartial(values: Float64Array, index: number, partial?: { index: number }): boolean {
  return partial !== undefined && index === partial.index - 1 && !Number.isNaN(values[partial.index]!);
}

/** A point followed by a gap and then by more data. */
function beforeGap(values: Float64Array, index: number): boolean {
  if (index + 1 >= values.length || !Number.isNaN(values[index + 1]!)) return false;
  for (let next = index + 2; next < values.length; next += 1) if (!Number.isNaN(values[next]!)) return true;
  return false;
}
