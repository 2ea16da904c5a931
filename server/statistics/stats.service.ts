import type { StatPoint, StatsNodeAnswer } from '../../contracts/stats-answer.schema.ts';
import { statsCsvFileName } from '../../contracts/stats-csv.ts';
import { STAT_METRICS } from '../../contracts/stats-metrics.ts';
import type { StatsPeriod } from '../../contracts/stats-periods.ts';
import type { StatsQuery, StatsRangeQuery } from '../../contracts/stats-query.schema.ts';
import { STATS_RANGE } from '../../contracts/stats-range.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { type Caller, requireMember } from '../lib/authenticate.ts';
import type { Clock } from '../lib/clock.ts';
import { forbidden } from '../lib/errors.ts';
import { PrecompressedBody } from '../plugins/compression.ts';
import { nodeKeysOf } from './node-keys.ts';
import {
  type BucketTable,
  nodesByLicense,
  readStatPoints,
  readStatsJson,
  teamName,
} from './stats.repository.ts';
import { statsCacheOf } from './stats-cache.ts';
import { type StatsCsvExport, statsCsvStream } from './stats-csv.ts';
import { readNodeStats } from './stats-per-node.repository.ts';
import { statsRangeOf } from './stats-range.ts';
import { type StatsBuckets, statsWindowOf } from './stats-window.ts';

/** The bucket table each period is read from: one row per node and interval of the period. */
const BUCKET_TABLE: Record<StatsPeriod, BucketTable> = {
  day: 'stat_minute',
  week: 'stat_20m',
  month: 'stat_hour',
};

/** A checked statistics request: the table, the nodes (ids ascending) and the buckets [first, last) to read. */
interface StatsWindow extends StatsBuckets {
  table: BucketTable;
  ids: number[];
  /** The license key of each node of `ids`, in the same order. */
  keys: string[];
}

/** The totals of a node without data in the window: zeros, like the whole answer's (docs/api-stats.md). */
const NO_DATA = Object.fromEntries(STAT_METRICS.map((metric) => [metric.name, 0])) as Omit<StatPoint, 'dt'>;

/** What the statistics service reads besides the database: the clock and retention bound a custom range. */
export interface StatsServiceDeps {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'retention'>;
}

