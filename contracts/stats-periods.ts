/**
 * spec 4, 7 and 9: the statistics periods. Each covers a window of time ending now and is read in buckets of one
 * interval; the server answers a period's window from its bucket table, the web app asks for it and draws it.
 */

export const STATS_PERIODS = ['day', 'week', 'month'] as const;
export type StatsPeriod = (typeof STATS_PERIODS)[number];

export interface StatsPeriodRule {
  /** The longest window the period covers, in seconds. */
  windowSeconds: number;
  /** The width of one bucket (spec 4: 60 / 1200 / 3600 s), in seconds. */
  intervalSeconds: number;
}

export const STATS_PERIOD: Readonly<Record<StatsPeriod, StatsPeriodRule>> = {
  day: { windowSeconds: 86_400, intervalSeconds: 60 },
  week: { windowSeconds: 604_800, intervalSeconds: 1200 },
  month: { windowSeconds: 2_592_000, intervalSeconds: 3600 },
};

export const isStatsPeriod = (value: unknown): value is StatsPeriod =>
  STATS_PERIODS.some((period) => period === value);

/** spec 7: the body of POST {stats}v1/nodr/{period}; clientId is the team id, licenceKey the nodes' license keys. */
export interface StatsQuery {
  startTimestamp: number;
  endTimestamp: number;
  clientId: number;
  licenceKey: string[];
  /**
   * Beside the spec's fields, optional: `true` adds `perNode` to the answer (docs/api-stats.md). Absent or `false`,
   * the answer is the spec's, byte for byte.
   */
  perNode?: boolean;
}
