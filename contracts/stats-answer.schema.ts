import { type Static, type TNumber, Type } from 'typebox';
import { STAT_METRICS, type StatMetricName } from './stats-metrics.ts';
import { closed } from './wire.schema.ts';

/**
 * spec 3 and 7: the answer of POST {stats}v1/nodr/{period}. The server writes it as JSON text around the database's
 * integers (server/statistics/stats-points.ts writes the point fields from these names); the web app reads it with
 * src/api/stats.ts StatsResponseStruct, a `Describe<>` of these types.
 */

/** One number per metric of contracts/stats-metrics.ts, so a metric added there is a field here. */
const metricFields = Object.fromEntries(
  STAT_METRICS.map((metric) => [metric.name, Type.Number({ description: metric.unit })]),
) as { [Name in StatMetricName]: TNumber };

/**
 * A chart point: `dt` and one number per metric. Traffic fields (unit bytes) are bytes in the bucket (the period's
 * interval), or over the window in totals; the web app turns them into bit rates. totalViewers is the sum over the
 * nodes of each node's average viewers in the bucket, rounded; qualityIndex is 0..100, averaged over the minute
 * samples; deliverToInputRatio is delivered / input, 0 when input is 0.
 */
export const StatPointSchema = Type.Object(
  {
    dt: Type.Number({ description: 'Unix seconds at the start of the bucket (of the window, in totals)' }),
    ...metricFields,
  },
  closed,
);
export type StatPoint = Static<typeof StatPointSchema>;

/** One node's share of the answer, asked with `perNode: true`: its own buckets and totals, same fields. */
export const StatsNodeAnswerSchema = Type.Object(
  {
    licenceKey: Type.String({ description: 'The license key of the node, as the request named it' }),
    result: Type.Record(Type.String(), StatPointSchema, {
      description: "The node's buckets with data, keyed by their dt",
    }),
    total_result: StatPointSchema,
  },
  closed,
);
export type StatsNodeAnswer = Static<typeof StatsNodeAnswerSchema>;

export const StatsAnswerSchema = Type.Object(
  {
    result: Type.Record(Type.String(), StatPointSchema, {
      description: 'The buckets with data, keyed by their dt',
    }),
    total_result: StatPointSchema,
    text: Type.String({ description: 'JSON text: { interval, points, nodes }' }),
    perNode: Type.Optional(
      Type.Array(StatsNodeAnswerSchema, {
        description: 'Only when the request asks `perNode: true`: each selected node alone, by node id',
      }),
    ),
  },
  closed,
);
export type StatsAnswer = Static<typeof StatsAnswerSchema>;
