import {
  array,
  type Describe,
  type Infer,
  number,
  optional,
  record,
  type Struct,
  string,
  type,
} from 'superstruct';
import type { StatPoint, StatsAnswer, StatsNodeAnswer } from '../../contracts/stats-answer.schema.ts';
import { STATS_FORMAT_PARAM } from '../../contracts/stats-csv.ts';
import { STAT_METRICS, type StatMetricName } from '../../contracts/stats-metrics.ts';
import type { StatsPeriod } from '../../contracts/stats-periods.ts';
import type { StatsQuery, StatsRangeQuery } from '../../contracts/stats-query.schema.ts';
import type { StatSettingsBody, StatSettingsSave } from '../../contracts/stats-settings.schema.ts';
import { request } from './client.ts';

/** A chart point of the statistics service (spec 3, docs/api-stats.md): `dt` and each metric of the list. */
export const StatPointStruct: Describe<StatPoint> = type({
  dt: number(),
  ...(Object.fromEntries(STAT_METRICS.map((metric) => [metric.name, number()])) as {
    [Name in StatMetricName]: Struct<number, null>;
  }),
});

/** One node's buckets and totals, in an answer asked with `perNode: true` (docs/api-stats.md). */
const StatsNodeAnswerStruct: Describe<StatsNodeAnswer> = type({
  licenceKey: string(),
  result: record(string(), StatPointStruct),
  total_result: StatPointStruct,
});

/** spec 7: `result` keyed by dt (only buckets with data), `total_result`, and `text` (JSON: interval, points). */
export const StatsResponseStruct: Describe<StatsAnswer> = type({
  result: record(string(), StatPointStruct),
  total_result: StatPointStruct,
  text: string(),
  perNode: optional(array(StatsNodeAnswerStruct)),
});

/** spec 4 and 7: the statistics configuration list, saved JSON as a string ('{}' until saved). */
export const StatSettingsStruct: Describe<StatSettingsBody> = type({ text: string() });

export type StatSettings = Infer<typeof StatSettingsStruct>;

/** POST {stats}/v1/nodr/{period}. */
export function loadStats(
  period: StatsPeriod,
  payload: StatsQuery,
  signal?: AbortSignal,
): Promise<StatsAnswer> {
  return request('stats', 'POST', `v1/nodr/${period}`, {
    json: payload,
    struct: StatsResponseStruct,
    signal,
  });
}

/**
 * POST {stats}/v1/nodr/{period}?format=csv: the same statistics as CSV text, built and quoted by the
 * server (docs/api-stats.md, contracts/stats-csv.ts).
 */
export function loadStatsCsv(
  period: StatsPeriod,
  payload: StatsQuery,
  signal?: AbortSignal,
): Promise<string> {
  return request('stats', 'POST', `v1/nodr/${period}?${STATS_FORMAT_PARAM}=csv`, {
    json: payload,
    struct: string(),
    text: true,
    signal,
  });
}

/** POST {stats}/v1/nodr/range: a custom range (docs/api-stats.md), answered like a period. */
export function loadStatsRange(payload: StatsRangeQuery, signal?: AbortSignal): Promise<StatsAnswer> {
  return request('stats', 'POST', 'v1/nodr/range', { json: payload, struct: StatsResponseStruct, signal });
}

/** POST {stats}/v1/nodr/range?format=csv: the custom range as CSV. */
export function loadStatsRangeCsv(payload: StatsRangeQuery, signal?: AbortSignal): Promise<string> {
  return request('stats', 'POST', `v1/nodr/range?${STATS_FORMAT_PARAM}=csv`, {
    json: payload,
    struct: string(),
    text: true,
    signal,
  });
}

/** POST {api}/v1/statistic/settings/get/user/{userId}/team/{teamId}. */
export function getStatSettings(userId: number, teamId: number, signal?: AbortSignal): Promise<StatSettings> {
  return request('api', 'POST', `v1/statistic/settings/get/user/${userId}/team/${teamId}`, {
    struct: StatSettingsStruct,
    signal,
  });
}

/**
 * POST {api}/v1/statistic/settings/put/user/{userId}/team/{teamId}: saves any JSON object within STAT_SETTINGS_LIMIT
 * (contracts/stats-settings.ts).
 */
export function putStatSettings(
  userId: number,
  teamId: number,
  settings: StatSettingsSave,
  signal?: AbortSignal,
): Promise<StatSettings> {
  return request('api', 'POST', `v1/statistic/settings/put/user/${userId}/team/${teamId}`, {
    json: settings,
    struct: StatSettingsStruct,
    signal,
  });
}
