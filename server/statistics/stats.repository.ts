import { type SQL, sql } from 'drizzle-orm';
import type { TelemetryPoint } from '../../contracts/node-protocol.schema.ts';
import type { StatPoint } from '../../contracts/stats-answer.schema.ts';
import type { Db } from '../db/database.ts';
import { executePrepared } from '../db/prepared.ts';
import { rowsOf } from '../db/rows.ts';
import { type BucketSums, metricFieldsSql } from './stats-metrics-sql.ts';
import { bucketPoints, bucketsJson, totalFieldsJson } from './stats-points.ts';
import { statsVersions } from './stats-versions.ts';

/** One reported minute of one node, as the telemetry endpoint takes it. Bytes are per minute. */
export type MinutePoint = TelemetryPoint;

/** Where a period's buckets live and how wide they are (docs/statistics-storage.md). */
export type BucketTable = 'stat_minute' | 'stat_20m' | 'stat_hour';

/** A period's answer as JSON texts, passed to the client without a parse. */
export interface StatsJson {
  /** Buckets with data: `{ "<dt>": point }`. */
  result: string;
  /** The totals point's fields after `dt` (which is the request's start), without braces. */
  total: string;
  points: number;
}

/** A PostgreSQL int[] literal, sent as one parameter whatever the number of ids. */
export function intArray(ids: readonly number[]): string {
  return `{${ids.map((id) => Math.trunc(id)).join(',')}}`;
}

/** The width of a rollup's buckets, in seconds. */
const ROLLUP_SECONDS = { stat_20m: 1200, stat_hour: 3600 } as const;
type Rollup = keyof typeof ROLLUP_SECONDS;

/** The width of each bucket table's rows, in seconds. */
const TABLE_SECONDS: Record<BucketTable, number> = { stat_minute: 60, ...ROLLUP_SECONDS };

/**
 * What a statistics read reads: a bucket table, and the width of the answer's buckets, the table's own or a
 * multiple of it (a custom range past 125 days reads the hourly rollup four hours at a time, contracts/stats-range.ts).
 */
export interface BucketRead {
  table: BucketTable;
  interval: number;
}

/**
 * Ingest and the rollup job both take this advisory lock (ingest shared, the job alone), so that the job never builds
 * a bucket from minutes that an ingest still in flight read the old mark for: such a minute would reach neither.
 */
const ROLLUP_LOCK = sql`hashtext('statistics:rollup-mark')`;

/** The mark of a rollup: every bucket before it is in the rollup table (schema.ts statRollupMark). */
function markOf(table: Rollup): SQL {
  return sql`(select until from stat_rollup_mark where rollup = ${table})`;
}

// Adds the new minutes (the `inserted` CTE) of buckets the job already built into the rollup: a late report. The
// minutes of buckets still open stay in stat_minute alone until the job builds their bucket once it closed.
// Buckets are upserted in time order, so two overlapping batches lock them in the same order and cannot deadlock.
function lateRollupUpsert(table: Rollup): SQL {
  const name = sql.raw(table);
  const width = sql.raw(String(ROLLUP_SECONDS[table]));
  return sql`insert into ${name} (node_id, ts, uplink, delivered, input, viewers_sum, quality_sum, samples)
    select node_id, ts - ts % ${width}, sum(uplink), sum(delivered), sum(input), sum(viewers), sum(quality), count(*)
    from inserted where ts < ${markOf(table)} group by node_id, ts - ts % ${width} order by 2
    on conflict (node_id, ts) do update set
      uplink = ${name}.uplink + excluded.uplink,
      delivered = ${name}.delivered + excluded.delivered,
      input = ${name}.input + excluded.input,
      viewers_sum = ${name}.viewers_sum + excluded.viewers_sum,
      quality_sum = ${name}.quality_sum + excluded.quality_sum,
      samples = ${name}.samples + excluded.samples`;
}

