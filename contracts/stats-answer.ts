/**
 * spec 3 and 7: the answer of POST {stats}v1/nodr/{period}. The server writes it as JSON text around the database's
 * integers (server/stats/stats-points.ts writes the point fields from these names); the web app reads it with
 * src/api/stats.ts StatsResponseStruct, checked against these types at compile time.
 */

/**
 * A chart point. Traffic fields are bytes in the bucket (the period's interval), or over the window in totals; the
 * web app turns them into bit rates.
 */
export interface StatPoint {
  /** Unix seconds at the start of the bucket (of the window, in totals). */
  dt: number;
  nodrUpLink: number;
  deliveredToViewers: number;
  inputFromCdn: number;
  /** Sum over the nodes of each node's average viewers in the bucket, rounded. */
  totalViewers: number;
  /** 0..100, averaged over the minute samples. */
  qualityIndex: number;
  /** delivered / input; 0 when input is 0. */
  deliverToInputRatio: number;
}

export interface StatsAnswer {
  /** The buckets with data, keyed by their dt. */
  result: Record<string, StatPoint>;
  total_result: StatPoint;
  /** JSON text: `{ interval, points, nodes }`. */
  text: string;
}
