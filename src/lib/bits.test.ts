import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BIT_UNITS, formatBitRate, formatBits, scaleBits } from './bits.ts';

const K = 1024;

describe('1024-based bit units (spec 9)', () => {
  it.each([
    [0, '0 b'],
    [1, '1 b'],
    [1023, '1023 b'],
    [K, '1.00 Kib'],
    [1536, '1.50 Kib'],
    [K * K - 1, '1.00 Mib'],
    [K * K, '1.00 Mib'],
    [K ** 3 - 1, '1.00 Gib'],
    [K ** 3, '1.00 Gib'],
    [2.5 * K ** 3, '2.50 Gib'],
    [K ** 4, '1.00 Tib'],
    [K ** 5, '1024.00 Tib'],
  ])('formats %d bits as %s', (bits, text) => {
    expect(formatBits(bits)).toBe(text);
  });

  it('stays in the lower unit just under each boundary once rounding allows it', () => {
    expect(formatBits(K * 1023.99)).toBe('1023.99 Kib');
    expect(formatBits(K * K * 1023.99)).toBe('1023.99 Mib');
    expect(formatBits(K ** 3 * 1023.99)).toBe('1023.99 Gib');
  });

  it('rolls over when the rounded amount would read 1024', () => {
    expect(scaleBits(K * 1023.999)).toEqual({ amount: 1, unit: 'Mib' });
    expect(scaleBits(1023.6)).toEqual({ amount: 1, unit: 'Kib' });
  });

  it('formats rates with /s and keeps negatives and non-numbers sane', () => {
    expect(formatBitRate(5 * K * K)).toBe('5.00 Mib/s');
    expect(formatBitRate(800)).toBe('800 b/s');
    expect(formatBits(-2 * K)).toBe('-2.00 Kib');
    expect(formatBits(Number.NaN)).toBe('0 b');
    expect(formatBits(Number.POSITIVE_INFINITY)).toBe('0 b');
  });

  it('takes the number of decimals', () => {
    expect(formatBits(1536, 0)).toBe('2 Kib');
    expect(formatBits(1536, 1)).toBe('1.5 Kib');
  });

  it('stops at Tib: there is no larger unit to round up into', () => {
    expect(formatBitRate(1023.999 * K ** 4)).toBe('1024.00 Tib/s');
  });
});

describe('1024-based units as properties', () => {
  const bitCounts = fc.oneof(fc.nat({ max: 2 ** 31 }), fc.double({ min: 0, max: 2 ** 52, noNaN: true }));

  it('round-trips: the amount times its unit is the count, to the rounding of two decimals', () => {
    fc.assert(
      fc.property(bitCounts, (bits) => {
        const { amount, unit } = scaleBits(bits);
        const step = BIT_UNITS.indexOf(unit);
        const back = amount * K ** step;
        // Half a unit in the last place shown: 0.5 b for bits, 0.005 of the unit above.
        const tolerance = step === 0 ? 0.5 : 0.005 * K ** step;
        expect(Math.abs(back - bits)).toBeLessThanOrEqual(tolerance + 1e-9 * bits);
      }),
      { numRuns: 300 },
    );
  });

  it('shows an amount from 1 to under 1024 in each unit but the last, and keeps the sign', () => {
    fc.assert(
      fc.property(bitCounts, fc.boolean(), (bits, negative) => {
        const { amount, unit } = scaleBits(negative ? -bits : bits);
        const size = Math.abs(amount);
        if (unit !== 'Tib') expect(size).toBeLessThan(1024);
        if (unit !== 'b') expect(size).toBeGreaterThanOrEqual(1);
        if (amount !== 0) expect(Math.sign(amount)).toBe(negative ? -1 : 1);
      }),
      { numRuns: 300 },
    );
  });
});
