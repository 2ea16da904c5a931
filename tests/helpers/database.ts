import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../../server/db/database.ts';
import { seedReferenceData } from '../../server/db/seed.ts';

/**
 * A fresh, migrated and seeded database for one test file: in-memory PGlite by default (on the test's thread, or
 * in its worker thread as the product runs it with PGLITE_THREAD=worker), or a throwaway database on the
 * PostgreSQL server named by DATABASE_URL (scripts/with-postgres.sh sets it in CI).
 */
export async function freshDatabase(): Promise<Database> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const database = await openDatabase({
      thread: process.env.PGLITE_THREAD === 'worker' ? 'worker' : 'main',
    });
    await seedReferenceData(database.db);
    return database;
  }
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  await seedReferenceData(database.db);
  return {
    ...database,
    close: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
