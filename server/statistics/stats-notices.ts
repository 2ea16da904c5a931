import type { EventHub } from '../lib/events.ts';

/**
 * How long the node ids of a team's new statistics gather before one notification tells every replica of them: at
 * most one per team per this window per replica, whether its nodes sent one report each or a backlog in many batches.
 */
export const STATS_NOTICE_WINDOW_MS = 1000;

/**
 * Gathers the nodes whose statistics changed, per team, and announces them together once the window has passed.
 * A notice only tells the other replicas to drop cached answers (this process drops its own when the write
 * commits), so holding it back a second costs at most a second of staleness there, against a NOTIFY per report.
 */
export function createStatsNotices(hub: Pick<EventHub, 'publishStatsChanged'>) {
  const pending = new Map<number, Set<number>>();
  let timer: NodeJS.Timeout | undefined;

  function flush(): void {
    clearTimeout(timer);
    timer = undefined;
    for (const nodeIds of pending.values()) hub.publishStatsChanged([...nodeIds]);
    pending.clear();
  }

  return {
    /** The node's statistics changed (committed): its team's notice goes out within the window. */
    changed(teamId: number, nodeId: number): void {
      let nodeIds = pending.get(teamId);
      if (!nodeIds) {
        nodeIds = new Set();
        pending.set(teamId, nodeIds);
      }
      nodeIds.add(nodeId);
      if (timer === undefined) {
        timer = setTimeout(flush, STATS_NOTICE_WINDOW_MS);
        // A pending notice must not keep a finished process alive; the server flushes when it closes.
        timer.unref();
      }
    },
    /** Sends what is pending now (the server is closing). */
    flush,
  };
}
