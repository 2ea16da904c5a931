import { simulatedMinute, type TrafficProfile } from '../../simulation/traffic.ts';
import type { Db } from '../db/database.ts';
import { insertMinutes } from '../statistics/index.ts';

/** Minutes per insert: a day, so that each statement's rollup buckets are whole. */
const BATCH_MINUTES = 1440;

/**
 * Writes a node's simulated minutes for [fromTs, toTs) (Unix seconds, minute aligned) with the statistics
 * repository's insert, which fills stat_minute (and adds the minutes of rollup buckets already built to them), so
 * the reads always equal the minutes. Minutes already stored are skipped. Returns how many were new.
 */
export async function backfillMinutes(
  db: Db,
  nodeId: number,
  profile: TrafficProfile,
  fromTs: number,
  toTs: number,
): Promise<number> {
  let inserted = 0;
  for (let start = fromTs; start < toTs; start += BATCH_MINUTES * 60) {
    const end = Math.min(toTs, start + BATCH_MINUTES * 60);
    const points = [];
    for (let ts = start; ts < end; ts += 60) points.push(simulatedMinute(ts, profile));
    inserted += await insertMinutes(db, nodeId, points);
  }
  return inserted;
}
