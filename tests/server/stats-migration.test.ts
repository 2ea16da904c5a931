import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/database.ts';
import { readStatsJson } from '../../server/statistics/stats.repository.ts';
import { NOW_SECONDS } from '../helpers/telemetry.ts';

const MIGRATIONS = path.resolve(import.meta.dirname, '../../drizzle');
// The last migration before the statistics storage changed: liveness apart, partitions, the rollup mark.
const BEFORE = '0011_alert_channels';

/** A copy of the migrations folder that ends at `last`: its SQL files and a journal cut there. */
function migrationsUpTo(last: string): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'nodr-migrations-'));
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS, 'meta/_journal.json'), 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  const cut = journal.entries.findIndex((entry) => entry.tag === last);
  journal.entries = journal.entries.slice(0, cut + 1);
  fs.mkdirSync(path.join(folder, 'meta'));
  fs.writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify(journal));
  for (const entry of journal.entries)
    fs.copyFileSync(path.join(MIGRATIONS, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  return folder;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe('statistics kept across the storage migrations', () => {
  const client = new PGlite();
  const db = drizzle(client) as unknown as Db;
  const folder = migrationsUpTo(BEFORE);
  afterAll(async () => {
    await client.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it('keeps every minute, rollup and last-seen time, and the reads answer the same numbers', async () => {
    await migrate(drizzle(client), { migrationsFolder: folder });
    await db.execute(sql`insert into teams (id, name) values (1, 'Team')`);
    await db.execute(sql`insert into configs (id, name, status, storage, ram, bandwidth, ip_type)
      values (1, 'Basic', 1, 1, 1, 1, 'v4')`);
    const seen = new Date((NOW_SECONDS - 30) * 1000);
    await db.execute(sql`insert into nodes (id, team_id, config_id, public_key, public_key_fingerprint, license_key,
        domain, status, last_request_ms, last_seen_at)
      values (7, 1, 1, 'key', 'print', 'licence', 'licence.example', 10, ${seen.getTime()}, ${seen.toISOString()})`);
    // Two hours of minutes across midnight of a month's end, and their rollups as ingest kept them then.
    const first = NOW_SECONDS - 3600;
    await db.execute(sql`insert into stat_minute (node_id, ts, uplink, delivered, input, viewers, quality)
      select 7, ts, ts % 1000, 2 * (ts % 1000), 500, ts % 7, 50 + ts % 50
      from generate_series(${first}::bigint, ${NOW_SECONDS + 3540}::bigint, 60) as ts`);
    for (const [table, width] of [
      ['stat_20m', 1200],
      ['stat_hour', 3600],
    ] as const) {
      await db.execute(sql`insert into ${sql.raw(table)}
          (node_id, ts, uplink, delivered, input, viewers_sum, quality_sum, samples)
        select node_id, ts - ts % ${sql.raw(String(width))}, sum(uplink), sum(delivered), sum(input), sum(viewers),
          sum(quality), count(*)
        from stat_minute group by node_id, ts - ts % ${sql.raw(String(width))}`);
    }
    const answers = async () => ({
      day: await readStatsJson(db, { table: 'stat_minute', interval: 60 }, [7], first, NOW_SECONDS + 3600),
      week: await readStatsJson(db, { table: 'stat_20m', interval: 1200 }, [7], first, NOW_SECONDS + 3600),
      month: await readStatsJson(db, { table: 'stat_hour', interval: 3600 }, [7], first, NOW_SECONDS + 3600),
    });
    const tables = async () =>
      rowsOf<{ up: number; delivered: number }>(
        await db.execute(sql`select
          (select count(*)::integer from stat_minute) as minutes, (select sum(uplink)::float8 from stat_minute) as up,
          (select count(*)::integer from stat_20m) as twenty, (select sum(samples)::integer from stat_20m) as samples20,
          (select count(*)::integer from stat_hour) as hours, (select sum(delivered)::float8 from stat_hour) as delivered`),
      )[0];
    const before = await tables();
    expect(before).toMatchObject({ minutes: 120, twenty: 6, hours: 2, samples20: 120 });

    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS });

    expect(await tables()).toEqual(before);
    // The rows sit in partitions of their day and month now, none in a default partition.
    const defaults = rowsOf<{ rows: number }>(
      await db.execute(sql`select ((select count(*) from stat_minute_default) + (select count(*) from stat_20m_default)
        + (select count(*) from stat_hour_default))::integer as rows`),
    );
    expect(defaults[0]!.rows).toBe(0);
    const liveness = rowsOf<{ ms: number; at: string }>(
      await db.execute(sql`select last_request_ms::float8 as ms, last_seen_at::text as at from node_liveness
        where node_id = 7`),
    );
    expect(liveness).toHaveLength(1);
    expect(liveness[0]!.ms).toBe(seen.getTime());
    expect(new Date(liveness[0]!.at).getTime()).toBe(seen.getTime());
    // The rollups hold every bucket of the stored minutes: the mark starts past the last one.
    const marks = rowsOf<{ rollup: string; until: number }>(
      await db.execute(sql`select rollup, until::float8 as until from stat_rollup_mark order by rollup`),
    );
    expect(marks).toEqual([
      { rollup: 'stat_20m', until: NOW_SECONDS + 3600 },
      { rollup: 'stat_hour', until: NOW_SECONDS + 3600 },
    ]);
    // Each period's numbers, read from the rollups as before: the week's buckets equal the day's minutes summed.
    const after = await answers();
    expect(after.day.points).toBe(120);
    expect(after.week.points).toBe(6);
    expect(after.month.points).toBe(2);
    expect(after.week.total).toBe(after.month.total);
    const total = JSON.parse(`{${after.month.total}}`) as { nodrUpLink: number; deliveredToViewers: number };
    expect(total.nodrUpLink).toBe(before!.up);
    expect(total.deliveredToViewers).toBe(before!.delivered);
  });
});
