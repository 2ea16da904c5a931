/**
 * The statistics as CSV. The server streams it (POST {stats}v1/nodr/{period}?format=csv, or the
 * same call with `Accept: text/csv`; server/statistics/stats-csv.ts) and the web app's Export CSV button downloads it and
 * names the file with the same rule (src/api/stats-export.ts). Quoting is csv-stringify's, on the server.
 */
import type { StatPoint } from './stats-answer.schema.ts';
import { metricCsvColumns, STAT_METRICS } from './stats-metrics.ts';
import type { StatsPeriod } from './stats-periods.ts';
import type { STATS_RANGE } from './stats-range.ts';

/** What the `period` column and the file name say: a period of the spec, or the custom range. */
export type StatsCsvPeriod = StatsPeriod | typeof STATS_RANGE;

/** The query parameter and value that ask the statistics call for CSV. */
export const STATS_FORMAT_PARAM = 'format';
export const STATS_FORMATS = ['json', 'csv'] as const;
export type StatsFormat = (typeof STATS_FORMATS)[number];

export const CSV_MEDIA_TYPE = 'text/csv';
export const CSV_CONTENT_TYPE = `${CSV_MEDIA_TYPE}; charset=utf-8`;

/**
 * The columns, in order, one row per bucket with data: the bucket, then each metric of contracts/stats-metrics.ts in
 * its order. Traffic in bytes in the bucket and as the bucket's average rate in bit/s (bytes * 8 / interval,
 * rounded); viewers, quality (0..100) and D/I as the statistics call answers.
 */
export const STATS_CSV_COLUMNS: readonly string[] = [
  'time_utc',
  'team',
  'period',
  ...STAT_METRICS.flatMap(metricCsvColumns),
];

export type StatsCsvRow = [string, string, StatsCsvPeriod, ...number[]];

/** What every row of one export shares. */
export interface StatsCsvScope {
  team: string;
  period: StatsCsvPeriod;
  /** The bucket width, seconds: the period's, or the one the custom range was read in. */
  interval: number;
}

/** A bucket's average bit rate, whole bits per second. */
export const bitsPerSecond = (bytes: number, interval: number): number => Math.round((bytes * 8) / interval);

/** Unix seconds as ISO 8601 UTC, e.g. 2026-03-01T00:00:00Z. */
export const isoUtc = (seconds: number): string =>
  new Date(seconds * 1000).toISOString().replace('.000Z', 'Z');

/** One CSV row, in STATS_CSV_COLUMNS order, from a point of the statistics answer. */
export function statsCsvRow(point: StatPoint, scope: StatsCsvScope): StatsCsvRow {
  const { interval } = scope;
  const values = STAT_METRICS.flatMap((metric) => {
    const value = point[metric.name];
    return metric.unit === 'bytes' ? [value, bitsPerSecond(value, interval)] : [value];
  });
  return [isoUtc(point.dt), scope.team, scope.period, ...values];
}

/** The longest team part of a file name: the name stays readable in a download list. */
const MAX_TEAM_SLUG = 40;

/** A team name as a file-name part: ASCII letters and digits in lower case, runs of anything else as one '-'. */
export function fileNameSlug(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, MAX_TEAM_SLUG)
    .replace(/^-|-$/g, '');
  return slug || 'team';
}

/** A file-name timestamp: ISO UTC to the minute without colons (which Windows refuses), e.g. 2026-03-01T0000Z. */
const fileStamp = (seconds: number): string => `${isoUtc(seconds).slice(0, 16).replace(/:/g, '')}Z`;

/** `nodr-<team>-<period>-<from>-<to>.csv`; the window is [start, end) in Unix seconds. */
export function statsCsvFileName(input: {
  team: string;
  period: StatsCsvPeriod;
  start: number;
  end: number;
}): string {
  return `nodr-${fileNameSlug(input.team)}-${input.period}-${fileStamp(input.start)}-${fileStamp(input.end)}.csv`;
}
