import type { StatsAnswer } from '../../../contracts/stats-answer.schema.ts';
import { STATS_PERIOD, type StatsPeriod } from '../../../contracts/stats-periods.ts';
import { rangeIntervalOf } from '../../../contracts/stats-range.ts';
import { listNodesWithDeleted } from '../../api/nodes.ts';
import { getStatSettings, loadStats, loadStatsRange, putStatSettings } from '../../api/stats.ts';
import { statsWorker } from '../../workers/stats.client.ts';
import type { NodeSeries } from '../../workers/stats.per-node.ts';
import type { StatSeries, TransformRequest } from '../../workers/stats.ts';
import { fromRequest } from '../common/from-request.ts';
import { type CustomRange, rangeWindow } from './statistics.range.ts';
import { type SavedStatSettings, type StatNode, statNodes } from './statistics.selection.ts';

export interface StatisticsSetup {
  nodes: StatNode[];
  /** The saved settings text, or null when they could not be read (the defaults apply then). */
  text: string | null;
}

/**
 * The node list and the saved statistics configuration (spec 4, Configuration list), together. A failed settings
 * read is not fatal: the screen starts from the defaults.
 */
export const loadStatisticsSetup = fromRequest<StatisticsSetup, { userId: number; teamId: number }>(
  async ({ input, signal }) => {
    const [nodes, text] = await Promise.all([
      listNodesWithDeleted(input.teamId, signal),
      getStatSettings(input.userId, input.teamId, signal).then(
        (settings) => settings.text,
        () => null,
      ),
    ]);
    return { nodes: statNodes(nodes), text };
  },
);

export interface StatsLoadInput {
  filter: StatsPeriod;
  /** A custom range, shown instead of the filter's window when set. */
  range: CustomRange | null;
  teamId: number;
  licenceKeys: string[];
  /**
   * The ids of the nodes of `licenceKeys`, in the same order, when the per-node breakdown is on: each node's
   * series then comes too. null: the whole answer only.
   */
  perNode: number[] | null;
  /** Compare with the previous period: the window of the same length just before is read and drawn too. */
  compare: boolean;
}

/** The series on screen, and each node's when the breakdown was asked (statistics.machine.ts keeps them apart). */
export type LoadedStats = StatSeries & { perNode?: NodeSeries[]; previous?: StatSeries };

/** An ISO UTC instant as the range call takes it, from Unix seconds. */
const isoOf = (seconds: number) => new Date(seconds * 1000).toISOString().replace('.000Z', 'Z');

/**
 * The previous window's series, on a grid of the same length ending where the shown one starts; null when it could
 * not be read (a window beyond the retention, say): the comparison is then left out rather than the figures.
 */
async function previousOf(
  read: () => Promise<StatsAnswer>,
  grid: Omit<TransformRequest, 'points' | 'total'>,
) {
  try {
    const answer = await read();
    return await statsWorker().transform({ ...grid, points: answer.result, total: answer.total_result });
  } catch {
    return null;
  }
}

/** The shown series with the previous window's beside them, when asked and read. */
async function withPrevious(
  shown: Promise<LoadedStats>,
  previous: Promise<StatSeries | null> | null,
): Promise<LoadedStats> {
  const [stat, before] = await Promise.all([shown, previous]);
  return before ? { ...stat, previous: before } : stat;
}

/** The whole answer as series, with each node's on the same grid when the answer holds them. */
async function seriesOf(
  answer: StatsAnswer,
  grid: Omit<TransformRequest, 'points' | 'total'>,
  input: StatsLoadInput,
): Promise<LoadedStats> {
  const worker = statsWorker();
  const whole = worker.transform({ ...grid, points: answer.result, total: answer.total_result });
  const ids = input.perNode;
  if (!ids || !answer.perNode) return whole;
  const idOf = new Map(input.licenceKeys.map((key, index) => [key, ids[index]!]));
  const nodes = answer.perNode.flatMap((node) => {
    const id = idOf.get(node.licenceKey);
    return id === undefined ? [] : [{ id, points: node.result, total: node.total_result }];
  });
  const [stat, perNode] = await Promise.all([whole, worker.transformPerNode({ ...grid, nodes })]);
  return { ...stat, perNode };
}