/**
 * Stores a node's minutes, in one statement (so one transaction) after taking the rollup lock shared: minutes already
 * stored are skipped by `on conflict do nothing`, and of the rows the insert returned, those of buckets the rollup
 * job already built are added to them (a late report); the others wait for the job. Returns how many minutes were
 * new. `points` must not repeat a minute and must be in time order (the order rows are locked in: concurrent
 * overlapping batches then never deadlock).
 */
export async function insertMinutes(db: Db, nodeId: number, points: readonly MinutePoint[]): Promise<number> {
  if (points.length === 0) return 0;
  const batch = JSON.stringify(points);
  const accepted = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock_shared(${ROLLUP_LOCK})`);
    // A statement of its own after the lock: its snapshot then sees the mark the job last committed.
    const result = await tx.execute(sql`
      with incoming as (
        select * from jsonb_to_recordset(${batch}::jsonb)
          as p(ts bigint, uplink bigint, delivered bigint, input bigint, viewers integer, quality double precision)
      ), inserted as (
        insert into stat_minute (node_id, ts, uplink, delivered, input, viewers, quality)
        select ${nodeId}::integer, ts, uplink, delivered, input, viewers, quality from incoming
        on conflict do nothing
        returning node_id, ts, uplink, delivered, input, viewers, quality
      ), twenty as (${lateRollupUpsert('stat_20m')}
      ), hourly as (${lateRollupUpsert('stat_hour')})
      select count(*)::integer as accepted from inserted`);
    return rowsOf<{ accepted: number }>(result)[0]?.accepted ?? 0;
  });
  // After the commit, whoever wrote: a statistics answer read before it is never served again.
  if (accepted > 0) statsVersions.nodesChanged([nodeId]);
  return accepted;
}

/**
 * Builds the buckets of a rollup that closed before `before` (Unix seconds) from the minutes, and moves its mark
 * there; nothing when the mark is already there. The buckets' sums are those ingest would have added minute by
 * minute, and a read answers the same before and after (stats reads take the buckets past the mark from the
 * minutes), so no cached answer changes. Idempotent: a second run finds the mark moved, and a bucket built again
 * (a mark set back by hand) is replaced by the sums of its minutes. Returns the buckets built.
 */
export async function buildRollup(db: Db, table: Rollup, before: number): Promise<number> {
  const until = before - (before % ROLLUP_SECONDS[table]);
  const width = sql.raw(String(ROLLUP_SECONDS[table]));
  const name = sql.raw(table);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ROLLUP_LOCK})`);
    const result = await tx.execute(sql`
      with mark as (select until as since from stat_rollup_mark where rollup = ${table} and until < ${until}),
      built as (
        insert into ${name} (node_id, ts, uplink, delivered, input, viewers_sum, quality_sum, samples)
        select node_id, ts - ts % ${width}, sum(uplink), sum(delivered), sum(input), sum(viewers), sum(quality),
          count(*)
        from stat_minute, mark where ts >= mark.since and ts < ${until}
        group by node_id, ts - ts % ${width}
        on conflict (node_id, ts) do update set uplink = excluded.uplink, delivered = excluded.delivered,
          input = excluded.input, viewers_sum = excluded.viewers_sum, quality_sum = excluded.quality_sum,
          samples = excluded.samples
        returning 1
      ), moved as (update stat_rollup_mark set until = ${until} from mark where rollup = ${table} returning 1)
      select (select count(*) from built)::integer as built, (select count(*) from moved)::integer as moved`);
    return rowsOf<{ built: number }>(result)[0]?.built ?? 0;
  });
}

/** A bucket's sums: the columns of its row (bucketSumsSql). */
export const BUCKET_SUMS: BucketSums = {
  uplink: 'uplink',
  delivered: 'delivered',
  input: 'input',
  viewers: 'viewers',
  quality: 'quality_sum',
  samples: 'samples',
};

