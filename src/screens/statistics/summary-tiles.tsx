import { formatBitRate, formatBits } from '../../lib/bits.ts';
import type { StatSeries } from '../../workers/stats.ts';
import styles from './summary-tiles.module.css';

/** The totals over the window (spec 2 labels), each with the mean rate or a short explanation under it. */
export function summaryOf(stat: StatSeries) {
  const { totals, filled, interval } = stat;
  const seconds = Math.max(1, filled * interval);
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

export function SummaryTiles({ stat, busy }: { stat: StatSeries; busy: boolean }) {
  return (
    <ul className={styles.tiles} aria-label="Totals" aria-busy={busy || undefined}>
      {summaryOf(stat).map((tile) => (
        <li key={tile.key} className={styles.tile} data-tile={tile.key}>
          <span className={styles.label}>{tile.label}</span>
          <span className={styles.value}>{tile.value}</span>
          <span className={styles.note}>{tile.note}</span>
        </li>
      ))}
    </ul>
  );
}
