import { describe, expect, it } from 'vitest';
import {
  bitsPerSecond,
  fileNameSlug,
  isoUtc,
  STATS_CSV_COLUMNS,
  statsCsvFileName,
  statsCsvRow,
} from '../../../contracts/stats-csv.ts';

const point = {
  dt: 1_772_319_600,
  nodrUpLink: 3_145_728_000,
  deliveredToViewers: 6_291_456_000,
  inputFromCdn: 1_887_436_800,
  totalViewers: 431,
  qualityIndex: 92.85,
  deliverToInputRatio: 3.3333,
};

describe('the statistics CSV contract', () => {
  it('a row has one value per column, in the columns’ order, bit rates over the period’s bucket', () => {
    const row = statsCsvRow(point, { team: 'Acme', period: 'month', interval: 3600 });
    expect(row).toHaveLength(STATS_CSV_COLUMNS.length);
    expect(Object.fromEntries(STATS_CSV_COLUMNS.map((column, at) => [column, row[at]]))).toEqual({
      time_utc: '2026-02-28T23:00:00Z',
      team: 'Acme',
      period: 'month',
      uplink_bytes: 3_145_728_000,
      uplink_bit_s: 6_990_507,
      delivered_bytes: 6_291_456_000,
      delivered_bit_s: 13_981_013,
      input_bytes: 1_887_436_800,
      input_bit_s: 4_194_304,
      viewers: 431,
      quality: 92.85,
      deliver_to_input: 3.3333,
    });
  });

  it('bit rates are whole bits per second; times are ISO UTC without milliseconds', () => {
    expect(bitsPerSecond(60, 60)).toBe(8);
    expect(bitsPerSecond(1, 60)).toBe(0);
    expect(bitsPerSecond(4, 60)).toBe(1);
    expect(isoUtc(0)).toBe('1970-01-01T00:00:00Z');
  });

  it('the file name carries the team, the period and the window, in characters every file system takes', () => {
    expect(
      statsCsvFileName({
        team: 'Acme, "North"\nEU',
        period: 'day',
        start: 1_772_236_800,
        end: 1_772_323_200,
      }),
    ).toBe('nodr-acme-north-eu-day-2026-02-28T0000Z-2026-03-01T0000Z.csv');
  });

  it.each([
    ['Ünïcöde Téam', 'unicode-team'],
    ['Sørensen', 's-rensen'],
    ['../../etc/passwd', 'etc-passwd'],
    ['a/b\\c:d*e?f<g>h|i', 'a-b-c-d-e-f-g-h-i'],
    ['日本語', 'team'],
    ['', 'team'],
    ['---', 'team'],
    ['x'.repeat(100), 'x'.repeat(40)],
    [`${'a'.repeat(39)} b`, 'a'.repeat(39)],
  ])('the team %j becomes %j', (team, slug) => {
    expect(fileNameSlug(team)).toBe(slug);
    expect(statsCsvFileName({ team, period: 'week', start: 0, end: 604_800 })).toMatch(
      /^nodr-[a-z0-9-]+-week-1970-01-01T0000Z-1970-01-08T0000Z\.csv$/,
    );
  });
});
