import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { Clock } from '../lib/clock.ts';
import type { EventHub } from '../lib/events.ts';
import { startPeriodicJob } from '../lib/periodic-jobs.ts';
import { allNodeIds, type BucketTable, deleteOlderThan, vacuumHourlyRollup } from './stats.repository.ts';

/** How often the retention job runs, and how soon after start the first run comes. */
export const RETENTION_INTERVAL_MS = 60 * 60_000;
export const RETENTION_FIRST_RUN_MS = 60_000;
// Bounds each delete statement, so a first run after a long pause never holds one huge transaction.
const NODES_PER_DELETE = 200;

export type RetentionResult = Record<BucketTable, number>;

export interface RetentionDeps {
  db: Db;
  clock: Clock;
  config: Config;
  hub: Pick<EventHub, 'publishStatsChanged'>;
}

/**
 * Deletes statistics older than the configured retention of each table, then vacuums the hourly rollup (for the
 * month read's index-only scan); returns the rows deleted per table.
 */
export async function deleteExpiredStats(deps: RetentionDeps): Promise<RetentionResult> {
  const now = Math.floor(deps.clock.now().getTime() / 1000);
  const { minuteDays, twentyMinuteDays, hourDays } = deps.config.retention;
  const cutoffs: [BucketTable, number][] = [
    ['stat_minute', now - minuteDays * 86_400],
    ['stat_20m', now - twentyMinuteDays * 86_400],
    ['stat_hour', now - hourDays * 86_400],
  ];
  const ids = await allNodeIds(deps.db);
  const deleted: RetentionResult = { stat_minute: 0, stat_20m: 0, stat_hour: 0 };
  for (const [table, cutoff] of cutoffs) {
    for (let offset = 0; offset < ids.length; offset += NODES_PER_DELETE) {
      deleted[table] += await deleteOlderThan(
        deps.db,
        table,
        ids.slice(offset, offset + NODES_PER_DELETE),
        cutoff,
      );
    }
  }
  // Every replica drops its cached answers; this one already did (stats.repository.ts).
  if (Object.values(deleted).some((rows) => rows > 0)) deps.hub.publishStatsChanged([]);
  await vacuumHourlyRollup(deps.db);
  return deleted;
}

/** The retention job: hourly (the first run a minute after start), on one replica per hour. */
export function startRetentionJob(deps: RetentionDeps, log: FastifyBaseLogger) {
  return startPeriodicJob(deps, log, {
    name: 'statistics-retention',
    intervalMs: RETENTION_INTERVAL_MS,
    firstRunMs: RETENTION_FIRST_RUN_MS,
    run: () => deleteExpiredStats(deps),
  });
}
