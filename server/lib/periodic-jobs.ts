import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.ts';
import type { Clock } from './clock.ts';
import { claimRun } from './jobs.repository.ts';

export interface PeriodicJob {
  name: string;
  intervalMs: number;
  firstRunMs: number;
  /** The work; what it returns is logged. */
  run(): Promise<unknown>;
}

/**
 * Runs a job on an interval, on whichever replica claims each period (every replica runs the timer). The timers
 * never keep the process alive; `stop` clears them and waits for a run in progress, so the database is not closed
 * under it.
 */
export function startPeriodicJob(deps: { db: Db; clock: Clock }, log: FastifyBaseLogger, job: PeriodicJob) {
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    running = running
      .then(async () => {
        if (!(await claimRun(deps.db, job.name, deps.clock.now(), job.intervalMs))) return;
        log.info({ job: job.name, result: await job.run() }, 'periodic job');
      })
      .catch((error: unknown) => log.error({ err: error, job: job.name }, 'periodic job failed'));
  };
  const first = setTimeout(tick, job.firstRunMs);
  const every = setInterval(tick, job.intervalMs);
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
