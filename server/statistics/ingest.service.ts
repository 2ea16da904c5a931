import type { Db } from '../db/database.ts';
import type { EventHub } from '../lib/events.ts';
import { insertMinutes, type MinutePoint } from './stats.repository.ts';
import { createStatsNotices } from './stats-notices.ts';

/** A point may be stamped at most this far ahead of the server's clock (a node clock slightly ahead). */
export const MAX_FUTURE_SECONDS = 5 * 60;

export interface IngestResult {
  /** Minutes stored now. */
  accepted: number;
  /** Minutes already stored (an earlier or late report) or repeated within the batch: not counted again. */
  duplicates: number;
  /** Minutes older than the minute retention or more than 5 minutes ahead: dropped, not an error. */
  skipped: number;
}

/**
 * The telemetry a node reports, stored as minute points. New minutes are announced on the hub, gathered per team
 * for a second (stats-notices.ts), so that every replica drops its cached answers about the node.
 */
export function createIngestService({ db, hub }: { db: Db; hub: Pick<EventHub, 'publishStatsChanged'> }) {
  const notices = createStatsNotices(hub);
  return {
    /** Sends the pending notices now: call it when the server closes. */
    flushNotices: notices.flush,
    /**
     * Ingests a node's batch of minute points. Points outside [now - minute retention, now + 5 min] are skipped and
     * counted (a node that was offline for weeks can send its backlog without being refused as a whole); a minute
     * repeated in the batch keeps its first report. Idempotent per node and minute.
     */
    async ingestTelemetry(
      node: { id: number; teamId: number },
      points: readonly MinutePoint[],
      options: { nowSeconds: number; minuteRetentionDays: number },
    ): Promise<IngestResult> {
      const oldest = options.nowSeconds - options.minuteRetentionDays * 86_400;
      const newest = options.nowSeconds + MAX_FUTURE_SECONDS;
      const seen = new Set<number>();
      const fresh: MinutePoint[] = [];
      let skipped = 0;
      let repeated = 0;
      for (const point of points) {
        if (point.ts < oldest || point.ts > newest) skipped += 1;
        else if (seen.has(point.ts)) repeated += 1;
        else {
          seen.add(point.ts);
          fresh.push({
            ts: point.ts,
            uplink: point.uplink,
            delivered: point.delivered,
            input: point.input,
            viewers: point.viewers,
            quality: point.quality,
          });
        }
      }
      fresh.sort((a, b) => a.ts - b.ts);
      const accepted = await insertMinutes(db, node.id, fresh);
      if (accepted > 0) notices.changed(node.teamId, node.id);
      return { accepted, duplicates: repeated + fresh.length - accepted, skipped };
    },
  };
}
