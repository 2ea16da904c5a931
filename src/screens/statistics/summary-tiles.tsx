import { useId } from 'react';
import { BINARY_UNITS_NOTE, formatBitRate, formatBits } from '../../lib/bits.ts';
import type { StatSeries } from '../../workers/stats.ts';
import styles from './summary-tiles.module.css';
import { tileChange } from './tile-change.ts';
import { formatClockTime } from './time-format.ts';

/** The seconds the data covers: each filled bucket, the partial one only for its elapsed part. */
function coveredSeconds(stat: StatSeries): number {
  const { filled, interval, partial } = stat;
  const open = partial && !Number.isNaN(stat.delivered[partial.index]!) ? interval - partial.elapsed : 0;
  return Math.max(1, filled * interval - open);
}

/** The totals over the window (spec 2 labels), each with the mean rate or a short explanation under it. */
export function summaryOf(stat: StatSeries) {
  const { totals } = stat;
  const seconds = coveredSeconds(stat);
  return [
    {
      key: 'uplink',
      label: 'NODR UPLINK',
      value: formatBits(totals.uplinkBits),
      note: `avg ${formatBitRate(totals.uplinkBits / seconds)}`,
    },
    {
      key: 'delivered',
      label: 'DELIVERED TO VIEWERS',
      value: formatBits(totals.deliveredBits),
      note: `avg ${formatBitRate(totals.deliveredBits / seconds)}`,
    },
    {
      key: 'input',
      label: 'INPUT FROM CDN',
      value: formatBits(totals.inputBits),
      note: `avg ${formatBitRate(totals.inputBits / seconds)}`,
    },
    { key: 'quality', label: 'QUALITY INDEX', value: totals.quality.toFixed(1), note: 'out of 100' },
    {
      key: 'ratio',
      label: 'DELIVER-TO-INPUT RATIO',
      value: `${totals.ratio.toFixed(2)}×`,
      note: 'delivered per bit from the CDN',
    },
  ];
}

export interface SummaryTilesProps {
  stat: StatSeries;
  busy: boolean;
  /** The figures are the built-in sample (spec 4): said on the tiles as on the charts. */
  sample: boolean;
  /** The previous period's series, when comparing: each tile shows its change on it. */
  previous?: StatSeries | null;
}

/** The totals of the window, under a heading that says whether they are sample figures or when they were read. */
export function SummaryTiles({ stat, busy, sample, previous }: SummaryTilesProps) {
  const titleId = useId();
  return (
    <section className={styles.totals} aria-labelledby={titleId}>
      <div className={styles.heading}>
        <h2 id={titleId} className={styles.title}>
          Totals
          {sample && <span className={styles.badge}>Sample data</span>}
        </h2>
        {!sample && stat.asOf !== null && (
          <span className={styles.updated}>Updated {formatClockTime(stat.asOf)} UTC</span>
        )}
      </div>
      <Tiles stat={stat} busy={busy} sample={sample} previous={previous} />
      <p className={styles.units}>{BINARY_UNITS_NOTE}</p>
    </section>
  );
}

function Tiles({ stat, busy, sample, previous }: SummaryTilesProps) {
  return (
    <ul
      className={styles.tiles}
      aria-label={sample ? 'Totals, sample data' : 'Totals'}
      aria-busy={busy || undefined}
    >
      {summaryOf(stat).map((tile) => {
        const change = previous ? tileChange(tile.key, stat.totals, previous.totals) : null;
        return (
          <li key={tile.key} className={styles.tile} data-tile={tile.key}>
            <span className={styles.label}>{tile.label}</span>
            <span className={styles.value}>{tile.value}</span>
            <span className={styles.note}>{tile.note}</span>
            {change && (
              <span className={styles.change} data-trend={change.trend}>
                <span aria-hidden="true">{change.text}</span>
                <span className="visually-hidden">{change.spoken}</span>
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
