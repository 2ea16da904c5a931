import styles from './statistics-skeleton.module.css';

/** One shape per summary tile (summary-tiles.tsx). */
const TILES = ['uplink', 'delivered', 'input', 'quality', 'ratio'] as const;

/**
 * What the Statistics screen shows while its first figures load: grey shapes where the tiles and the three charts
 * will be, so that a slow network shows the page's layout (and the page does not jump when the figures arrive),
 * announced once as a loading status.
 */
export function StatisticsSkeleton() {
  return (
    <div className={styles.skeleton} role="status" aria-label="Loading statistics">
      <div className={styles.heading} aria-hidden="true" />
      <div className={styles.tiles} aria-hidden="true">
        {TILES.map((tile) => (
          <div key={tile} className={styles.tile} data-skeleton="tile" />
        ))}
      </div>
      <div className={`${styles.chart} ${styles.traffic}`} data-skeleton="chart" aria-hidden="true" />
      <div className={styles.pair} aria-hidden="true">
        <div className={styles.chart} data-skeleton="chart" />
        <div className={styles.chart} data-skeleton="chart" />
      </div>
    </div>
  );
}
