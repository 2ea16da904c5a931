import { useEffect, useState } from 'react';
import { formatDateTime } from '../../lib/format.ts';
import { formatTimeAgo } from '../../lib/relative-time.ts';
import styles from './time-ago.module.css';

/** How often a relative time on screen is brought up to date. */
export const RELATIVE_TIME_TICK_MS = 30_000;

/** The current time, renewed every `tickMs`, so relative times move by themselves. */
export function useNow(tickMs = RELATIVE_TIME_TICK_MS): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), tickMs);
    return () => clearInterval(timer);
  }, [tickMs]);
  return now;
}

/** spec 9 style exact time in UTC, e.g. '22 November 2026, 14:05 UTC'. */
export const exactTime = (at: string) => `${formatDateTime(at)} UTC`;

/**
 * A moment shown relative ('12 minutes ago'), updating itself, with the exact time on hover (title), on keyboard
 * focus (a small tooltip) and for screen readers (read after the relative time).
 */
export function TimeAgo({ at, prefix }: { at: string; prefix?: string }) {
  const now = useNow();
  const exact = exactTime(at);
  return (
    <time
      className={styles.time}
      dateTime={at}
      title={exact}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: focus shows the exact time to keyboard users, as hover does.
      tabIndex={0}
    >
      {prefix ? `${prefix} ` : ''}
      {formatTimeAgo(at, now)}
      <span className={styles.exact}>
        <span className="visually-hidden">, </span>
        {exact}
      </span>
    </time>
  );
}
