import { STATS_PERIOD, type StatsPeriod } from '../../contracts/stats-periods.ts';
import { badRequest } from '../lib/errors.ts';

/** The buckets a statistics request reads: [first, last) in steps of interval, all Unix seconds. */
export interface StatsBuckets {
  interval: number;
  /** The request's start, whole seconds (total_result.dt). */
  start: number;
  first: number;
  last: number;
}

/**
 * spec 7: the window of a statistics request, a pure rule so that it has one home and is measured by the mutation
 * check. Refuses an empty or reversed window and one longer than the period's (400).
 */
export function statsWindowOf(
  period: StatsPeriod,
  startTimestamp: number,
  endTimestamp: number,
): StatsBuckets {
  const { windowSeconds: window, intervalSeconds: interval } = STATS_PERIOD[period];
  const start = Math.floor(startTimestamp);
  const end = Math.floor(endTimestamp);
  const span = end - start;
  if (span <= 0) throw badRequest('bad_window', 'endTimestamp must be after startTimestamp.');
  if (span > window) throw badRequest('window_too_long', `A ${period} window is at most ${window} seconds.`);
  // The buckets starting in [start, end) are exactly those starting in [first, last): requests a few seconds apart
  // share an answer, and only total_result.dt (the request's start) differs.
  const first = Math.ceil(start / interval) * interval;
  const last = Math.ceil(end / interval) * interval;
  return { interval, start, first, last };
}
