import type { StatsPeriod } from '../../../contracts/stats-periods.ts';

/**
 * How often each filter's figures are read again while they are on screen: Day gains a point a minute; a Week
 * bucket (20 min) and a Month bucket (1 h) change slowly, so reading them more often only costs the server.
 */
export const REFRESH_SECONDS: Record<StatsPeriod, number> = { day: 60, week: 300, month: 900 };

/** The node agent sends each minute about 2 s after it ends (docs/agent.md): read a little after that. */
export const REFRESH_SETTLE_MS = 3_000;

/** Each tab reads at its own offset within this spread, so many open tabs do not hit the server together. */
export const REFRESH_JITTER_MS = 5_000;

/** The shortest wait between two reads, whatever the clock says. */
export const MIN_REFRESH_MS = 1_000;

/**
 * Milliseconds from `now` (Unix seconds) to the next read. Reads fall at a fixed offset past each period boundary
 * (the settle time plus the tab's jitter), so a tab reads once a period, just after a new minute has been sent,
 * whatever the time of its first read; the wait is never longer than a period.
 */
export function refreshDelayMs(filter: StatsPeriod, now: number, jitterMs: number): number {
  const period = REFRESH_SECONDS[filter] * 1000;
  if (!Number.isFinite(now)) return period;
  const offset = REFRESH_SETTLE_MS + Math.min(Math.max(jitterMs, 0), REFRESH_JITTER_MS);
  const read = now * 1000;
  const next = Math.floor((read - offset) / period) * period + period + offset;
  return Math.max(MIN_REFRESH_MS, next - read);
}
