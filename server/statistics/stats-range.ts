import {
  isoUtcSeconds,
  RANGE_INTERVALS,
  rangeIntervalOf,
  STATS_RANGE_MAX_DAYS,
} from '../../contracts/stats-range.ts';
import type { Config } from '../config.ts';
import { badRequest } from '../lib/errors.ts';
import type { BucketTable } from './stats.repository.ts';
import type { StatsBuckets } from './stats-window.ts';

type RetentionConfig = Config['retention'];

const DAY_SECONDS = 86_400;

/** The bucket table of each width a range may be read in, and the retention setting that bounds it. */
const TABLE_OF_INTERVAL: Record<number, { table: BucketTable; retention: keyof RetentionConfig }> = {
  60: { table: 'stat_minute', retention: 'minuteDays' },
  1200: { table: 'stat_20m', retention: 'twentyMinuteDays' },
  3600: { table: 'stat_hour', retention: 'hourDays' },
  14400: { table: 'stat_hour', retention: 'hourDays' },
};

/**
 * The To date a person picks is inclusive, so a range of today ends at tomorrow's midnight: an end up to a day
 * ahead of the clock is taken, a later one is a mistake.
 */
const LATEST_END_AHEAD = DAY_SECONDS;

/** A checked custom range: the table to read and its buckets. */
export interface RangeBuckets extends StatsBuckets {
  table: BucketTable;
}

function instant(field: 'from' | 'to', text: string): number {
  const seconds = isoUtcSeconds(text);
  if (seconds === undefined)
    throw badRequest('bad_window', `${field} must be a date and time in UTC that exists.`);
  return seconds;
}

/**
 * The window of a custom range (docs/api-stats.md): [from, to), at most 400 days, within the retention. The bucket
 * follows the span (contracts/stats-range.ts); when the finer table no longer holds the window's start, the next
 * coarser one that does is read instead, so an older window is still answered, in wider buckets.
 */
export function statsRangeOf(
  from: string,
  to: string,
  now: number,
  retention: RetentionConfig,
): RangeBuckets {
  const start = instant('from', from);
  const end = instant('to', to);
  const span = end - start;
  if (span <= 0) throw badRequest('bad_window', 'to must be after from.');
  if (span > STATS_RANGE_MAX_DAYS * DAY_SECONDS) {
    throw badRequest('window_too_long', `A custom range is at most ${STATS_RANGE_MAX_DAYS} days.`);
  }
  if (end > now + LATEST_END_AHEAD)
    throw badRequest('outside_retention', 'to must not be more than a day ahead.');
  const interval = RANGE_INTERVALS.filter((width) => width >= rangeIntervalOf(span)).find(
    (width) => start >= now - retention[TABLE_OF_INTERVAL[width]!.retention] * DAY_SECONDS,
  );
  if (interval === undefined) {
    throw badRequest(
      'outside_retention',
      `from is older than the statistics kept (${retention.hourDays} days).`,
    );
  }
  return {
    table: TABLE_OF_INTERVAL[interval]!.table,
    interval,
    start,
    first: Math.ceil(start / interval) * interval,
    last: Math.ceil(end / interval) * interval,
  };
}
