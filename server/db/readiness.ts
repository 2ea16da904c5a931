import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Db } from './database.ts';
import { rowsOf } from './rows.ts';

const journalFile = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../drizzle/meta/_journal.json',
);

/** How many migrations this build ships (drizzle/meta/_journal.json). */
export function shippedMigrations(): number {
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: unknown[] };
  return journal.entries.length;
}

/** How many migrations the database has applied (drizzle's own ledger); throws when the database is unreachable. */
export async function appliedMigrations(db: Db): Promise<number> {
  const result = await db.execute(sql`select count(*)::int as applied from drizzle.__drizzle_migrations`);
  const [row] = rowsOf<{ applied: number }>(result);
  return row?.applied ?? 0;
}
