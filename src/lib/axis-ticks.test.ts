import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bitRateAxis, ratioAxis } from './axis-ticks.ts';
import { BIT_UNITS } from './bits.ts';

const K = 1024;
const Mi = K * K;

/** A step is round when it is 1, 2 or 5 times a power of ten. */
function isRoundStep(step: number): boolean {
  const power = 10 ** Math.floor(Math.log10(step) + 1e-9);
  const digit = step / power;
  return [1, 2, 5].some((round) => Math.abs(digit - round) < 1e-9);
}

describe('bitRateAxis', () => {
  it('puts the ticks on round numbers of the unit shown', () => {
    const axis = bitRateAxis(730 * Mi);
    expect(axis.unit).toBe('Mib/s');
    expect(axis.ticks.map((tick) => tick / Mi)).toEqual([0, 200, 400, 600, 800]);
    expect(axis.ticks.map(axis.label)).toEqual([
      '0 Mib/s',
      '200 Mib/s',
      '400 Mib/s',
      '600 Mib/s',
      '800 Mib/s',
    ]);
  });

  it('labels fractions of the unit with the step’s decimals', () => {
    const axis = bitRateAxis(1.3 * K ** 3);
    expect(axis.unit).toBe('Gib/s');
    expect(axis.ticks.map(axis.label)).toEqual(['0 Gib/s', '0.5 Gib/s', '1.0 Gib/s', '1.5 Gib/s']);
  });

  it('draws an empty or flat-zero chart with a small axis rather than none', () => {
    for (const max of [0, Number.NaN, -5, Number.NEGATIVE_INFINITY]) {
      const axis = bitRateAxis(max);
      expect(axis.ticks.length).toBeGreaterThanOrEqual(4);
      expect(axis.ticks[0]).toBe(0);
    }
  });

  it('is round, covers the data, and has 4 to 7 ticks, for any maximum', () => {
    const maxima = fc.oneof(
      fc.double({ min: 1e-3, max: 2 ** 50, noNaN: true }),
      fc
        .integer({ min: 1, max: 4 })
        .chain((power) => fc.integer({ min: 1, max: 1023 }).map((n) => n * K ** power)),
    );
    fc.assert(
      fc.property(maxima, (max) => {
        const axis = bitRateAxis(max);
        const factor = K ** BIT_UNITS.indexOf(axis.unit.replace('/s', '') as (typeof BIT_UNITS)[number]);
        expect(axis.ticks.length).toBeGreaterThanOrEqual(4);
        expect(axis.ticks.length).toBeLessThanOrEqual(7);
        expect(axis.ticks[0]).toBe(0);
        expect(axis.ticks.at(-1)!).toBeGreaterThanOrEqual(max);
        expect(isRoundStep(axis.step)).toBe(true);
        axis.ticks.forEach((tick, index) => {
          const inUnit = tick / factor;
          expect(Math.abs(inUnit - index * axis.step)).toBeLessThan(axis.step * 1e-9);
          // The label is the round number itself: no long tail of digits from the division.
          expect(axis.label(tick)).toMatch(/^\d+(\.\d{1,3})? [KMGT]?i?b\/s$/);
        });
      }),
    );
  });
});

describe('ratioAxis', () => {
  it('puts the D/I ticks on round numbers from 0, read as ratios', () => {
    const axis = ratioAxis(2.85);
    expect(axis.step).toBe(0.5);
    expect(axis.ticks).toEqual([0, 0.5, 1, 1.5, 2, 2.5, 3]);
    expect(axis.ticks.map(axis.label)).toEqual(['0×', '0.5×', '1.0×', '1.5×', '2.0×', '2.5×', '3.0×']);
  });

  it('draws a chart without input (a ratio of 0) with a small axis rather than none', () => {
    expect(ratioAxis(0).ticks).toHaveLength(4);
    expect(ratioAxis(Number.NaN).ticks[0]).toBe(0);
  });

  it('covers the data with 4 to 7 round ticks, for any ratio', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.0001, max: 1e6, noNaN: true }), (max) => {
        const { ticks, step } = ratioAxis(max);
        expect(ticks.at(-1)).toBeGreaterThanOrEqual(max * (1 - 1e-9));
        expect(ticks.length).toBeGreaterThanOrEqual(4);
        expect(ticks.length).toBeLessThanOrEqual(7);
        expect(Number(step.toPrecision(1))).toBe(step);
      }),
    );
  });
});
