import { sql } from 'drizzle-orm';
import type { StatPoint } from '../../contracts/stats-answer.schema.ts';
import { STAT_METRICS } from '../../contracts/stats-metrics.ts';
import type { Db } from '../db/database.ts';
import { rowsOf } from '../db/rows.ts';
import { BUCKET_SUMS, type BucketRead, nodeBucketRows, TOTAL_SUMS } from './stats.repository.ts';
import { metricColumnsSql } from './stats-metrics-sql.ts';

/** One node's buckets with data (in time order) and its totals over the window, `dt` of the totals left to the caller. */
export interface NodeStats {
  points: StatPoint[];
  total: Omit<StatPoint, 'dt'> | undefined;
}

type MetricRow = { node_id: number; dt: number | null } & Record<string, number>;

/** A row's metrics by their names (contracts/stats-metrics.ts), each divided back by its scale. */
function metricsOf(row: MetricRow): Omit<StatPoint, 'dt'> {
  return Object.fromEntries(
    STAT_METRICS.map((metric) => [metric.name, Number(row[metric.name]) / metric.scale]),
  ) as Omit<StatPoint, 'dt'>;
}

/**
 * The buckets of `table` whose start lies in [start, end), per node of `nodeIds`, and each node's totals, in one
 * query grouped by node: the same sums and rounding as readStatsJson (the same metric list), as named columns. A
 * node without data in the window has no entry.
 */
export async function readNodeStats(
  db: Db,
  read: BucketRead,
  nodeIds: readonly number[],
  start: number,
  end: number,
): Promise<Map<number, NodeStats>> {
  const result = await db.execute(sql`
    with bucket as (${nodeBucketRows(read, nodeIds, start, end)})
    select node_id, dt::float8 as dt, ${sql.raw(metricColumnsSql(BUCKET_SUMS))} from bucket
    union all
    select node_id, null, ${sql.raw(metricColumnsSql(TOTAL_SUMS))} from bucket group by node_id
    order by node_id, dt nulls first`);
  const byNode = new Map<number, NodeStats>();
  for (const row of rowsOf<MetricRow>(result)) {
    let node = byNode.get(row.node_id);
    if (!node) {
      node = { points: [], total: undefined };
      byNode.set(row.node_id, node);
    }
    if (row.dt === null) node.total = metricsOf(row);
    else node.points.push({ dt: Number(row.dt), ...metricsOf(row) });
  }
  return byNode;
}
