import type { ChartPoint } from '../../workers/chart-points.ts';

/**
 * How the segment into the partly filled bucket is drawn (faint), so that it stands apart from the trend. A
 * segment takes the colour of the point it leaves, so the style goes on the point before the partial one.
 */
export interface PartialStyle<T> {
  index: number;
  style: T;
}

/**
 * The worker's ready-to-draw points with the theme's faint style on the segment into the partial bucket (when that
 * bucket and the one before it hold data). The style depends on the theme, which the worker does not know, and it
 * touches one point: the others are shared with the worker's array, not copied.
 */
export function withPartialStyle<T extends ChartPoint, S extends object>(
  data: readonly T[],
  partial: PartialStyle<S>,
): readonly T[] {
  const { index } = partial;
  const before = data[index - 1];
  if (!before || !('value' in before) || !(data[index] && 'value' in data[index])) return data;
  const styled = data.slice();
  styled[index - 1] = { ...before, ...partial.style };
  return styled;
}
