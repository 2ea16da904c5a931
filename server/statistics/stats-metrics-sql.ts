import { STAT_METRICS, type StatMetricName } from '../../contracts/stats-metrics.ts';

/** SQL expressions naming a bucket's sums (or their aggregates over the window, for the totals). */
export interface BucketSums {
  uplink: string;
  delivered: string;
  input: string;
  /** The sum over the nodes of each node's average viewers. */
  viewers: string;
  quality: string;
  samples: string;
}

/**
 * Each metric as the integer the database hands over (contracts/stats-metrics.ts `scale`), keyed by the metric's
 * name: bytes as integers, viewers rounded, quality as the sample-weighted average and the ratio, both multiplied by
 * their scale and rounded, 0 when there was no sample or nothing came from the CDN (never Infinity or NaN).
 * floor(x + 0.5) rounds like Math.round. Kept on the server: SQL has no business in the web app's bundle.
 */
const METRIC_SQL: { [Name in StatMetricName]: (sums: BucketSums, scale: number) => string } = {
  nodrUpLink: (sums) => sums.uplink,
  deliveredToViewers: (sums) => sums.delivered,
  inputFromCdn: (sums) => sums.input,
  totalViewers: (sums) => `floor(${sums.viewers} + 0.5)::int8`,
  qualityIndex: (sums, scale) =>
    `case when ${sums.samples} > 0 then floor(${sums.quality} / ${sums.samples} * ${scale} + 0.5) else 0 end`,
  deliverToInputRatio: (sums, scale) =>
    `case when ${sums.input} > 0 then floor(${sums.delivered}::float8 / ${sums.input} * ${scale} + 0.5) else 0 end`,
};

/**
 * The metrics' integers, comma-separated in STAT_METRICS order (server/statistics/stats-points.ts reads them in that same
 * order), after `dt` when given. One concat_ws per point is the cheapest text the database writes (cheaper than
 * `||`, arrays or a row's text); writing the JSON itself (keys, the divided floats) was most of its CPU per month read.
 */
export function metricFieldsSql(sums: BucketSums, dt?: string): string {
  const fields = STAT_METRICS.map((metric) => METRIC_SQL[metric.name](sums, metric.scale));
  return `concat_ws(',', ${[...(dt ? [dt] : []), ...fields].join(', ')})`;
}

/**
 * The metrics as named columns (`"nodrUpLink"`, …), each the same integer as metricFieldsSql writes, as float8 so
 * that both drivers hand over a number: the per-node read (stats-per-node.repository.ts) reads its rows by name.
 */
export function metricColumnsSql(sums: BucketSums): string {
  return STAT_METRICS.map(
    (metric) => `(${METRIC_SQL[metric.name](sums, metric.scale)})::float8 as "${metric.name}"`,
  ).join(', ');
}
