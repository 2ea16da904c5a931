/**
 * Statistics worker benchmark: prints figures, asserts nothing. Run: npm run bench:worker.
 *
 * - transform: a month for 3 nodes at 3600 s (2,160 points), and 129,600 raw minute points (3 nodes x 30 days)
 *   rolled into the month's hours and into minutes, timed in-process (the same V8 as Chromium's worker).
 * - Comlink: the real stats.worker.ts in a worker thread, the month asked for and answered with transferred arrays.
 * - receive: what the main thread pays for an answer: structured clone with transfer of a month's series (an upper
 *   bound: it serialises too, which the worker does in the browser).
 * - per node: a month of 3 nodes' keyed points turned into one series per node (transformPerNode), in-process and
 *   through the worker.
 * - points: the chart points the main thread builds from a month's series (three lines and two areas), the work that
 *   stays on the main thread so that only typed arrays cross (STYLE.md rule 7).
 */
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { wrap } from 'comlink';
import nodeEndpoint from 'comlink/dist/esm/node-adapter.mjs';
import type { StatPoint } from '../contracts/stats-answer.schema.ts';
import { toAreaData, toLineData } from '../src/screens/statistics/chart-data.ts';
import { transformPerNode } from '../src/workers/stats.per-node.ts';
import { buffersOf, transformStats } from '../src/workers/stats.ts';
import type { StatsWorkerApi } from '../src/workers/stats.worker.ts';

const HOUR = 3600;
const MONTH = 2_592_000;
const END = Math.ceil(1_760_000_000 / HOUR) * HOUR;
const START = END - MONTH;

function pointsFor(nodes: number, step: number, from = START): StatPoint[] {
  const points: StatPoint[] = [];
  for (let node = 0; node < nodes; node += 1) {
    for (let dt = from; dt < END; dt += step) {
      const load = 1 + Math.sin((dt / 86_400) * 2 * Math.PI + node);
      const input = Math.round(2e8 * load * (step / 60));
      points.push({
        dt,
        nodrUpLink: Math.round(input * 1.4),
        deliveredToViewers: Math.round(input * 2.4),
        inputFromCdn: input,
        totalViewers: Math.round(100 * load),
        qualityIndex: 90 + 5 * load,
        deliverToInputRatio: 2.4,
      });
    }
  }
  return points;
}

function measure(label: string, run: () => void, rounds: number, target?: number) {
  for (let warm = 0; warm < Math.min(20, rounds); warm += 1) run();
  const samples: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const started = performance.now();
    run();
    samples.push(performance.now() - started);
  }
  report(label, samples, target);
}

function report(label: string, samples: number[], target?: number) {
  samples.sort((a, b) => a - b);
  const at = (share: number) => samples[Math.min(samples.length - 1, Math.floor(samples.length * share))]!;
  const goal = target === undefined ? '' : `  (target <= ${target} ms)`;
  console.info(
    `${label.padEnd(58)} median ${at(0.5).toFixed(3)} ms  p95 ${at(0.95).toFixed(3)} ms  n=${samples.length}${goal}`,
  );
}

const month3 = pointsFor(3, HOUR);
const raw = pointsFor(3, 60);
console.info(
  `points: month at 3600 s for 3 nodes = ${month3.length}; raw minutes for 3 nodes = ${raw.length}`,
);

measure(
  'transform: month, 3 nodes, 3600 s (2,160 points)',
  () => transformStats({ points: month3, interval: HOUR, start: START, end: END }),
  300,
  5,
);
const keyed = Object.fromEntries(pointsFor(1, HOUR).map((point) => [String(point.dt), point]));
// The per-node breakdown (docs/web-statistics.md): 3 nodes' months as the service answers them, one series each.
const perNodeMonth = [1, 2, 3].map((id) => ({ id, points: keyed }));
measure(
  'transform: per-node month, 3 nodes (3 x 720 keyed points)',
  () => transformPerNode({ nodes: perNodeMonth, interval: HOUR, start: START, end: END }),
  300,
  3,
);
measure(
  'transform: month as the service answers it (720 keyed points)',
  () => transformStats({ points: keyed, interval: HOUR, start: START, end: END }),
  300,
);
// The longest custom range (contracts/stats-range.ts): 400 days in four-hour buckets, as the range call answers it;
// and the most points a range answers, 125 days of hours.
const RANGE_START = END - 400 * 86_400;
const FOUR_HOURS = 4 * HOUR;
const longRange = Object.fromEntries(
  pointsFor(1, FOUR_HOURS, RANGE_START).map((point) => [String(point.dt), point]),
);
measure(
  'transform: a 400-day custom range (2,400 keyed four-hour buckets)',
  () => transformStats({ points: longRange, interval: FOUR_HOURS, start: RANGE_START, end: END }),
  100,
);
const DENSEST_START = END - 125 * 86_400;
const densest = Object.fromEntries(
  pointsFor(1, HOUR, DENSEST_START).map((point) => [String(point.dt), point]),
);
measure(
  'transform: a 125-day custom range (3,000 keyed hours)',
  () => transformStats({ points: densest, interval: HOUR, start: DENSEST_START, end: END }),
  100,
);
measure(
  'transform: 129,600 raw points into 720 hours',
  () => transformStats({ points: raw, interval: HOUR, start: START, end: END }),
  40,
  60,
);
measure(
  'transform: 129,600 raw points into 43,200 minutes',
  () => transformStats({ points: raw, interval: 60, start: START, end: END }),
  40,
  60,
);

// Fresh arrays each round (a transfer detaches them); only the clone itself is timed.
const receives: number[] = [];
for (let round = 0; round < 320; round += 1) {
  const series = transformStats({ points: month3, interval: HOUR, start: START, end: END });
  const started = performance.now();
  structuredClone(series, { transfer: buffersOf(series) });
  if (round >= 20) receives.push(performance.now() - started);
}
report('receive: structured clone with transfer of a month series', receives, 1);

function chartPoints(series: ReturnType<typeof transformStats>) {
  for (const values of [series.uplink, series.input, series.ratio]) toLineData(series.times, values);
  for (const values of [series.delivered, series.quality]) toAreaData(series.times, values);
}
const hours = transformStats({ points: month3, interval: HOUR, start: START, end: END });
measure('points: month (720 hours) to chart points, main thread', () => chartPoints(hours), 200);
const minutes = transformStats({ points: raw, interval: 60, start: START, end: END });
measure('points: month (43,200 minutes) to chart points, main thread', () => chartPoints(minutes), 40);

const thread = new Worker(new URL('./stats-worker-node.mjs', import.meta.url));
const api = wrap<StatsWorkerApi>(nodeEndpoint(thread));
const rounds: number[] = [];
for (let round = 0; round < 60; round += 1) {
  const started = performance.now();
  const answer = await api.transform({ points: month3, interval: HOUR, start: START, end: END });
  if (round >= 10) rounds.push(performance.now() - started);
  if (answer.times.length !== 720) throw new Error('unexpected answer');
}
report('Comlink round trip: month, 3 nodes (send points, get arrays)', rounds);
const perNodeRounds: number[] = [];
for (let round = 0; round < 60; round += 1) {
  const started = performance.now();
  const answer = await api.transformPerNode({ nodes: perNodeMonth, interval: HOUR, start: START, end: END });
  if (round >= 10) perNodeRounds.push(performance.now() - started);
  if (answer.length !== 3) throw new Error('unexpected answer');
}
report('Comlink round trip: per-node month, 3 nodes', perNodeRounds);
await thread.terminate();
