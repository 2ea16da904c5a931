import type { StatPoint } from '../../contracts/stats-answer.ts';
import { float8Text } from './float8-text.ts';

/*
 * The point fields as the database hands them over (docs/statistics-storage.md): per bucket, comma-separated, `dt`,
 * then the three byte sums, the rounded viewers, and quality and ratio already rounded but still scaled to integers
 * (quality x 100, ratio x 10,000). The database does every sum and every floor(x + 0.5) (which rounds like
 * Math.round); this module only divides by the scale and writes the number as PostgreSQL's float8 text would, so the
 * answer is byte for byte the one the database used to write itself, for a fraction of the database's CPU.
 */

/** Quality is answered with 2 decimals, the ratio with 4 (spec 3). */
export const QUALITY_SCALE = 100;
export const RATIO_SCALE = 10_000;

/** How many fields a bucket has in the database's text: dt and the six point fields. */
const BUCKET_FIELDS = 7;

/** A JSON key of a statistics point: a field renamed in the contract breaks the type check here. */
const key = (name: keyof StatPoint) => `"${name}":`;
const [DT, UPLINK, DELIVERED, INPUT, VIEWERS, QUALITY, RATIO] = [
  key('dt'),
  key('nodrUpLink'),
  key('deliveredToViewers'),
  key('inputFromCdn'),
  key('totalViewers'),
  key('qualityIndex'),
  key('deliverToInputRatio'),
];

/** `"nodrUpLink":…,…,"deliverToInputRatio":…` from the six fields starting at `at`. */
function fieldsJson(fields: readonly string[], at: number): string {
  return (
    `${UPLINK}${fields[at]},${DELIVERED}${fields[at + 1]},${INPUT}${fields[at + 2]},${VIEWERS}${fields[at + 3]},` +
    `${QUALITY}${float8Text(Number(fields[at + 4]) / QUALITY_SCALE)},` +
    `${RATIO}${float8Text(Number(fields[at + 5]) / RATIO_SCALE)}`
  );
}

/** The `{ "<dt>": point, … }` JSON of the buckets' text ('' for no bucket), in the text's order. */
export function bucketsJson(text: string): string {
  if (text === '') return '{}';
  const fields = text.split(',');
  const points: string[] = [];
  for (let at = 0; at < fields.length; at += BUCKET_FIELDS) {
    const dt = fields[at];
    points.push(`"${dt}":{${DT}${dt},${fieldsJson(fields, at + 1)}}`);
  }
  // One flat string: grown with +=, it would be a rope of thousands of pieces, which V8 walks again each time the
  // cached answer is copied into a reply (it flattens the reply, not the rope inside it): that doubled the CPU of a
  // cached month answer.
  return `{${points.join(',')}}`;
}

/** The totals' fields after `dt` as JSON, without braces, from the totals' text (the six point fields). */
export function totalFieldsJson(text: string): string {
  return fieldsJson(text.split(','), 0);
}

/** The points of the buckets' text as objects, for the CSV export. */
export function bucketPoints(text: string): StatPoint[] {
  if (text === '') return [];
  const fields = text.split(',');
  const points: StatPoint[] = [];
  for (let at = 0; at < fields.length; at += BUCKET_FIELDS) {
    points.push({
      dt: Number(fields[at]),
      nodrUpLink: Number(fields[at + 1]),
      deliveredToViewers: Number(fields[at + 2]),
      inputFromCdn: Number(fields[at + 3]),
      totalViewers: Number(fields[at + 4]),
      qualityIndex: Number(fields[at + 5]) / QUALITY_SCALE,
      deliverToInputRatio: Number(fields[at + 6]) / RATIO_SCALE,
    });
  }
  return points;
}
