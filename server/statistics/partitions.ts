import type { Db } from '../db/database.ts';
import {
  createPartition,
  deleteDefaultRowsBefore,
  dropPartition,
  partitionNamesOf,
} from './partitions.repository.ts';
import type { BucketTable } from './stats.repository.ts';

/**
 * The statistics tables are range-partitioned on `ts` (drizzle/0012_stat_partitions.sql): the minutes by UTC day,
 * the rollups by UTC month, each with a default partition so that ingest never fails for a partition not made yet.
 * docs/statistics-storage.md.
 */
const SPAN: Record<BucketTable, 'day' | 'month'> = {
  stat_minute: 'day',
  stat_20m: 'month',
  stat_hour: 'month',
};

const STAT_TABLES = Object.keys(SPAN) as BucketTable[];

/** How far ahead the partition job makes partitions: two days of minutes, two months of rollups (see aheadOf). */
const PARTITION_DAYS_AHEAD = 2;

const DAY = 86_400;

export interface StatPartition {
  name: string;
  /** Unix seconds: the partition holds from <= ts < to. */
  from: number;
  to: number;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The partition of `table` that holds `ts`. */
export function partitionOf(table: BucketTable, ts: number): StatPartition {
  const date = new Date(ts * 1000);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth();
  if (SPAN[table] === 'day') {
    const from = ts - (((ts % DAY) + DAY) % DAY);
    return { name: `${table}_p${year}${pad(month + 1)}${pad(date.getUTCDate())}`, from, to: from + DAY };
  }
  return {
    name: `${table}_p${year}${pad(month + 1)}`,
    from: Date.UTC(year, month, 1) / 1000,
    to: Date.UTC(year, month + 1, 1) / 1000,
  };
}

/** The partitions of `table` covering [from, to]. */
function partitionsCovering(table: BucketTable, from: number, to: number): StatPartition[] {
  const partitions: StatPartition[] = [];
  for (let at = from; at <= to; ) {
    const partition = partitionOf(table, at);
    partitions.push(partition);
    at = partition.to;
  }
  return partitions;
}

/** Makes every missing partition of `table` covering [from, to]; returns the names it made. */
async function preparePartitionsOf(db: Db, table: BucketTable, from: number, to: number): Promise<string[]> {
  const made: string[] = [];
  for (const partition of partitionsCovering(table, from, to)) {
    if (await createPartition(db, table, partition)) made.push(partition.name);
  }
  return made;
}

/** Makes every missing partition of the three tables covering [from, to]; returns the names it made. */
export async function preparePartitions(db: Db, from: number, to: number): Promise<string[]> {
  const made: string[] = [];
  for (const table of STAT_TABLES) made.push(...(await preparePartitionsOf(db, table, from, to)));
  return made;
}

/**
 * The partition job's work: the partitions of today and the next two days for the minutes, and of this month and
 * the month after those two days for the rollups (so the next month's is there from its first day at the latest).
 */
export async function prepareAhead(db: Db, nowSeconds: number): Promise<string[]> {
  const ahead = nowSeconds + PARTITION_DAYS_AHEAD * DAY;
  const made = await preparePartitionsOf(db, 'stat_minute', nowSeconds, ahead);
  for (const table of ['stat_20m', 'stat_hour'] as const) {
    made.push(...(await preparePartitionsOf(db, table, nowSeconds, partitionOf(table, ahead).to)));
  }
  return made;
}

/** The partitions of `table` (not the default), from its catalogue, with their ranges read from their names. */
async function partitionsOf(db: Db, table: BucketTable): Promise<StatPartition[]> {
  return (await partitionNamesOf(db, table)).map((name) => {
    const digits = name.slice(name.lastIndexOf('_p') + 2);
    const [year, month, day] = [digits.slice(0, 4), digits.slice(4, 6), digits.slice(6, 8) || '01'].map(
      Number,
    );
    return partitionOf(table, Date.UTC(year!, month! - 1, day!) / 1000);
  });
}

export interface DropResult {
  /** The partitions dropped, every row of which was older than the cutoff. */
  partitions: string[];
  /** Rows older than the cutoff deleted from the default partition. */
  defaultRows: number;
}

/**
 * Retention by whole partitions: detaches and drops each partition of `table` that ends at or before `cutoff`
 * (Unix seconds). No row is deleted one by one, so dropping a day of minutes writes next to no WAL and leaves nothing
 * to vacuum; rows live until their whole partition has expired (a minute 35 to 36 days, a bucket its retention plus
 * up to a month). The default partition, normally empty, is cleared row by row.
 */
export async function dropPartitionsBefore(db: Db, table: BucketTable, cutoff: number): Promise<DropResult> {
  const expired = (await partitionsOf(db, table)).filter((partition) => partition.to <= cutoff);
  expired.sort((a, b) => a.from - b.from);
  for (const partition of expired) await dropPartition(db, table, partition.name);
  const defaultRows = await deleteDefaultRowsBefore(db, table, cutoff);
  return {
    partitions: expired.map((partition) => partition.name),
    defaultRows,
  };
}
