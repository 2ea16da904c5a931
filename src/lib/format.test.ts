import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatBitRate, formatBytes, formatDate, formatDateTime } from './format.ts';

describe('decimal sizes (spec 9)', () => {
  it.each([
    [0, '0 B'],
    [999, '999 B'],
    [1000, '1 KB'],
    [500e9, '500 GB'],
    [16e9, '16 GB'],
    [2e12, '2 TB'],
    [2.5e12, '2.5 TB'],
    [8e15, '8 PB'],
    [12_345e15, '12345 PB'],
    [16.5e9, '17 GB'],
    [9.96e9, '10 GB'],
    [-2e12, '-2 TB'],
    [-2.5e3, '-2.5 KB'],
  ])('%d bytes is %s', (bytes, text) => expect(formatBytes(bytes)).toBe(text));

  it.each([
    [500e6, '500 Mbps'],
    [1e9, '1 Gbps'],
    [25e9, '25 Gbps'],
    [1500, '1.5 Kbps'],
  ])('%d bit/s is %s', (rate, text) => expect(formatBitRate(rate)).toBe(text));
});

describe('en-GB dates in UTC (spec 9)', () => {
  it('writes day, long month and year', () => {
    expect(formatDate('2026-11-22T23:30:00.000Z')).toBe('22 November 2026');
    expect(formatDate(new Date(Date.UTC(2027, 0, 5)))).toBe('5 January 2027');
  });

  it('adds hour and minute when asked', () => {
    expect(formatDateTime('2026-11-22T14:05:00.000Z')).toBe('22 November 2026, 14:05');
    expect(formatDateTime('2026-03-04T15:06:00.000Z')).toBe('4 March 2026, 15:06');
    expect(formatDateTime('2026-12-31T23:59:59.000Z')).toBe('31 December 2026, 23:59');
  });
});

describe('dates for a reader whose clock is not on UTC (spec 9: UTC everywhere)', () => {
  // Auckland is 13 hours ahead in November: a local date would read 23 November.
  beforeAll(() => {
    vi.stubEnv('TZ', 'Pacific/Auckland');
  });
  afterAll(() => {
    vi.unstubAllEnvs();
  });

  it('still writes the UTC day and time', () => {
    expect(formatDate('2026-11-22T23:30:00.000Z')).toBe('22 November 2026');
    expect(formatDateTime('2026-11-22T23:30:00.000Z')).toBe('22 November 2026, 23:30');
  });
});
