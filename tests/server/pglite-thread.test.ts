import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { type Database, openDatabase } from '../../server/db/database.ts';
import { teams } from '../../server/db/schema.ts';
import { isUniqueViolation } from '../../server/lib/database-errors.ts';

/** How many 5 ms timers fire on this thread while the database runs a query of a few hundred milliseconds. */
async function timerTicksDuring(database: Database): Promise<number> {
  let ticks = 0;
  const timer = setInterval(() => {
    ticks += 1;
  }, 5);
  await database.db.execute(sql`select count(*) from generate_series(1, 500000) as s(i) where i % 7 = 3`);
  clearInterval(timer);
  return ticks;
}

describe('PGLITE_THREAD', () => {
  it('puts the embedded database in its worker thread unless told main, and refuses anything else', () => {
    expect(loadConfig({}).pgliteThread).toBe('worker');
    expect(loadConfig({ PGLITE_THREAD: 'Worker' }).pgliteThread).toBe('worker');
    expect(loadConfig({ PGLITE_THREAD: 'main' }).pgliteThread).toBe('main');
    expect(() => loadConfig({ PGLITE_THREAD: 'both' })).toThrow(
      'PGLITE_THREAD: "both" is neither worker nor main.',
    );
  });
});

describe("PGlite on the calling thread (the tests, and the bench's before)", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({});
  });
  afterAll(() => database?.close());

  it('blocks the event loop while the engine works: the difference the worker thread makes', async () => {
    expect(await timerTicksDuring(database)).toBeLessThanOrEqual(1);
  });
});

describe('opening PGlite in a worker thread', () => {
  it('fails with the reason, rather than hang, when the data folder cannot be used', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'nodr-pglite-bad-')), 'a-file');
    fs.writeFileSync(file, 'not a folder');
    await expect(openDatabase({ dataDir: path.join(file, 'pglite'), thread: 'worker' })).rejects.toThrow(
      /Failed query/,
    );
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  });
});

/** The embedded database in its worker thread, through the drizzle handle the server uses. */
describe('PGlite in a worker thread', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nodr-pglite-thread-'));
  let database: Database;
  const names = async () =>
    (await database.db.select({ name: teams.name }).from(teams).orderBy(teams.id)).map((row) => row.name);

  beforeAll(async () => {
    database = await openDatabase({ dataDir, thread: 'worker' });
  });
  afterAll(async () => {
    await database?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('applies the migrations and answers queries with drizzle types (dates as Date, counts as numbers)', async () => {
    const [team] = await database.db.insert(teams).values({ name: 'Alpha' }).returning();
    expect(team).toMatchObject({ name: 'Alpha', status: 10 });
    expect(team!.createdAt).toBeInstanceOf(Date);
    expect(Math.abs(team!.createdAt.getTime() - Date.now())).toBeLessThan(60_000);
    const counted = await database.db.$count(teams);
    expect(counted).toBe(1);
    const raw = (await database.db.execute(sql`select ${'x'}::text as echo, 2 + 2 as four`)) as unknown as {
      rows: unknown[];
    };
    expect(raw.rows).toEqual([{ echo: 'x', four: 4 }]);
  });

  it('leaves the event loop free while the engine works: timers keep firing during a long query', async () => {
    expect(await timerTicksDuring(database)).toBeGreaterThan(5);
  });

  it('commits a transaction, and rolls back the whole of one whose callback throws, with its own error', async () => {
    await database.db.transaction(async (tx) => {
      await tx.insert(teams).values({ name: 'Committed' });
    });
    const failure = new Error('callback failed');
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(teams).values({ name: 'Rolled back' });
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await names()).toEqual(['Alpha', 'Committed']);
  });

  it('rolls back a nested transaction (a savepoint) alone', async () => {
    await database.db.transaction(async (tx) => {
      await tx.insert(teams).values({ name: 'Outer' });
      await expect(
        tx.transaction(async (inner) => {
          await inner.insert(teams).values({ name: 'Inner' });
          throw new Error('inner failed');
        }),
      ).rejects.toThrow('inner failed');
    });
    expect(await names()).toEqual(['Alpha', 'Committed', 'Outer']);
  });

  it('holds a plain query until an open transaction ends, so it never sees half of one', async () => {
    let reading: Promise<string[]> | undefined;
    await database.db.transaction(async (tx) => {
      const [row] = await tx.select().from(teams).where(eq(teams.name, 'Alpha')).for('update');
      await tx.update(teams).set({ name: 'Alpha (1)' }).where(eq(teams.id, row!.id));
      reading = names();
      await new Promise((resolve) => setTimeout(resolve, 50));
      await tx.update(teams).set({ name: 'Alpha (2)' }).where(eq(teams.id, row!.id));
    });
    expect((await reading!)[0]).toBe('Alpha (2)');
  });

  it('runs concurrent transactions one after another: 20 increments of one row lose none', async () => {
    const [counter] = await database.db.insert(teams).values({ name: '0' }).returning();
    await Promise.all(
      Array.from({ length: 20 }, () =>
        database.db.transaction(async (tx) => {
          const [row] = await tx.select().from(teams).where(eq(teams.id, counter!.id)).for('update');
          await tx
            .update(teams)
            .set({ name: String(Number(row!.name) + 1) })
            .where(eq(teams.id, counter!.id));
        }),
      ),
    );
    const [row] = await database.db.select().from(teams).where(eq(teams.id, counter!.id));
    expect(row!.name).toBe('20');
  });

  it("hands PostgreSQL's error fields across (a duplicate is recognised as one)", async () => {
    const [team] = await database.db.select().from(teams).limit(1);
    const error = await database.db
      .insert(teams)
      .values({ id: team!.id, name: 'Duplicate' })
      .then(
        () => undefined,
        (caught: unknown) => caught,
      );
    expect(isUniqueViolation(error)).toBe(true);
    expect(String((error as Error).cause ?? error)).toContain('duplicate key');
    await expect(database.db.execute(sql`select * from no_such_table`)).rejects.toMatchObject({
      cause: expect.objectContaining({ code: '42P01' }),
    });
  });

  it('refuses a parameter that cannot cross threads, and answers the next query', async () => {
    await expect(database.db.execute(sql`select ${() => 1} as f`)).rejects.toThrow();
    expect(await database.db.$count(teams)).toBeGreaterThan(0);
  });

  it('keeps its rows in the data folder across a close and a reopen; a closed database refuses queries', async () => {
    const before = await names();
    await database.close();
    await expect(names()).rejects.toMatchObject({
      cause: expect.objectContaining({ message: expect.stringContaining('The database thread has stopped') }),
    });
    database = await openDatabase({ dataDir, thread: 'worker' });
    expect(await names()).toEqual(before);
  });
});
