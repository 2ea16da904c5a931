import { describe, expect, it } from 'vitest';
import {
  addressOfRange,
  rangeFromAddress,
  rangeProblem,
  rangeWindow,
  recentRange,
} from './statistics.range.ts';

describe('custom range', () => {
  it('asks for [From 00:00, the day after To 00:00) in UTC: both days are included', () => {
    expect(rangeWindow({ from: '2026-02-27', to: '2026-02-28' })).toEqual({
      from: '2026-02-27T00:00:00Z',
      to: '2026-03-01T00:00:00Z',
    });
  });

  it('round-trips through the address, so a shared link reopens it', () => {
    const range = { from: '2026-01-05', to: '2026-02-14' };
    const search = addressOfRange(range);
    expect(search).toBe('?range=custom&from=2026-01-05&to=2026-02-14');
    expect(rangeFromAddress(search)).toEqual(range);
    expect(addressOfRange(null)).toBe('');
  });

  it.each([
    ['no range', ''],
    ['another view', '?range=week&from=2026-01-01&to=2026-01-02'],
    ['reversed', '?range=custom&from=2026-02-02&to=2026-02-01'],
    ['a day that does not exist', '?range=custom&from=2026-02-30&to=2026-03-02'],
    ['not a date', '?range=custom&from=yesterday&to=2026-03-02'],
    ['a date missing', '?range=custom&from=2026-03-01'],
    ['longer than 400 days', '?range=custom&from=2025-01-01&to=2026-03-01'],
  ])('reads no range from an address with %s (the screen falls back to its period)', (_label, search) => {
    expect(rangeFromAddress(search)).toBeNull();
  });

  it('says what is wrong with a range, in words', () => {
    expect(rangeProblem({ from: '', to: '2026-03-01' })).toBe('Enter both dates.');
    expect(rangeProblem({ from: '2026-03-02', to: '2026-03-01' })).toBe('From must not be after To.');
    expect(rangeProblem({ from: '2025-01-24', to: '2026-02-28' })).toBe(
      'A custom range is at most 400 days.',
    );
    expect(rangeProblem({ from: '2025-01-25', to: '2026-02-28' })).toBeNull();
    expect(rangeProblem({ from: '2026-03-01', to: '2026-03-01' })).toBeNull();
  });

  it('starts from the last seven days through today', () => {
    expect(recentRange(Date.parse('2026-03-01T15:00:00Z') / 1000)).toEqual({
      from: '2026-02-23',
      to: '2026-03-01',
    });
  });
});
