import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Database, openDatabase } from '../../server/db/database.ts';
import { seedReferenceData } from '../../server/db/seed.ts';

/**
 * A migrated and seeded database that each test file copies instead of starting PGlite's initdb and running every
 * migration again (most of a server test file's set-up time): a PGlite data folder, or a database on the PostgreSQL
 * server named by DATABASE_URL used as a template. Built once per run by tests/setup/database-template.ts.
 */
export interface DatabaseTemplate {
  /** The PGlite data folder, or the PostgreSQL database name. */
  ref: string;
  dispose(): Promise<void>;
}

/** Set by the global set-up for the test files (their workers inherit the environment). */
export const TEMPLATE_VARIABLE = 'NODR_TEST_DATABASE_TEMPLATE';

const randomName = (prefix: string) => `${prefix}_${randomBytes(6).toString('hex')}`;

async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A migrated and seeded PGlite data folder, closed, for copies: `ref` is its path. */
export async function createPgliteTemplate(): Promise<DatabaseTemplate> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nodr-db-template-'));
  const database = await openDatabase({ dataDir: dir });
  await seedReferenceData(database.db);
  await database.close();
  return { ref: dir, dispose: async () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Puts a copy of the run's PGlite template where the product keeps its database (`<DATA_DIR>/pglite`), so a server
 * process started on `dataDir` finds every migration applied instead of running initdb (about 8 s of CPU) first.
 * Does nothing without a PGlite template (a file run outside its project, or a PostgreSQL run, whose template is a
 * database name).
 */
export function copyPgliteTemplate(dataDir: string, template = process.env[TEMPLATE_VARIABLE]): void {
  if (!template || !path.isAbsolute(template)) return;
  fs.cpSync(template, path.join(dataDir, 'pglite'), { recursive: true });
}

export async function createDatabaseTemplate(): Promise<DatabaseTemplate> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) return createPgliteTemplate();
  const name = randomName('test_template');
  await adminQuery(adminUrl, `create database ${name}`);
  const database = await openDatabase({ url: databaseUrl(adminUrl, name) });
  await seedReferenceData(database.db);
  // A template must have no connection open while it is copied.
  await database.close();
  return {
    ref: name,
    dispose: () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`),
  };
}

/** Copying a template fails while another copy of it starts (PostgreSQL's 55006): tried again a few times. */
async function createFromTemplate(adminUrl: string, name: string, template: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await adminQuery(adminUrl, `create database ${name} template ${template}`);
    } catch (error) {
      if ((error as { code?: string }).code !== '55006' || attempt === 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}

/**
 * A fresh, migrated and seeded database for one test file: a copy of the run's template (PGlite in a temporary data
 * folder by default, on the test's thread or, with PGLITE_THREAD=worker, in its worker thread as the product
 * runs it; or a throwaway database on the PostgreSQL server named by DATABASE_URL, which
 * scripts/with-postgres.sh sets in CI). Without a template (a file run outside the server project) it is built here.
 */
export async function freshDatabase(): Promise<Database> {
  const adminUrl = process.env.DATABASE_URL;
  const template = process.env[TEMPLATE_VARIABLE];
  if (!adminUrl) {
    const thread = process.env.PGLITE_THREAD === 'worker' ? 'worker' : 'main';
    if (!template) {
      const database = await openDatabase({ thread });
      await seedReferenceData(database.db);
      return database;
    }
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nodr-test-db-'));
    fs.cpSync(template, dir, { recursive: true });
    const database = await openDatabase({ dataDir: dir, thread });
    return {
      ...database,
      close: async () => {
        await database.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const name = randomName('test');
  if (template) await createFromTemplate(adminUrl, name, template);
  else await adminQuery(adminUrl, `create database ${name}`);
  const database = await openDatabase({ url: databaseUrl(adminUrl, name) });
  if (!template) await seedReferenceData(database.db);
  return {
    ...database,
    close: async () => {
      await database.close();
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}
