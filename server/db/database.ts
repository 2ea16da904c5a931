import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { withMigrationLock } from './migration-lock.ts';
import { asPglite, startPgliteThread } from './pglite-thread.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** The drizzle handle, the same type on PGlite and on PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** PostgreSQL's connection pool figures (/metrics); PGlite has one in-process connection, no pool. */
  pool?: () => PoolFigures;
}

export interface PoolFigures {
  total: number;
  idle: number;
  /** Queries waiting for a free connection. */
  waiting: number;
}

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/** Where PGlite runs: in a worker thread (the product) or on the caller's thread (tests, the bench's before). */
export type PgliteThreadMode = 'worker' | 'main';

/**
 * Opens PostgreSQL when a URL is given, otherwise PGlite in `dataDir` (or in memory when `dataDir` is
 * undefined), on its own worker thread when `thread` is 'worker' (default 'main'), and applies every migration.
 */
export async function openDatabase(options: {
  url?: string;
  dataDir?: string;
  thread?: PgliteThreadMode;
}): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    // Lets a pooled connection fail without crashing the process; the query that used it still sees the error.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await withMigrationLock(options.url, () => migratePg(db as never, { migrationsFolder }));
    const figures = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
    return { db, kind: 'postgres', close: () => pool.end(), pool: figures };
  }
  // A smaller buffer pool than PGlite's default keeps the server's idle memory low (bench:memory); the hot data of
  // the statistics windows is the rollup tables, which stay small.
  const startParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB', '-c', 'work_mem=4MB'];
  if (options.thread === 'worker') {
    const thread = await startPgliteThread({ dataDir: options.dataDir, startParams, migrationsFolder });
    const db = drizzlePglite(asPglite(thread.client), { schema }) as unknown as Db;
    return { db, kind: 'pglite', close: () => thread.close() };
  }
  const pgliteOptions = { startParams };
  const client = options.dataDir ? new PGlite(options.dataDir, pgliteOptions) : new PGlite(pgliteOptions);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  return { db, kind: 'pglite', close: () => client.close() };
}
