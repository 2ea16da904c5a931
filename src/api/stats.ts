import { type Infer, number, record, string, type } from 'superstruct';
import type { StatsPeriod, StatsQuery } from '../../contracts/stats-periods.ts';
import { request } from './client.ts';

/**
 * A chart point of the statistics service (spec 3, docs/api-stats.md). Traffic fields are bytes in the bucket
 * (60, 1200 or 3600 s), or over the window in totals; the web app turns them into bit rates.
 */
export const StatPointStruct = type({
  /** Unix seconds at the start of the bucket (of the window, in totals). */
  dt: number(),
  nodrUpLink: number(),
  deliveredToViewers: number(),
  inputFromCdn: number(),
  /** Sum over the nodes of each node's average viewers in the bucket, rounded. */
  totalViewers: number(),
  /** 0..100, averaged over the minute samples. */
  qualityIndex: number(),
  /** delivered / input; 0 when input is 0. */
  deliverToInputRatio: number(),
});

/** spec 7: `result` keyed by dt (only buckets with data), `total_result`, and `text` (JSON: interval, points). */
export const StatsResponseStruct = type({
  result: record(string(), StatPointStruct),
  total_result: StatPointStruct,
  text: string(),
});

/** spec 4 and 7: the statistics configuration list, saved JSON as a string ('{}' until saved). */
export const StatSettingsStruct = type({ text: string() });

export type StatPoint = Infer<typeof StatPointStruct>;
export type StatsResponse = Infer<typeof StatsResponseStruct>;
export type StatSettings = Infer<typeof StatSettingsStruct>;

/** POST {stats}/v1/nodr/{period}. */
export function loadStats(
  period: StatsPeriod,
  payload: StatsQuery,
  signal?: AbortSignal,
): Promise<StatsResponse> {
  return request('stats', 'POST', `v1/nodr/${period}`, {
    json: payload,
    struct: StatsResponseStruct,
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

/** POST {api}/v1/statistic/settings/put/user/{userId}/team/{teamId}: saves any JSON object up to 16 KiB. */
export function putStatSettings(
  userId: number,
  teamId: number,
  settings: Record<string, unknown>,
  signal?: AbortSignal,
): Promise<StatSettings> {
  return request('api', 'POST', `v1/statistic/settings/put/user/${userId}/team/${teamId}`, {
    json: settings,
    struct: StatSettingsStruct,
    signal,
  });
}
