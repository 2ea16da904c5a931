import pg from 'pg';

// Any fixed number: the one advisory lock that every replica takes around its migrations.
const MIGRATION_LOCK_KEY = 1_219_120_012;

/**
 * Runs `migrate` while holding a PostgreSQL advisory lock: replicas starting together on one database
 * would otherwise apply the same migration at once, and all but one would fail on the tables the first created.
 * The lock is a session lock on a connection of its own, held until `migrate` ends; the next replica then finds
 * every migration applied.
 */
export async function withMigrationLock(url: string, migrate: () => Promise<void>): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrate();
  } finally {
    await client.end();
  }
}
