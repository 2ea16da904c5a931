/**
 * A float8 written as PostgreSQL writes it (float8out with extra_float_digits 1, its default: Ryu's shortest text),
 * so a number the server formats is byte for byte the one the database used to write (server/statistics/stats-points.ts).
 * JavaScript's String() finds the same digits, with two differences handled here:
 * - the form: PostgreSQL writes an exponent below 1e-4 and from 1e15 on (`5e-05`, `1.5e+15`), JavaScript below 1e-6
 *   and from 1e21 on, with no padding of the exponent;
 * - from 2^53 on, where doubles are integers at least 2 apart: PostgreSQL never takes a decimal lying exactly halfway
 *   to the next double (which would read back as this one), JavaScript does, so JavaScript can be a digit shorter
 *   (456196027022800768 is `4.561960270228008e+17` in JavaScript, `4.5619602702280077e+17` in PostgreSQL).
 */

/** Where doubles stop being able to hold every integer: from here on the halfway rule above applies. */
const HALFWAY_MATTERS = 2 ** 53;

/** `1.5e+17` from the digits of an integer: PostgreSQL's exponent form, at least two exponent digits. */
function exponentForm(digits: string): string {
  const significant = digits.replace(/0+$/, '');
  const mantissa = significant.length > 1 ? `${significant[0]}.${significant.slice(1)}` : significant;
  return `${mantissa}e+${String(digits.length - 1).padStart(2, '0')}`;
}

/** The integer a toPrecision() text of an integer names (`4.6e+17`, `9007199254740992.0`). */
function integerOf(text: string): bigint {
  const [, whole = '', fraction = '', exponent] = /^(\d+)(?:\.(\d+))?(?:e\+(\d+))?$/.exec(text) ?? [];
  if (exponent === undefined) return BigInt(whole);
  return BigInt(whole + fraction) * 10n ** BigInt(Number(exponent) - fraction.length);
}

/**
 * A double of at least 2^53 (an integer): the fewest significant digits whose decimal lies strictly between the
 * halfway points to the neighbouring doubles, the nearest such decimal (there is never a tie at that length).
 */
function largeText(size: number): string {
  const exact = BigInt(size);
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, size);
  const bits = view.getBigUint64(0);
  const gapAbove = 2n ** ((bits >> 52n) - 1075n);
  // At a power of two the double below is half as far.
  const gapBelow = (bits & (2n ** 52n - 1n)) === 0n ? gapAbove / 2n : gapAbove;
  for (let precision = 1; ; precision++) {
    const decimal = integerOf(size.toPrecision(precision));
    const twice = (decimal - exact) * 2n;
    if (twice < gapAbove && -twice < gapBelow) return exponentForm(decimal.toString());
  }
}

/** A finite or infinite double as PostgreSQL's float8 text. */
export function float8Text(value: number): string {
  const size = Math.abs(value);
  if (value === 0 || (size >= 1e-4 && size < 1e15) || !Number.isFinite(value)) return String(value);
  if (size >= HALFWAY_MATTERS) return `${value < 0 ? '-' : ''}${largeText(size)}`;
  const [mantissa, exponent = '+0'] = value.toExponential().split('e');
  return `${mantissa}e${exponent[0]}${exponent.slice(1).padStart(2, '0')}`;
}
