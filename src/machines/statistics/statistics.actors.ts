import { STATS_PERIOD, type StatsPeriod } from '../../../contracts/stats-periods.ts';
import { rangeIntervalOf } from '../../../contracts/stats-range.ts';
import { listNodesWithDeleted } from '../../api/nodes.ts';
import { getStatSettings, loadStats, loadStatsRange, putStatSettings } from '../../api/stats.ts';
import { statsWorker } from '../../workers/stats.client.ts';
import type { StatSeries } from '../../workers/stats.ts';
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

/** A custom range's statistics (docs/api-stats.md), turned into chart series on the bucket the server chose. */
async function loadRangeSeries(input: StatsLoadInput & { range: CustomRange }, signal: AbortSignal) {
  const window = rangeWindow(input.range);
  const start = Date.parse(window.from) / 1000;
  const end = Date.parse(window.to) / 1000;
  const answer = await loadStatsRange(
    { ...window, clientId: input.teamId, licenceKey: input.licenceKeys },
    signal,
  );
  const interval = intervalOf(answer.text, end - start);
  return statsWorker().transform({
    points: answer.result,
    interval,
    start: Math.ceil(start / interval) * interval,
    end: Math.ceil(end / interval) * interval,
    now: Date.now() / 1000,
    total: answer.total_result,
  });
}

/**
 * spec 4 and 7: the statistics of the selected nodes over the filter's window ending now (at the end of the current
 * bucket, so the buckets line up), turned into chart series by the worker.
 */
export const loadStatSeries = fromRequest<StatSeries, StatsLoadInput>(async ({ input, signal }) => {
  if (input.range) return loadRangeSeries({ ...input, range: input.range }, signal);
  const { intervalSeconds: interval, windowSeconds } = STATS_PERIOD[input.filter];
  const now = Date.now() / 1000;
  const end = Math.ceil(now / interval) * interval;
  const start = end - windowSeconds;
  const answer = await loadStats(
    input.filter,
    { startTimestamp: start, endTimestamp: end, clientId: input.teamId, licenceKey: input.licenceKeys },
    signal,
  );
  return statsWorker().transform({
    points: answer.result,
    interval,
    start,
    end,
    now,
    total: answer.total_result,
  });
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
