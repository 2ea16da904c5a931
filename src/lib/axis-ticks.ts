import { BIT_UNITS, scaleBits } from './bits.ts';

/** A value axis for bit rates: where its ticks fall and how each reads. */
export interface BitRateAxis {
  /** The unit every label is in: the unit of the largest value ('Mib/s'). */
  unit: `${(typeof BIT_UNITS)[number]}/s`;
  /** The distance between ticks in that unit: 1, 2 or 5 times a power of ten. */
  step: number;
  /** The ticks in bits per second, from 0 up to the first tick at or above the data. */
  ticks: number[];
  /** A value in the axis unit with the step's decimals: '200 Mib/s', '1.5 Gib/s' ('0' at the origin). */
  label: (bitsPerSecond: number) => string;
}

const MIN_TICKS = 4;
const MAX_TICKS = 7;
const ROUND_DIGITS = [1, 2, 5] as const;

/**
 * The axis for rates up to `max` bits per second. Ticks fall on round numbers of the unit shown (0, 200, 400, 600,
 * 800 Mib/s), not of bits, which 1024-based units would turn into 190.7 Mib/s; the step is the smallest round one
 * that needs no more than seven ticks, which leaves at least four. Plain bits are whole, so their step is at least 1.
 */
export function bitRateAxis(max: number): BitRateAxis {
  const top = Number.isFinite(max) && max > 0 ? max : 0;
  const unit = scaleBits(top).unit;
  const factor = 1024 ** BIT_UNITS.indexOf(unit);
  const amount = top / factor;
  const step = roundStep(amount, unit === 'b' ? 1 : 0);
  const count = Math.max(MIN_TICKS, Math.ceil(amount / step - 1e-9) + 1);
  const decimals = decimalsOf(step);
  const ticks = Array.from(
    { length: count },
    (_, index) => Number((index * step).toFixed(decimals)) * factor,
  );
  return {
    unit: `${unit}/s`,
    step,
    ticks,
    // The origin reads '0', not '0.0', whatever the step.
    label: (bitsPerSecond) =>
      `${bitsPerSecond === 0 ? '0' : (bitsPerSecond / factor).toFixed(decimals)} ${unit}/s`,
  };
}

/** A value axis for a ratio (deliver-to-input): ticks on round numbers from 0, each read as '1.5×'. */
export interface RatioAxis {
  step: number;
  ticks: number[];
  label: (ratio: number) => string;
}

/**
 * The axis for ratios up to `max`: the same round steps as the bit-rate axis (1, 2 or 5 times a power of ten, four
 * to seven ticks), so the D/I chart's lines fall on 0.5, 1, 1.5 rather than wherever the library puts them.
 */
export function ratioAxis(max: number): RatioAxis {
  const top = Number.isFinite(max) && max > 0 ? max : 0;
  const step = roundStep(top, 0);
  const count = Math.max(MIN_TICKS, Math.ceil(top / step - 1e-9) + 1);
  const decimals = decimalsOf(step);
  return {
    step,
    ticks: Array.from({ length: count }, (_, index) => Number((index * step).toFixed(decimals))),
    label: (ratio) => `${ratio === 0 ? '0' : ratio.toFixed(decimals)}×`,
  };
}

/** The smallest step of 1, 2 or 5 times a power of ten (and at least `floor`) that spans `amount` in six steps. */
function roundStep(amount: number, floor: number): number {
  const spans = MAX_TICKS - 1;
  let power = 10 ** Math.floor(Math.log10(Math.max(amount, 1e-12) / spans));
  for (;;) {
    for (const digit of ROUND_DIGITS) {
      const step = Number((digit * power).toPrecision(1));
      if (step >= floor && amount / step <= spans + 1e-9) return step;
    }
    power *= 10;
  }
}

/** The decimals a step needs: 0 for 200, 1 for 0.5, 2 for 0.05. */
function decimalsOf(step: number): number {
  return Math.max(0, -Math.floor(Math.log10(step) + 1e-9));
}
