import type { StatTotals } from '../../workers/stats.ts';

/** A tile's change on the previous period: what it shows, what a screen reader says, and its direction. */
export interface TileChange {
  text: string;
  spoken: string;
  trend: 'up' | 'down' | 'same';
}

/** The total each tile compares, by the tile's key (summaryOf in summary-tiles.tsx). */
const TOTAL_OF_TILE: Record<string, keyof StatTotals> = {
  uplink: 'uplinkBits',
  delivered: 'deliveredBits',
  input: 'inputBits',
  quality: 'quality',
  ratio: 'ratio',
};

/**
 * '▲ 12%' and 'up 12% on the previous period', rounded to a whole percent; null when the tile has no total to
 * compare or the previous period had nothing (a change from zero is no percentage).
 */
export function tileChange(tile: string, now: StatTotals, before: StatTotals): TileChange | null {
  const total = TOTAL_OF_TILE[tile];
  if (!total) return null;
  const previous = before[total];
  if (!(previous > 0) || !Number.isFinite(now[total])) return null;
  const percent = Math.round(((now[total] - previous) / previous) * 100);
  if (percent === 0) return { text: '0%', spoken: 'no change on the previous period', trend: 'same' };
  const up = percent > 0;
  const size = `${Math.abs(percent)}%`;
  return {
    text: `${up ? '▲' : '▼'} ${size}`,
    spoken: `${up ? 'up' : 'down'} ${size} on the previous period`,
    trend: up ? 'up' : 'down',
  };
}
