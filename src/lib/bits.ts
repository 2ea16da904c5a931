/**
 * spec 9: statistics use 1024-based bit units (configurations elsewhere stay decimal, see format.ts). They carry the
 * IEC binary prefixes, so that '1 Mib' (1,048,576 bits) is not read as a decimal megabit (1,000,000 bits).
 */
export const BIT_UNITS = ['b', 'Kib', 'Mib', 'Gib', 'Tib'] as const;

/** Said wherever 1024-based figures are shown (the totals, the chart tooltips). */
export const BINARY_UNITS_NOTE = '1024-based units: 1 Mib is 1,048,576 bits';

const STEP = 1024;

export interface ScaledBits {
  /** The value in `unit`, rounded to `digits` places. */
  amount: number;
  unit: (typeof BIT_UNITS)[number];
}

/**
 * Scales a bit count into the largest 1024-based unit under 1024, after rounding: 1,048,575 bits round to
 * 1024.00 Kib, so they are shown as 1.00 Mib rather than as a four-digit kilobit figure.
 */
export function scaleBits(bits: number, digits = 2): ScaledBits {
  if (!Number.isFinite(bits)) return { amount: 0, unit: 'b' };
  const factor = 10 ** digits;
  // Plain bits are whole numbers: '512 b', never '512.00 b'.
  const round = (value: number, step: number) =>
    step === 0 ? Math.round(value) : Math.round(value * factor) / factor;
  let amount = Math.abs(bits);
  let step = 0;
  while (step < BIT_UNITS.length - 1 && round(amount, step) >= STEP) {
    amount /= STEP;
    step += 1;
  }
  return { amount: Math.sign(bits) * round(amount, step), unit: BIT_UNITS[step]! };
}

function render({ amount, unit }: ScaledBits, digits: number): string {
  return `${unit === 'b' ? amount.toFixed(0) : amount.toFixed(digits)} ${unit}`;
}

/** A volume in 1024-based bits: 1024 -> '1.00 Kib', 3 * 1024 ** 3 -> '3.00 Gib'. */
export function formatBits(bits: number, digits = 2): string {
  return render(scaleBits(bits, digits), digits);
}

/** A bit rate in 1024-based bits per second: 5 * 1024 ** 2 -> '5.00 Mib/s'. */
export function formatBitRate(bitsPerSecond: number, digits = 2): string {
  return `${render(scaleBits(bitsPerSecond, digits), digits)}/s`;
}