/** The totals' sums, aggregated over the buckets (0 for a window without data). */
export const TOTAL_SUMS: BucketSums = {
  uplink: 'coalesce(sum(uplink), 0)',
  delivered: 'coalesce(sum(delivered), 0)',
  input: 'coalesce(sum(input), 0)',
  viewers: 'coalesce(avg(viewers), 0)',
  quality: 'coalesce(sum(quality_sum), 0)',
  samples: 'coalesce(sum(samples), 0)',
};

/** A bucket's fields: its row of sums, dt first. */
const BUCKET_FIELDS = sql.raw(metricFieldsSql(BUCKET_SUMS, 'dt'));

/** The totals' fields, aggregated over the buckets. */
const TOTAL_FIELDS = sql.raw(metricFieldsSql(TOTAL_SUMS));

/**
 * One row per node and bucket starting in [start, end), with the columns BUCKET_SUMS names; `viewers` is the node's
 * average in the bucket. In stat_minute a row is one sample. A rollup holds the buckets before its mark; those from
 * the mark on (still open, or closed since the job last ran) are summed from their minutes here, the same sums the
 * job will store.
 */
function tableBuckets(table: BucketTable, nodeIds: readonly number[], start: number, end: number): SQL {
  const nodes = sql`node_id = any(${intArray(nodeIds)}::integer[])`;
  if (table === 'stat_minute') {
    return sql`select node_id, ts, uplink, delivered, input, viewers::float8 as viewers, quality as quality_sum,
        1 as samples
      from stat_minute where ${nodes} and ts >= ${start} and ts < ${end}`;
  }
  const width = sql.raw(String(ROLLUP_SECONDS[table]));
  return sql`select node_id, ts, uplink, delivered, input, viewers_sum::float8 / samples as viewers, quality_sum,
        samples
      from ${sql.raw(table)} where ${nodes} and ts >= ${start} and ts < ${end}
      union all
      select node_id, ts - ts % ${width}, sum(uplink), sum(delivered), sum(input), sum(viewers)::float8 / count(*),
        sum(quality), count(*)
      from stat_minute
      where ${nodes} and ts >= greatest(${start}::bigint, ${markOf(table)}) and ts < ${end}::bigint + ${width} - 1
        and ts - ts % ${width} >= ${start} and ts - ts % ${width} < ${end}
      group by node_id, ts - ts % ${width}`;
}

/**
 * nodeBuckets' rows in the read's width: the table's own rows, or those rows added up per node in the wider buckets,
 * the node's average viewers weighted by the samples of each row. `start` and `end` are multiples of the width.
 */
function nodeBuckets(
  { table, interval }: BucketRead,
  nodeIds: readonly number[],
  start: number,
  end: number,
): SQL {
  const rows = tableBuckets(table, nodeIds, start, end);
  if (interval === TABLE_SECONDS[table]) return rows;
  if (interval % TABLE_SECONDS[table] !== 0) {
    throw new Error(`A ${interval} s bucket is not a whole number of ${table}'s rows.`);
  }
  const width = sql.raw(String(interval));
  return sql`select node_id, ts - ts % ${width} as ts, sum(uplink) as uplink, sum(delivered) as delivered,
      sum(input) as input, sum(viewers * samples) / sum(samples) as viewers, sum(quality_sum) as quality_sum,
      sum(samples) as samples
    from (${rows}) as row group by node_id, ts - ts % ${width}`;
}

/** The sums of a group of nodeBuckets' rows, named as BUCKET_SUMS reads them. */
const GROUP_SUMS = sql.raw(
  'sum(uplink)::int8 as uplink, sum(delivered)::int8 as delivered, sum(input)::int8 as input, ' +
    'sum(viewers) as viewers, sum(quality_sum) as quality_sum, sum(samples) as samples',
);

/** The sums of each bucket starting in [start, end) over the nodes: the rows metricFieldsSql reads. */
function bucketRows(read: BucketRead, nodeIds: readonly number[], start: number, end: number): SQL {
  return sql`select ts as dt, ${GROUP_SUMS} from (${nodeBuckets(read, nodeIds, start, end)}) as node_bucket
      group by ts`;
}

