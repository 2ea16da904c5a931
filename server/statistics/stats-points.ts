import type { StatPoint } from '../../contracts/stats-answer.schema.ts';
import { STAT_METRICS } from '../../contracts/stats-metrics.ts';
import { float8Text } from './float8-text.ts';

/*
 * The point fields as the database hands them over (server/statistics/stats-metrics-sql.ts, docs/statistics-storage.md):
 * per bucket, comma-separated, `dt`, then one integer per metric in STAT_METRICS order, a fractional metric multiplied
 * by its scale and rounded. The database does every sum and every floor(x + 0.5) (which rounds like Math.round);
 * this module reads each field at the position STAT_METRICS gives its metric (the same list the select list comes
 * from, so the two cannot drift apart), divides by the scale and writes the number as PostgreSQL's float8 text would,
 * so the answer is byte for byte the one the database used to write itself, for a fraction of the database's CPU.
 */

/** How many fields a bucket has in the database's text: dt and one per metric. */
const BUCKET_FIELDS = 1 + STAT_METRICS.length;

/** A JSON key of a statistics point: a field renamed in the contract breaks the type check here. */
const key = (name: keyof StatPoint) => `"${name}":`;
const DT = key('dt');
/** Each metric's key, the first without the comma that separates the others from what precedes them. */
const METRIC_KEYS = STAT_METRICS.map((metric, index) => `${index === 0 ? '' : ','}${key(metric.name)}`);
const METRIC_SCALES: readonly number[] = STAT_METRICS.map((metric) => metric.scale);

/** `"nodrUpLink":…,…,"deliverToInputRatio":…` from the metrics' fields starting at `at`. */
function fieldsJson(fields: readonly string[], at: number): string {
  let json = '';
  for (let index = 0; index < METRIC_SCALES.length; index += 1) {
    const scale = METRIC_SCALES[index]!;
    const text = fields[at + index]!;
    // An integer metric passes as the database wrote it; a scaled one is divided back.
    json += METRIC_KEYS[index]! + (scale === 1 ? text : float8Text(Number(text) / scale));
  }
  return json;
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

/** The totals' fields after `dt` as JSON, without braces, from the totals' text (one field per metric). */
export function totalFieldsJson(text: string): string {
  return fieldsJson(text.split(','), 0);
}

/** The points of the buckets' text as objects, for the CSV export. */
export function bucketPoints(text: string): StatPoint[] {
  if (text === '') return [];
  const fields = text.split(',');
  const points: StatPoint[] = [];
  for (let at = 0; at < fields.length; at += BUCKET_FIELDS) {
    const point = { dt: Number(fields[at]) } as StatPoint;
    STAT_METRICS.forEach((metric, index) => {
      point[metric.name] = Number(fields[at + 1 + index]) / metric.scale;
    });
    points.push(point);
  }
  return points;
}
