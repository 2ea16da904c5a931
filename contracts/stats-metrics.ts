/**
 * spec 3: the metrics of a statistics point, declared once. This list drives the database's select list and the
 * parsing of its answer (server/statistics/stats-metrics-sql.ts, stats-points.ts: by a position taken from this list, so
 * the two cannot disagree), the answer's point type (contracts/stats-answer.ts), the CSV columns
 * (contracts/stats-csv.ts) and the worker's chart series (src/workers/stats.ts). docs/statistics-storage.md tells how
 * to add a metric.
 */

/** Where a metric is drawn: its chart card and the worker's series that feeds it. */
export interface StatMetricChart {
  card: 'traffic' | 'quality' | 'ratio';
  /** The series' key in the worker's answer (src/workers/stats.ts StatSeries). */
  series: string;
  /** The legend and tooltip name. */
  label: string;
  kind: 'line' | 'area';
}

export interface StatMetric {
  /** The point field's name in the answer (spec 3). */
  name: string;
  /** bytes in the bucket, or over the window in totals; viewers; a 0..100 index; a ratio. */
  unit: 'bytes' | 'viewers' | 'index' | 'ratio';
  /**
   * The database hands every field over as an integer: a fractional metric comes multiplied by `scale` and rounded,
   * and the server divides it back, which fixes the decimals of the answer (quality 2, the ratio 4; spec 3).
   */
  scale: number;
  /** The CSV column's stem: bytes get `<csv>_bytes` and `<csv>_bit_s`, the others `<csv>`. */
  csv: string;
  /** null: no chart draws it, so the worker builds no series for it (its total still reaches the tiles). */
  chart: StatMetricChart | null;
}

/** The metrics in the answer's field order (spec 3). */
export const STAT_METRICS = [
  {
    name: 'nodrUpLink',
    unit: 'bytes',
    scale: 1,
    csv: 'uplink',
    chart: { card: 'traffic', series: 'uplink', label: 'Uplink', kind: 'line' },
  },
  {
    name: 'deliveredToViewers',
    unit: 'bytes',
    scale: 1,
    csv: 'delivered',
    chart: { card: 'traffic', series: 'delivered', label: 'Delivered', kind: 'area' },
  },
  {
    name: 'inputFromCdn',
    unit: 'bytes',
    scale: 1,
    csv: 'input',
    chart: { card: 'traffic', series: 'input', label: 'Input', kind: 'line' },
  },
  { name: 'totalViewers', unit: 'viewers', scale: 1, csv: 'viewers', chart: null },
  {
    name: 'qualityIndex',
    unit: 'index',
    scale: 100,
    csv: 'quality',
    chart: { card: 'quality', series: 'quality', label: 'Quality index', kind: 'area' },
  },
  {
    name: 'deliverToInputRatio',
    unit: 'ratio',
    scale: 10_000,
    csv: 'deliver_to_input',
    chart: { card: 'ratio', series: 'ratio', label: 'Deliver-to-input ratio', kind: 'line' },
  },
] as const satisfies readonly StatMetric[];

export type StatMetricName = (typeof STAT_METRICS)[number]['name'];

/** The keys of the series some chart draws. */
export type ChartSeriesKey = NonNullable<(typeof STAT_METRICS)[number]['chart']>['series'];

/** A charted metric, narrowed. */
export type ChartedMetric = Extract<(typeof STAT_METRICS)[number], { chart: StatMetricChart }>;

/** The metrics some chart draws, in list order. */
export const CHARTED_METRICS: readonly ChartedMetric[] = STAT_METRICS.filter(
  (metric): metric is ChartedMetric => metric.chart !== null,
);

/** The CSV columns of one metric, in order. */
export function metricCsvColumns(metric: StatMetric): string[] {
  return metric.unit === 'bytes' ? [`${metric.csv}_bytes`, `${metric.csv}_bit_s`] : [metric.csv];
}
