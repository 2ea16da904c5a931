/**
 * The custom range of the statistics: any window of up to 400 days within the retention, asked from
 * POST {stats}v1/nodr/range (server/statistics/stats-range.ts) and chosen on the Statistics screen beside Day, Week
 * and Month. The spec's three period calls stay as they are; this is a fourth call beside them.
 */

/** The name of the custom range where a period name would stand: in the address, the call and the CSV. */
export const STATS_RANGE = 'custom';

/** The longest custom range, in days. */
export const STATS_RANGE_MAX_DAYS = 400;

const DAY_SECONDS = 86_400;

/**
 * The bucket follows the window so that a series has at most about 3,000 points: a minute up to 2 days (2,880),
 * 20 minutes up to 14 days (1,008), an hour up to 125 days (3,000), and four hours beyond, up to 400 days (2,400),
 * where hours would make 9,600. The first three are the bucket tables; four hours are read from the hourly one.
 */
const RANGE_BUCKETS: readonly { upToSeconds: number; intervalSeconds: number }[] = [
  { upToSeconds: 2 * DAY_SECONDS, intervalSeconds: 60 },
  { upToSeconds: 14 * DAY_SECONDS, intervalSeconds: 1200 },
  { upToSeconds: 125 * DAY_SECONDS, intervalSeconds: 3600 },
  { upToSeconds: STATS_RANGE_MAX_DAYS * DAY_SECONDS, intervalSeconds: 14_400 },
];

/** The bucket widths a range may be read in, finest first. */
export const RANGE_INTERVALS: readonly number[] = RANGE_BUCKETS.map((bucket) => bucket.intervalSeconds);

/** The bucket width of a window of `spanSeconds` (1 to 400 days). */
export function rangeIntervalOf(spanSeconds: number): number {
  const bucket = RANGE_BUCKETS.find((candidate) => spanSeconds <= candidate.upToSeconds);
  return (bucket ?? RANGE_BUCKETS[RANGE_BUCKETS.length - 1]!).intervalSeconds;
}

/** An instant in UTC as the range call takes it: `2026-03-01T00:00:00Z` (seconds optional). */
export const ISO_UTC_PATTERN = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2})?Z$';

const ISO_UTC = new RegExp(ISO_UTC_PATTERN);

/**
 * Unix seconds of an ISO UTC instant, or undefined when the text is not one: the pattern, and a date that exists
 * (Date.parse takes 30 February and reads it as 2 March, so the text must survive the round trip).
 */
export function isoUtcSeconds(text: string): number | undefined {
  if (!ISO_UTC.test(text)) return undefined;
  const ms = Date.parse(text);
  if (Number.isNaN(ms)) return undefined;
  const canonical = new Date(ms).toISOString();
  const written = text.length === 17 ? `${text.slice(0, 16)}:00.000Z` : `${text.slice(0, 19)}.000Z`;
  return canonical === written ? ms / 1000 : undefined;
}
