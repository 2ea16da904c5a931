/**
 * spec 3 and 7: the answer of POST {stats}v1/nodr/{period}. The server writes it as JSON text around the database's
 * integers (server/statistics/stats-points.ts writes the point fields from these names); the web app reads it with
 * src/api/stats.ts StatsResponseStruct, checked against these types at compile time.
 */
import type { StatMetricName } from './stats-metrics.ts';

/**
 * A chart point: `dt` and one number per metric of contracts/stats-metrics.ts. Traffic fields (unit bytes) are bytes
 * in the bucket (the period's interval), or over the window in totals; the web app turns them into bit rates.
 * totalViewers is the sum over the nodes of each node's average viewers in the bucket, rounded; qualityIndex is
 * 0..100, averaged over the minute samples; deliverToInputRatio is delivered / input, 0 when input is 0.
 */
export type StatPoint = {
  /** Unix seconds at the start of the bucket (of the window, in totals). */
  dt: number;
} & { [Name in StatMetricName]: number };

export interface StatsAnswer {
  /** The buckets with data, keyed by their dt. */
  result: Record<string, StatPoint>;
  total_result: StatPoint;
  /** JSON text: `{ interval, points, nodes }`. */
  text: string;
}
