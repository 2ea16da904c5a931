const UNITS: [limitSeconds: number, seconds: number, unit: Intl.RelativeTimeFormatUnit][] = [
  [60, 1, 'second'],
  [3_600, 60, 'minute'],
  [86_400, 3_600, 'hour'],
  [30 * 86_400, 86_400, 'day'],
  [365 * 86_400, 30 * 86_400, 'month'],
  [Number.POSITIVE_INFINITY, 365 * 86_400, 'year'],
];

// Built per call rather than at import, as in format.ts.
const relativeFormat = () => new Intl.RelativeTimeFormat('en-GB', { numeric: 'auto' });

/** How long ago `value` was, e.g. 'just now', '5 minutes ago', 'yesterday' (session and activity lists). */
export function formatTimeAgo(value: string | Date, now: Date = new Date()): string {
  const seconds = Math.round((now.getTime() - new Date(value).getTime()) / 1000);
  // A clock a little ahead of the server's must not read 'in 3 seconds'.
  if (seconds < 45) return 'just now';
  const [, size, unit] = UNITS.find(([limit]) => seconds < limit) ?? UNITS[UNITS.length - 1]!;
  return relativeFormat().format(-Math.floor(seconds / size), unit);
}
