import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { rowsOf } from '../db/rows.ts';
import type { StatPartition } from './partitions.ts';
import type { BucketTable } from './stats.repository.ts';

async function exists(db: Db, name: string): Promise<boolean> {
  const result = await db.execute(sql`select to_regclass(${name}) is not null as found`);
  return rowsOf<{ found: boolean }>(result)[0]?.found === true;
}

/**
 * Makes a partition if it is missing. Rows ingest put in the default partition meanwhile (no partition was ready for
 * them) move into it in the same transaction: PostgreSQL refuses a partition whose rows the default still holds.
 * The table is locked first (with its partitions, the order every read takes them in: the parent before its
 * partitions, so a read waits instead of deadlocking), so no ingest slips a row of the range in between; the default
 * is normally empty and the lock short. Returns whether it made the partition.
 */
export async function createPartition(
  db: Db,
  table: BucketTable,
  partition: StatPartition,
): Promise<boolean> {
  if (await exists(db, partition.name)) return false;
  return db.transaction(async (tx) => {
    const parent = sql.raw(table);
    const fallback = sql.raw(`${table}_default`);
    await tx.execute(sql`lock table ${parent} in access exclusive mode`);
    if (await exists(tx, partition.name)) return false;
    await tx.execute(sql`create temp table moving (like ${parent}) on commit drop`);
    await tx.execute(sql`with gone as (
        delete from ${fallback} where ts >= ${partition.from} and ts < ${partition.to} returning *
      ) insert into moving select * from gone`);
    await tx.execute(
      sql.raw(
        `create table ${partition.name} partition of ${table} for values from (${partition.from}) to (${partition.to})`,
      ),
    );
    await tx.execute(sql`insert into ${parent} select * from moving`);
    return true;
  });
}

/** The names of the partitions of `table` (not the default), from its catalogue. */
export async function partitionNamesOf(db: Db, table: BucketTable): Promise<string[]> {
  const result = await db.execute(sql`
    select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
    where i.inhparent = ${table}::regclass and c.relname <> ${`${table}_default`}`);
  return rowsOf<{ name: string }>(result).map(({ name }) => name);
}

/** Detaches the partition `name` from `table`, then drops it. */
export async function dropPartition(db: Db, table: BucketTable, name: string): Promise<void> {
  await db.execute(sql.raw(`alter table ${table} detach partition ${name}`));
  await db.execute(sql.raw(`drop table ${name}`));
}

/** Deletes the rows of the default partition of `table` older than `cutoff`; returns how many. */
export async function deleteDefaultRowsBefore(db: Db, table: BucketTable, cutoff: number): Promise<number> {
  const result = await db.execute(sql`
    with gone as (delete from ${sql.raw(`${table}_default`)} where ts < ${cutoff} returning 1)
    select count(*)::integer as deleted from gone`);
  return rowsOf<{ deleted: number }>(result)[0]?.deleted ?? 0;
}
