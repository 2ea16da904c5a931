import { describe, expect, it } from 'vitest';
import { statsFormatOf } from '../../../server/statistics/stats-format.ts';

describe('the statistics call chooses JSON or CSV', () => {
  it.each([
    [undefined, undefined, 'json'],
    [undefined, '*/*', 'json'],
    [undefined, 'application/json', 'json'],
    [undefined, 'text/csv', 'csv'],
    [undefined, 'TEXT/CSV; charset=utf-8', 'csv'],
    [undefined, 'text/csv, application/json;q=0.9', 'csv'],
    [undefined, 'application/json, text/csv;q=0.5', 'json'],
    [undefined, 'text/csv, application/json', 'json'],
    [undefined, 'text/csv;q=0', 'json'],
    [undefined, 'text/csv;q=abc', 'json'],
    [undefined, 'text/csv;q=0.5, application/json;q=0.4', 'csv'],
    [undefined, ';q=1, text/csv', 'csv'],
    ['csv', 'application/json', 'csv'],
    ['json', 'text/csv', 'json'],
  ] as const)('format %s with Accept %s answers %s', (format, accept, expected) => {
    expect(statsFormatOf(format, accept)).toBe(expected);
  });
});
