import { type Remote, wrap } from 'comlink';
import type { StatsWorkerApi } from './stats.worker.ts';

export type StatsWorker = Remote<StatsWorkerApi>;

/** Starts a statistics worker (a module worker that Vite bundles on its own). Tests mock this factory. */
export function createStatsWorker(): { worker: Worker; api: StatsWorker } {
  const worker = new Worker(new URL('./stats.worker.ts', import.meta.url), { type: 'module', name: 'stats' });
  return { worker, api: wrap<StatsWorkerApi>(worker) };
}

let shared: { worker: Worker; api: StatsWorker } | undefined;

/** The one statistics worker of the page, started on first use (the Statistics route) and kept for later visits. */
export function statsWorker(): StatsWorker {
  shared ??= createStatsWorker();
  return shared.api;
}
