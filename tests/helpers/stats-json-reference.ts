import { sql } from 'drizzle-orm';

/** The point fields as the database wrote them, JSON keys and all, from a row of sums. */
const FIELDS = sql.raw(`'"nodrUpLink":' || uplink || ',"deliveredToViewers":' || delivered
  || ',"inputFromCdn":' || input || ',"totalViewers":' || floor(viewers + 0.5)::int8
  || ',"qualityIndex":' || case when samples > 0 then floor(quality_sum / samples * 100 + 0.5) / 100 else 0 end
  || ',"deliverToInputRatio":'
  || case when input > 0 then floor(delivered::float8 / input * 10000 + 0.5) / 10000 else 0 end`);

/**
 * The month read as it was before the server wrote its answer: the database wrote the whole answer's JSON (`result`, and
 * `total` without braces) from stat_hour. Kept as the reference the server's JSON must equal byte for byte
 * (tests/server/stats-points.test.ts) and as the "before" of bench/stats-scale.ts.
 */
export function databaseBuiltMonth(ids: readonly number[], start: number, end: number) {
  return sql`
    with bucket as (
      select ts as dt, sum(uplink)::int8 as uplink, sum(delivered)::int8 as delivered, sum(input)::int8 as input,
        sum(viewers_sum::float8 / samples) as viewers, sum(quality_sum) as quality_sum, sum(samples) as samples
      from stat_hour
      where node_id = any(${`{${ids.join(',')}}`}::integer[]) and ts >= ${start} and ts < ${end}
      group by ts
    ), total as (
      select coalesce(sum(uplink), 0) as uplink, coalesce(sum(delivered), 0) as delivered,
        coalesce(sum(input), 0) as input, coalesce(avg(viewers), 0) as viewers,
        coalesce(sum(quality_sum), 0) as quality_sum, coalesce(sum(samples), 0) as samples, count(*)::integer as points
      from bucket
    )
    select (select points from total) as points,
      (select coalesce('{' || string_agg('"' || dt || '":{"dt":' || dt || ',' || ${FIELDS} || '}', ',' order by dt) || '}',
        '{}') from bucket) as result,
      (select ${FIELDS} from total) as total`;
}