/** The statistics of spec 7, served from the bucket tables through the answer cache, as JSON or as CSV. */
export function createStatsService({ db, clock, config }: StatsServiceDeps) {
  /**
   * Refuses a caller outside the team or a license key of another team or of no node (403); answers the nodes' ids.
   */
  async function checkNodes(
    caller: Caller,
    query: Pick<StatsQuery, 'clientId' | 'licenceKey'>,
  ): Promise<Pick<StatsWindow, 'ids' | 'keys'>> {
    requireMember(caller, query.clientId);
    const keys = [...new Set(query.licenceKey)];
    const found = await nodeKeysOf(db).lookup(keys, (missing) => nodesByLicense(db, missing));
    if (found.length !== keys.length || found.some((node) => node.teamId !== query.clientId)) {
      throw forbidden('Every license key must belong to a node of this team.');
    }
    found.sort((a, b) => a.id - b.id);
    return { ids: found.map((node) => node.id), keys: found.map((node) => node.licenseKey) };
  }

  /** Refuses a window longer than the period's (400), then checks the nodes; answers what to read. */
  async function checkWindow(caller: Caller, period: StatsPeriod, query: StatsQuery): Promise<StatsWindow> {
    const buckets = statsWindowOf(period, query.startTimestamp, query.endTimestamp);
    return { table: BUCKET_TABLE[period], ...(await checkNodes(caller, query)), ...buckets };
  }

  /** Refuses a range that is not a window of up to 400 days within the retention (400), then checks the nodes. */
  async function checkRange(caller: Caller, query: StatsRangeQuery): Promise<StatsWindow> {
    const now = Math.floor(clock.now().getTime() / 1000);
    const range = statsRangeOf(query.from, query.to, now, config.retention);
    return { ...range, ...(await checkNodes(caller, query)) };
  }

  /**
   * The answer of a checked window: the JSON of `{ result, total_result, text }` (StatsResponseStruct in
   * src/api/stats.ts). The database builds the points' JSON, passed through as it is rather than parsed and
   * serialised again; the cache keeps it per buckets, and the whole answer as last sent, so that the same request
   * again is sent from bytes held (compressed once). With `perNode`, each node's own buckets and totals follow
   * (docs/api-stats.md).
   */
  async function answerOf(window: StatsWindow, perNode: boolean | undefined): Promise<PrecompressedBody> {
    const { table, interval, ids, start, first, last } = window;
    const cache = statsCacheOf(db);
    const key = `${table}|${interval}|${ids.join(',')}|${first}|${last}`;
    const stamp = cache.stamp(ids);
    let cached = cache.get(key, stamp);
    if (!cached) {
      cached = { json: await readStatsJson(db, { table, interval }, ids, first, last) };
      cache.set(key, stamp, cached);
    }
    if (!perNode && cached.sent?.start === start) return cached.sent.body;
    const { json } = cached;
    const text = JSON.stringify({ interval, points: json.points, nodes: ids.length });
    const head = `{"result":${json.result},"total_result":{"dt":${start},${json.total}},"text":${JSON.stringify(text)}`;
    if (perNode)
      return new PrecompressedBody(`${head},"perNode":${JSON.stringify(await perNodeOf(window))}}`);
    const body = new PrecompressedBody(`${head}}`);
    cached.sent = { start, body };
    return body;
  }

  /** Each node's buckets and totals, in the order of the window's ids; zeros for a node without data. */
  async function perNodeOf({
    table,
    interval,
    ids,
    keys,
    start,
    first,
    last,
  }: StatsWindow): Promise<StatsNodeAnswer[]> {
    const byNode = await readNodeStats(db, { table, interval }, ids, first, last);
    return ids.map((id, index) => {
      const node = byNode.get(id);
      return {
        licenceKey: keys[index]!,
        result: Object.fromEntries((node?.points ?? []).map((point) => [String(point.dt), point])),
        total_result: { dt: start, ...(node?.total ?? NO_DATA) },
      };
    });
  }

  /** The CSV of a checked window, one row per bucket with data, read page by page. */
  async function csvOf(
    { table, interval, ids, first, last }: StatsWindow,
    period: StatsPeriod | typeof STATS_RANGE,
    teamId: number,
  ): Promise<StatsCsvExport> {
    const team = (await teamName(db, teamId)) ?? '';
    return {
      fileName: statsCsvFileName({ team, period, start: first, end: last }),
      body: statsCsvStream(
        (from, to) => readStatPoints(db, { table, interval }, ids, from, to),
        { team, period, interval },
        { first, last },
      ),
    };
  }

  return {
    /** The statistics of spec 7 for a team's selected nodes, after checkWindow. */
    async loadStats(caller: Caller, period: StatsPeriod, query: StatsQuery): Promise<PrecompressedBody> {
      return answerOf(await checkWindow(caller, period, query), query.perNode);
    },

    /** The statistics of a custom range (docs/api-stats.md), after checkRange: the same answer as a period's. */
    async loadRange(caller: Caller, query: StatsRangeQuery): Promise<PrecompressedBody> {
      return answerOf(await checkRange(caller, query), query.perNode);
    },

    /**
     * The same statistics as CSV (contracts/stats-csv.ts), one row per bucket with data. Every
     * check runs before the first byte, so a refusal is still a JSON 4xx; the rows are then read page by page.
     */
    async exportCsv(caller: Caller, period: StatsPeriod, query: StatsQuery): Promise<StatsCsvExport> {
      return csvOf(await checkWindow(caller, period, query), period, query.clientId);
    },

    /** The custom range as CSV, with the same checks as loadRange before the first byte. */
    async exportRangeCsv(caller: Caller, query: StatsRangeQuery): Promise<StatsCsvExport> {
      return csvOf(await checkRange(caller, query), STATS_RANGE, query.clientId);
    },
  };
}