/** The sums of each bucket starting in [start, end), per node of `nodeIds`: node_id, dt and BUCKET_SUMS' columns. */
export function nodeBucketRows(
  read: BucketRead,
  nodeIds: readonly number[],
  start: number,
  end: number,
): SQL {
  return sql`select node_id, ts as dt, ${GROUP_SUMS} from (${nodeBuckets(read, nodeIds, start, end)}) as node_bucket
      group by node_id, ts`;
}

/**
 * The buckets of `table` whose start lies in [start, end), summed over `nodeIds`, and their totals, as JSON text:
 * the database sums and rounds in one pass over the buckets and hands over compact integer text, which
 * stats-points.ts turns into the answer's JSON without making objects of the points (docs/statistics-storage.md).
 * Reads the table of the period's width, and the minutes of the buckets its rollup has not built yet.
 */
export async function readStatsJson(
  db: Db,
  read: BucketRead,
  nodeIds: readonly number[],
  start: number,
  end: number,
): Promise<StatsJson> {
  const [row] = await executePrepared<{ points: number; buckets: string; total: string }>(
    db,
    `stats_json_${read.table}_${read.interval}`,
    sql`select count(*)::integer as points, coalesce(string_agg(${BUCKET_FIELDS}, ',' order by dt), '') as buckets,
        ${TOTAL_FIELDS} as total
      from (${bucketRows(read, nodeIds, start, end)}) as bucket`,
  );
  return { points: row!.points, result: bucketsJson(row!.buckets), total: totalFieldsJson(row!.total) };
}

/**
 * The buckets of `table` whose start lies in [start, end), summed over `nodeIds`, as points in time order: the same
 * sums and rounding as readStatsJson, for the CSV export, which reads a window page by page.
 */
export async function readStatPoints(
  db: Db,
  read: BucketRead,
  nodeIds: readonly number[],
  start: number,
  end: number,
): Promise<StatPoint[]> {
  const result = await db.execute(sql`
    select coalesce(string_agg(${BUCKET_FIELDS}, ',' order by dt), '') as buckets
    from (${bucketRows(read, nodeIds, start, end)}) as bucket`);
  return bucketPoints(rowsOf<{ buckets: string }>(result)[0]!.buckets);
}

/** A team's name ('' for a team without one), or undefined when there is no such team. */
export async function teamName(db: Db, teamId: number): Promise<string | undefined> {
  const result = await db.execute(sql`select name from teams where id = ${teamId}`);
  return rowsOf<{ name: string }>(result)[0]?.name;
}

/** A PostgreSQL text[] literal of arbitrary strings: each quoted, with backslashes and quotes escaped. */
function textArray(values: readonly string[]): string {
  return `{${values.map((value) => `"${value.replace(/[\\"]/g, '\\$&')}"`).join(',')}}`;
}

/** The nodes holding these license keys (any status), with their team; one lookup of the unique index per key. */
export async function nodesByLicense(
  db: Db,
  licenseKeys: readonly string[],
): Promise<{ id: number; teamId: number; licenseKey: string }[]> {
  const result = await db.execute(sql`
    select id, team_id as "teamId", license_key as "licenseKey" from nodes
    where license_key = any(${textArray(licenseKeys)}::text[])`);
  return rowsOf(result);
}

/**
 * Vacuums the hourly rollup, so the month read stays an index-only scan (drizzle/0007_stats_scale.sql): only pages
 * marked all-visible are answered from the index alone, and late reports rewrite built hours. PostgreSQL's
 * autovacuum would reach the table only after a fifth of it changed, and PGlite has no autovacuum at all. Pages
 * already all-visible are skipped, so an hourly run reads about the last hour's pages.
 */
export async function vacuumHourlyRollup(db: Db): Promise<void> {
  await db.execute(sql`vacuum stat_hour`);
}