/** The bucket the server read a range in: its `text` says (a coarser one for an old range), else the span's rule. */
function intervalOf(text: string, span: number): number {
  try {
    const interval: unknown = JSON.parse(text).interval;
    if (typeof interval === 'number' && interval > 0) return interval;
  } catch {
    // A text that is not JSON: the span's rule below.
  }
  return rangeIntervalOf(span);
}

/** The body's `perNode` only when asked, so that a plain request is the spec's body as it was. */
const perNodeField = (input: StatsLoadInput) => (input.perNode ? { perNode: true } : {});

/** A custom range's statistics (docs/api-stats.md), turned into chart series on the bucket the server chose. */
async function loadRangeSeries(
  input: StatsLoadInput & { range: CustomRange },
  signal: AbortSignal,
): Promise<LoadedStats> {
  const window = rangeWindow(input.range);
  const start = Date.parse(window.from) / 1000;
  const end = Date.parse(window.to) / 1000;
  const answer = await loadStatsRange(
    { ...window, clientId: input.teamId, licenceKey: input.licenceKeys, ...perNodeField(input) },
    signal,
  );
  const interval = intervalOf(answer.text, end - start);
  const first = Math.ceil(start / interval) * interval;
  const grid = { interval, start: first, end: Math.ceil(end / interval) * interval, now: Date.now() / 1000 };
  const span = end - start;
  const previous = input.compare
    ? previousOf(
        () =>
          loadStatsRange(
            {
              from: isoOf(start - span),
              to: window.from,
              clientId: input.teamId,
              licenceKey: input.licenceKeys,
            },
            signal,
          ),
        { interval, start: first - span, end: first, now: grid.now },
      )
    : null;
  return withPrevious(seriesOf(answer, grid, input), previous);
}

/**
 * spec 4 and 7: the statistics of the selected nodes over the filter's window ending now (at the end of the current
 * bucket, so the buckets line up), turned into chart series by the worker.
 */
export const loadStatSeries = fromRequest<LoadedStats, StatsLoadInput>(async ({ input, signal }) => {
  if (input.range) return loadRangeSeries({ ...input, range: input.range }, signal);
  const { intervalSeconds: interval, windowSeconds } = STATS_PERIOD[input.filter];
  const now = Date.now() / 1000;
  const end = Math.ceil(now / interval) * interval;
  const start = end - windowSeconds;
  const body = { clientId: input.teamId, licenceKey: input.licenceKeys };
  // The previous window is asked beside the shown one, not after it.
  const previous = input.compare
    ? previousOf(
        () =>
          loadStats(
            input.filter,
            { ...body, startTimestamp: start - windowSeconds, endTimestamp: start },
            signal,
          ),
        { interval, start: start - windowSeconds, end: start, now },
      )
    : null;
  const answer = await loadStats(
    input.filter,
    {
      startTimestamp: start,
      endTimestamp: end,
      clientId: input.teamId,
      licenceKey: input.licenceKeys,
      ...perNodeField(input),
    },
    signal,
  );
  return withPrevious(seriesOf(answer, { interval, start, end, now }, input), previous);
});

/** spec 1 and 4: the built-in sample data, as series (the data lives in the worker). */
export const loadSampleSeries = fromRequest<StatSeries>(() => statsWorker().sample());

/** spec 4, Saving the statistics configuration list: answers the saved text. */
export const saveStatSettings = fromRequest<
  string,
  { userId: number; teamId: number; settings: SavedStatSettings }
>(async ({ input, signal }) => {
  const saved = await putStatSettings(input.userId, input.teamId, { ...input.settings }, signal);
  return saved.text;
});
