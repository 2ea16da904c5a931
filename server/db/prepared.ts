import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db } from './database.ts';
import { rowsOf } from './rows.ts';

const dialect = new PgDialect();

/**
 * Runs `query` on PostgreSQL as the prepared statement `name` of each pooled connection, so that after its first
 * runs PostgreSQL neither parses nor plans it again (a generic plan): for a hot read that is a good part of its CPU
 * (the month statistics). `name` must always come with the same query text; only the parameters
 * may differ. On PGlite the query runs as any other.
 */
export async function executePrepared<T>(db: Db, name: string, query: SQL): Promise<T[]> {
  const client = (db as Db & { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) {
    return rowsOf<T>(await db.execute(query));
  }
  const { sql: text, params } = dialect.sqlToQuery(query);
  const result = await client.query({ name, text, values: params as unknown[] });
  return result.rows as T[];
}
