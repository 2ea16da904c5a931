/** spec 9: statistics use 1024-based bit units (configurations elsewhere stay decimal, see format.ts). */
export const BIT_UNITS = ['b', 'Kb', 'Mb', 'Gb', 'Tb'] as const;

const STEP = 1024;

export interface ScaledBits {
  /** The value in `unit`, rounded to `digits` places. */
  amount: number;
  unit: (typeof BIT_UNITS)[number];
}

/**
 * Scales a bit count into the largest 1024-based unit under 1024, after rounding: 1,048,575 bits round to
 * 1024.00 Kb, so they are shown as 1.00 Mb rather than as a four-digit kilobit figure.
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

/** A volume in 1024-based bits: 1024 -> '1.00 Kb', 3 * 1024 ** 3 -> '3.00 Gb'. */
export function formatBits(bits: number, digits = 2): string {
  return render(scaleBits(bits, digits), digits);
}

/** A bit rate in 1024-based bits per second: 5 * 1024 ** 2 -> '5.00 Mb/s'. */
export function formatBitRate(bitsPerSecond: number, digits = 2): string {
  return `${render(scaleBits(bitsPerSecond, digits), digits)}/s`;
}

/** A bit rate in about three significant figures, for chart axes: '2.40 Gb/s', '476.8 Mb/s' -> '477 Mb/s'. */
export function formatBitRateShort(bitsPerSecond: number): string {
  if (!Number.isFinite(bitsPerSecond)) return '0 b/s';
  let step = BIT_UNITS.indexOf(scaleBits(bitsPerSecond, 2).unit);
  let amount = Math.abs(bitsPerSecond) / STEP ** step;
  const digitsFor = (value: number) => (step === 0 || value >= 100 ? 0 : value >= 10 ? 1 : 2);
  // Fewer decimals can round up to 1024 (1023.7 Mb): that is the next unit's 1.00.
  if (step < BIT_UNITS.length - 1 && Number(amount.toFixed(digitsFor(amount))) >= STEP) {
    step += 1;
    amount /= STEP;
  }
  const sign = bitsPerSecond < 0 ? '-' : '';
  return `${sign}${amount.toFixed(digitsFor(amount))} ${BIT_UNITS[step]}/s`;
}
