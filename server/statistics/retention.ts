import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { Clock } from '../lib/clock.ts';
import type { EventHub } from '../lib/events.ts';
import { startPeriodicJob } from '../lib/periodic-jobs.ts';
import { type DropResult, dropPartitionsBefore, prepareAhead } from './partitions.ts';
import { type BucketTable, buildRollup, vacuumHourlyRollup } from './stats.repository.ts';
import { statsVersions } from './stats-versions.ts';

/** How often the retention job runs, and how soon after start the first run comes. */
export const RETENTION_INTERVAL_MS = 60 * 60_000;
export const RETENTION_FIRST_RUN_MS = 60_000;
/**
 * The partition job makes the coming partitions hourly, the first time a minute after start like retention: until
 * then points land in the default partition, which the job empties into the partitions it makes, so a short-lived
 * process never moves rows while it ingests.
 */
const PARTITIONS_INTERVAL_MS = 60 * 60_000;
const PARTITIONS_FIRST_RUN_MS = 60_000;

/**
 * The rollup job builds the 20-minute and hourly buckets that closed, every minute, on one replica per minute. A
 * bucket is built this long after it closed, so that the reports of its last minutes (sent a minute late at most by
 * a node online) are in it rather than added one by one as late reports.
 */
const ROLLUP_INTERVAL_MS = 60_000;
export const ROLLUP_DELAY_SECONDS = 120;

export type RetentionResult = Record<BucketTable, DropResult>;

export interface RetentionDeps {
  db: Db;
  clock: Clock;
  config: Config;
  hub: Pick<EventHub, 'publishStatsChanged'>;
}

/**
 * Builds the closed rollup buckets, then drops the statistics partitions wholly older than the configured retention of each table (and the default
 * partition's expired rows), then vacuums the hourly rollup (for the month read's index-only scan).
 */
export async function deleteExpiredStats(deps: RetentionDeps): Promise<RetentionResult> {
  // Minutes about to go must be in their rollups first, should the rollup job have lagged.
  await buildClosedRollups(deps);
  const now = Math.floor(deps.clock.now().getTime() / 1000);
  const { minuteDays, twentyMinuteDays, hourDays } = deps.config.retention;
  const result: RetentionResult = {
    stat_minute: await dropPartitionsBefore(deps.db, 'stat_minute', now - minuteDays * 86_400),
    stat_20m: await dropPartitionsBefore(deps.db, 'stat_20m', now - twentyMinuteDays * 86_400),
    stat_hour: await dropPartitionsBefore(deps.db, 'stat_hour', now - hourDays * 86_400),
  };
  if (Object.values(result).some((dropped) => dropped.partitions.length > 0 || dropped.defaultRows > 0)) {
    // Every replica drops its cached answers, this one first.
    statsVersions.allChanged();
    deps.hub.publishStatsChanged([]);
  }
  await vacuumHourlyRollup(deps.db);
  return result;
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

/** Builds the rollup buckets that closed at least ROLLUP_DELAY_SECONDS ago; returns how many of each it built. */
export async function buildClosedRollups(deps: Pick<RetentionDeps, 'db' | 'clock'>) {
  const before = Math.floor(deps.clock.now().getTime() / 1000) - ROLLUP_DELAY_SECONDS;
  return {
    stat_20m: await buildRollup(deps.db, 'stat_20m', before),
    stat_hour: await buildRollup(deps.db, 'stat_hour', before),
  };
}

/** The rollup job: every minute, on one replica per minute. */
export function startRollupJob(deps: RetentionDeps, log: FastifyBaseLogger) {
  return startPeriodicJob(deps, log, {
    name: 'statistics-rollups',
    intervalMs: ROLLUP_INTERVAL_MS,
    firstRunMs: ROLLUP_INTERVAL_MS,
    run: () => buildClosedRollups(deps),
  });
}

/** The partition job: makes the partitions of the coming days and months, on one replica per hour. */
export function startPartitionJob(deps: RetentionDeps, log: FastifyBaseLogger) {
  return startPeriodicJob(deps, log, {
    name: 'statistics-partitions',
    intervalMs: PARTITIONS_INTERVAL_MS,
    firstRunMs: PARTITIONS_FIRST_RUN_MS,
    run: () => prepareAhead(deps.db, Math.floor(deps.clock.now().getTime() / 1000)),
  });
}
