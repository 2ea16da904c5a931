import { statsCsvFileName } from '../../contracts/stats-csv.ts';
import type { StatsPeriod } from '../../contracts/stats-periods.ts';
import type { StatsQuery } from '../../contracts/stats-query.schema.ts';
import type { Db } from '../db/database.ts';
import { type Caller, requireMember } from '../lib/authenticate.ts';
import { forbidden } from '../lib/errors.ts';
import {
  type BucketTable,
  nodesByLicense,
  readStatPoints,
  readStatsJson,
  teamName,
} from './stats.repository.ts';
import { statsCacheOf } from './stats-cache.ts';
import { type StatsCsvExport, statsCsvStream } from './stats-csv.ts';
import { statsWindowOf } from './stats-window.ts';

/** The bucket table each period is read from: one row per node and interval of the period. */
const BUCKET_TABLE: Record<StatsPeriod, BucketTable> = {
  day: 'stat_minute',
  week: 'stat_20m',
  month: 'stat_hour',
};

/** A checked statistics request: the period's table, the nodes' ids and the buckets [first, last) to read. */
interface StatsWindow {
  table: BucketTable;
  interval: number;
  ids: number[];
  /** The request's start, Unix seconds (total_result.dt). */
  start: number;
  first: number;
  last: number;
}

/** The statistics of spec 7, served from the bucket tables through the answer cache, as JSON or as CSV. */
export function createStatsService(db: Db) {
  /**
   * Refuses a window longer than the period's (400), a caller outside the team or a license key of another team or
   * of no node (403); answers what to read.
   */
  async function checkWindow(caller: Caller, period: StatsPeriod, query: StatsQuery): Promise<StatsWindow> {
    const { interval, start, first, last } = statsWindowOf(period, query.startTimestamp, query.endTimestamp);
    requireMember(caller, query.clientId);
    const keys = [...new Set(query.licenceKey)];
    const found = await nodesByLicense(db, keys);
    if (found.length !== keys.length || found.some((node) => node.teamId !== query.clientId)) {
      throw forbidden('Every license key must belong to a node of this team.');
    }
    const ids = found.map((node) => node.id).sort((a, b) => a - b);
    return { table: BUCKET_TABLE[period], interval, ids, start, first, last };
  }

  return {
    /**
     * The statistics of spec 7 for a team's selected nodes, after checkWindow. Answers the JSON text of
     * `{ result, total_result, text }` (StatsResponseStruct in src/api/stats.ts): the database builds the points'
     * JSON, passed through as it is rather than parsed and serialised again.
     */
    async loadStats(caller: Caller, period: StatsPeriod, query: StatsQuery): Promise<string> {
      const { table, interval, ids, start, first, last } = await checkWindow(caller, period, query);
      const cache = statsCacheOf(db);
      const key = `${table}|${ids.join(',')}|${first}|${last}`;
      const stamp = cache.stamp(ids);
      let answer = cache.get(key, stamp);
      if (!answer) {
        answer = await readStatsJson(db, table, ids, first, last);
        cache.set(key, stamp, answer);
      }
      const text = JSON.stringify({ interval, points: answer.points, nodes: ids.length });
      return `{"result":${answer.result},"total_result":{"dt":${start},${answer.total}},"text":${JSON.stringify(text)}}`;
    },

    /**
     * The same statistics as CSV (contracts/stats-csv.ts), one row per bucket with data. Every
     * check runs before the first byte, so a refusal is still a JSON 4xx; the rows are then read page by page.
     */
    async exportCsv(caller: Caller, period: StatsPeriod, query: StatsQuery): Promise<StatsCsvExport> {
      const { table, ids, first, last } = await checkWindow(caller, period, query);
      const team = (await teamName(db, query.clientId)) ?? '';
      return {
        fileName: statsCsvFileName({ team, period, start: first, end: last }),
        body: statsCsvStream(
          (from, to) => readStatPoints(db, table, ids, from, to),
          { team, period },
          { first, last },
        ),
      };
    },
  };
}
