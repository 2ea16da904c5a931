import { isoUtcSeconds, STATS_RANGE, STATS_RANGE_MAX_DAYS } from '../../../contracts/stats-range.ts';

/** A custom range as a person picks it: From and To dates in UTC (`YYYY-MM-DD`), both days included. */
export interface CustomRange {
  from: string;
  to: string;
}

const DAY_SECONDS = 86_400;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Unix seconds of a date's midnight in UTC, or undefined when the text is not a date that exists. */
function dateSeconds(date: string): number | undefined {
  return DATE.test(date) ? isoUtcSeconds(`${date}T00:00:00Z`) : undefined;
}

const dateOf = (seconds: number): string => new Date(seconds * 1000).toISOString().slice(0, 10);

/** The window the range call takes, `[from, to)` as ISO UTC: the To day is included, so it ends the next midnight. */
export function rangeWindow(range: CustomRange): { from: string; to: string } {
  const to = (dateSeconds(range.to) ?? 0) + DAY_SECONDS;
  return { from: `${range.from}T00:00:00Z`, to: `${dateOf(to)}T00:00:00Z` };
}

/**
 * Why a range cannot be asked for, in words for the form, or null when it can: both dates real, From not after
 * To, at most 400 days. (How old it may be is the server's to say: it knows the retention.)
 */
export function rangeProblem(range: CustomRange): string | null {
  const from = dateSeconds(range.from);
  const to = dateSeconds(range.to);
  if (from === undefined || to === undefined) return 'Enter both dates.';
  if (to < from) return 'From must not be after To.';
  if (to + DAY_SECONDS - from > STATS_RANGE_MAX_DAYS * DAY_SECONDS) {
    return `A custom range is at most ${STATS_RANGE_MAX_DAYS} days.`;
  }
  return null;
}

/** The last `days` days through today (UTC), the range Custom starts from. */
export function recentRange(nowSeconds: number, days = 7): CustomRange {
  return { from: dateOf(nowSeconds - (days - 1) * DAY_SECONDS), to: dateOf(nowSeconds) };
}

/** The address's range (`?range=custom&from=2026-03-01&to=2026-03-07`), or null when it holds none or a bad one. */
export function rangeFromAddress(search: string): CustomRange | null {
  const params = new URLSearchParams(search);
  if (params.get('range') !== STATS_RANGE) return null;
  const range = { from: params.get('from') ?? '', to: params.get('to') ?? '' };
  return rangeProblem(range) === null ? range : null;
}

/** The address's query for a range, or '' for a period (which the saved settings hold instead). */
export function addressOfRange(range: CustomRange | null): string {
  return range ? `?${new URLSearchParams({ range: STATS_RANGE, from: range.from, to: range.to })}` : '';
}
