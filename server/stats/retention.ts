import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { Clock } from '../lib/clock.ts';
import { allNodeIds, type BucketTable, deleteOlderThan } from './stats.repository.ts';

/** How often the retention job runs, and how soon after start the first run comes. */
export const RETENTION_INTERVAL_MS = 60 * 60_000;
export const RETENTION_FIRST_RUN_MS = 60_000;
// Bounds each delete statement, so a first run after a long pause never holds one huge transaction.
const NODES_PER_DELETE = 200;

export type RetentionResult = Record<BucketTable, number>;

/** Deletes statistics older than the configured retention of each table; returns the rows deleted per table. */
export async function deleteExpiredStats(deps: {
  db: Db;
  clock: Clock;
  config: Config;
}): Promise<RetentionResult> {
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
  return deleted;
}

/**
 * Runs the retention job on an interval (first run a minute after start). The timers never keep the process
 * alive; `stop` clears them and waits for a run in progress, so the database is not closed under it.
 */
export function startRetentionJob(deps: { db: Db; clock: Clock; config: Config }, log: FastifyBaseLogger) {
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = running
      .then(() => deleteExpiredStats(deps))
      .then((deleted) => log.info({ deleted }, 'statistics retention'))
      .catch((error: unknown) => log.error({ err: error }, 'statistics retention failed'));
  };
  const first = setTimeout(run, RETENTION_FIRST_RUN_MS);
  const every = setInterval(run, RETENTION_INTERVAL_MS);
  first.unref();
  every.unref();
  return {
    async stop() {
      clearTimeout(first);
      clearInterval(every);
      await running;
    },
  };
}
