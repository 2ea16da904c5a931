import { sql } from 'drizzle-orm';
import type { Db } from '../server/db/database.ts';
import { sessions, teamMembers, teams, users } from '../server/db/schema.ts';
import { hashToken, randomToken } from '../server/lib/tokens.ts';

export const DAY = 86_400;

/** A team with one member and a live session; returns the ids and the bearer token. */
export async function seedTeam(db: Db): Promise<{ teamId: number; userId: number; token: string }> {
  const [team] = await db.insert(teams).values({ name: 'Bench team' }).returning();
  const [user] = await db
    .insert(users)
    .values({ email: `bench-${randomToken(4)}@example.com` })
    .returning();
  await db.insert(teamMembers).values({ teamId: team!.id, userId: user!.id, role: 10 });
  const token = randomToken();
  await db.insert(sessions).values({
    userId: user!.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + DAY * 1000),
  });
  return { teamId: team!.id, userId: user!.id, token };
}

/** `count` active nodes of the team, with placeholder keys (the statistics API never checks them). */
export async function seedNodes(
  db: Db,
  teamId: number,
  count: number,
): Promise<{ id: number; licenseKey: string }[]> {
  const result = await db.execute(sql`
    insert into nodes (team_id, name, status, config_id, public_key, public_key_fingerprint, license_key, domain)
    select ${teamId}, 'Bench ' || i, 10, 1, 'bench', md5(random()::text || i), md5(random()::text || i), 'bench-' || i || '.example'
    from generate_series(1, ${count}) as i
    returning id, license_key as "licenseKey"`);
  return (result as unknown as { rows: { id: number; licenseKey: string }[] }).rows;
}

/**
 * The seeds write the rollups of every bucket they fill, as the rollup job would have built them once closed: the
 * mark says so, or reads would add those buckets' minutes again (docs/statistics-storage.md).
 */
async function markRollupsBuilt(db: Db, end: number): Promise<void> {
  const until = Math.ceil(end / 3600) * 3600;
  await db.execute(sql`update stat_rollup_mark set until = greatest(until, ${until})`);
}

/**
 * Minutes of every given node over [end - days, end), generated in SQL with a daily curve, then the 20-minute and
 * hourly rollups computed from them. One node per statement keeps each transaction small.
 */
export async function seedMinutes(
  db: Db,
  nodeIds: readonly number[],
  end: number,
  days: number,
  onProgress?: (done: number) => void,
): Promise<void> {
  const start = end - days * DAY;
  for (const [index, nodeId] of nodeIds.entries()) {
    await db.execute(sql`
      insert into stat_minute (node_id, ts, uplink, delivered, input, viewers, quality)
      select ${nodeId}, ts,
        (40e6 * (1.2 + sin(ts / 13751.0)) + (ts % 997) * 1000)::bigint,
        (90e6 * (1.2 + sin(ts / 13751.0)) + (ts % 991) * 1000)::bigint,
        (30e6 * (1.2 + sin(ts / 13751.0)) + (ts % 983) * 1000)::bigint,
        (200 * (1.2 + sin(ts / 13751.0)))::integer,
        80 + (ts % 17)
      from generate_series(${start}::bigint, ${end - 60}::bigint, 60::bigint) as ts`);
    for (const [table, width] of [
      ['stat_20m', 1200],
      ['stat_hour', 3600],
    ] as const) {
      await db.execute(sql`
        insert into ${sql.raw(table)} (node_id, ts, uplink, delivered, input, viewers_sum, quality_sum, samples)
        select node_id, ts - ts % ${sql.raw(String(width))}, sum(uplink), sum(delivered), sum(input), sum(viewers),
          sum(quality), count(*)
        from stat_minute where node_id = ${nodeId} group by node_id, ts - ts % ${sql.raw(String(width))}`);
    }
    onProgress?.(index + 1);
  }
  await markRollupsBuilt(db, end);
}

/**
 * The same minutes as seedMinutes and the rollups the ingest statement (insertMinutes) would fold from them, built
 * set-based one day at a time, and laid out on disk in time order across the nodes, as live ingest writes them (every
 * node reports each minute): a node's hourly rows then lie on as many pages as it has hours, not packed together.
 * Without `storeMinutes` only the rollups are written (the month and week reads never touch the minutes).
 */
export async function seedMinutesByTime(
  db: Db,
  nodeIds: readonly number[],
  end: number,
  days: number,
  options: { storeMinutes: boolean; onProgress?: (day: number) => void },
): Promise<void> {
  const ids = `{${nodeIds.join(',')}}`;
  const rollup = (table: string, width: number) => {
    const bucket = sql.raw(`ts - ts % ${width}`);
    return sql`insert into ${sql.raw(table)} (node_id, ts, uplink, delivered, input, viewers_sum, quality_sum, samples)
      select node_id, ${bucket}, sum(uplink), sum(delivered), sum(input), sum(viewers), sum(quality), count(*)
      from inserted group by node_id, ${bucket} order by 2, 1`;
  };
  for (let day = 0; day < days; day++) {
    const from = end - (days - day) * DAY;
    const store = options.storeMinutes
      ? sql`insert into stat_minute (node_id, ts, uplink, delivered, input, viewers, quality)`
      : sql``;
    await db.execute(sql`
      with inserted as (
        ${store}
        select node_id, ts,
          (40e6 * (1.2 + sin(ts / 13751.0)) + (ts % 997) * 1000 + node_id)::bigint as uplink,
          (90e6 * (1.2 + sin(ts / 13751.0)) + (ts % 991) * 1000 + node_id)::bigint as delivered,
          (30e6 * (1.2 + sin(ts / 13751.0)) + (ts % 983) * 1000 + node_id)::bigint as input,
          (200 * (1.2 + sin(ts / 13751.0)))::integer + node_id % 7 as viewers,
          (80 + ts % 17)::float8 as quality
        from generate_series(${from}::bigint, ${from + DAY - 60}::bigint, 60::bigint) as ts,
          unnest(${ids}::integer[]) as node_id
        order by ts, node_id
        ${options.storeMinutes ? sql`returning node_id, ts, uplink, delivered, input, viewers, quality` : sql``}
      ), twenty as (${rollup('stat_20m', 1200)}
      ), hourly as (${rollup('stat_hour', 3600)})
      select count(*) from inserted`);
    options.onProgress?.(day + 1);
  }
  await markRollupsBuilt(db, end);
}
