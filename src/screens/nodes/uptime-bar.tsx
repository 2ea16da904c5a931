import { DAY_MS } from '../../../contracts/node-uptime.ts';
import type { Node } from '../../api/nodes.ts';
import { formatDate } from '../../lib/format.ts';
import styles from './uptime-bar.module.css';

type Uptime = NonNullable<Node['uptime']>;

/**
 * A fraction as a percentage with two decimals, rounded down so that a node that was offline at all never reads
 * "100.00%": 0.99934 -> '99.93%', 1 -> '100%'.
 */
function uptimePercent(fraction: number): string {
  if (fraction >= 1) return '100%';
  return `${(Math.floor(fraction * 10_000) / 100).toFixed(2)}%`;
}

/** A day's colour: healthy, degraded or poor; a day without active time is a blank cell. */
function tone(fraction: number | null): string {
  if (fraction === null) return styles.none ?? '';
  if (fraction >= 0.999) return styles.good ?? '';
  if (fraction >= 0.95) return styles.fair ?? '';
  return styles.poor ?? '';
}

/** The label of one day's cell, its tooltip and its text for screen readers: '26 November 2026: 99.93%'. */
function dayLabel(dayStartMs: number, fraction: number | null): string {
  return `${formatDate(dayStartMs)}: ${fraction === null ? 'not active' : uptimePercent(fraction)}`;
}

/**
 * The node's uptime on its card: the 30-day figure and one cell per UTC day, the last being today. Nothing for a
 * node with no active time in 30 days (or a server that does not answer uptime).
 */
export function UptimeBar({ uptime }: { uptime: Uptime | undefined }) {
  if (!uptime || uptime.month === null) return null;
  const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
  const first = today - (uptime.days.length - 1) * DAY_MS;
  return (
    <div className={styles.uptime}>
      <p className={styles.figure}>{`Uptime ${uptimePercent(uptime.month)} · 30 d`}</p>
      <ol className={styles.bar} aria-label="Uptime per day, last 30 days">
        {uptime.days.map((fraction, index) => {
          const dayStart = first + index * DAY_MS;
          const label = dayLabel(dayStart, fraction);
          return (
            <li key={dayStart} className={`${styles.day} ${tone(fraction)}`} title={label}>
              <span className="visually-hidden">{label}</span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
