import { formatDateTime } from '../../lib/format.ts';

/** A bucket's start for tooltips and labels, in UTC like the chart axes: '28 March 2022, 14:12 UTC'. */
export function formatSlotTime(seconds: number): string {
  return `${formatDateTime(seconds * 1000)} UTC`;
}

/** A time of day in UTC, '14:12', for 'Updated 14:12 UTC'. */
export function formatClockTime(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(11, 16);
}
