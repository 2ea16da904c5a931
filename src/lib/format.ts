import { enGB } from 'date-fns/locale';
import { formatInTimeZone } from 'date-fns-tz';

const DECIMAL_PREFIXES = ['', 'K', 'M', 'G', 'T', 'P'] as const;

/** Splits a value into a number under 1000 and its decimal prefix (spec 9: decimal K/M/G/T/P for configurations). */
function decimal(value: number): { amount: string; prefix: string } {
  let amount = Math.abs(value);
  let step = 0;
  while (amount >= 1000 && step < DECIMAL_PREFIXES.length - 1) {
    amount /= 1000;
    step += 1;
  }
  // One decimal place below 10 (e.g. '2.5 TB'), none above; trailing '.0' dropped.
  const rounded = amount < 10 ? Math.round(amount * 10) / 10 : Math.round(amount);
  return { amount: `${value < 0 ? '-' : ''}${rounded}`, prefix: DECIMAL_PREFIXES[step]! };
}

/** Bytes in decimal units: 2e12 -> '2 TB', 16e9 -> '16 GB', 500 -> '500 B'. */
export function formatBytes(bytes: number): string {
  const { amount, prefix } = decimal(bytes);
  return `${amount} ${prefix}B`;
}

/** Bits per second in decimal units: 1e9 -> '1 Gbps', 5e8 -> '500 Mbps'. */
export function formatBitRate(bitsPerSecond: number): string {
  const { amount, prefix } = decimal(bitsPerSecond);
  return `${amount} ${prefix}bps`;
}

// Built per call rather than once at import (a few microseconds, for a handful of dates per screen): a formatter
// whose options fail then fails the call that needs it, and every test that formats a date checks its options, which
// is how mutation testing can see them (a module that fails to load is reported as a survivor).
const dateFormatter = () =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

function toDate(value: Date | string | number): Date {
  return value instanceof Date ? value : new Date(value);
}

/** spec 9: en-GB day, long month, year, in UTC: '22 November 2026'. */
export function formatDate(value: Date | string | number): string {
  return dateFormatter().format(toDate(value));
}

/**
 * spec 9: the date with hour and minute, in UTC: '22 November 2026, 14:05' (the password-change date, chart times).
 * date-fns rather than Intl: Intl's joiner between date and time (', ' or ' at ') changes with the ICU version.
 */
export function formatDateTime(value: Date | string | number): string {
  return formatInTimeZone(toDate(value), 'UTC', 'd MMMM yyyy, HH:mm', { locale: enGB });
}
