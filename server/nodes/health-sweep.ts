import type { FastifyBaseLogger } from 'fastify';
import type { NodeHealthEvent } from '../../contracts/node-health.schema.ts';
import {
  type AlertDeps,
  type AlertsService,
  createAlertsService,
  endOffline,
  queueAlerts,
} from '../alerts/index.ts';
import type { EventHub } from '../lib/events.ts';
import { tryJobLock } from '../lib/jobs.repository.ts';
import { type ClaimedTransition, claimTransitions } from './health.repository.ts';
import { inMaintenanceAt, settleEndedWindows } from './maintenance.repository.ts';

export interface SweepDeps extends AlertDeps {
  hub: EventHub;
  log: FastifyBaseLogger;
}

/** Sweeps at most every 5 s, and at least three times per threshold so a transition is seen promptly. */
export function sweepIntervalMs(offlineAfterS: number): number {
  return Math.max(250, Math.min(5_000, (offlineAfterS * 1000) / 3));
}

/**
 * The health sweep. Each pass, in one transaction, claims the active nodes whose online
 * state changed, records the transitions and queues their alerts; then it publishes `event: health` to each node's
 * team and sends the alerts that are due (mail, then the alert channels). A node in a maintenance window goes offline
 * without an alert; when the window ends, a node still down is told then (docs/alerts.md#maintenance). Until one threshold has passed since this process started, no node is
 * marked offline: a restarted dashboard gives every node the time to report again.
 */
export class HealthSweep {
  private readonly startedAt: number;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private readonly alerts: AlertsService;

  constructor(private readonly deps: SweepDeps) {
    this.startedAt = deps.clock.now().getTime();
    this.alerts = createAlertsService(deps);
  }

  start(): void {
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.sweep()
        .catch((error: unknown) => this.deps.log.error({ err: error }, 'health sweep failed'))
        .finally(() => {
          this.running = undefined;
        });
    }, sweepIntervalMs(this.deps.config.nodeOfflineAfterS));
    this.timer.unref();
  }

  /** Stops the timer and waits for a pass under way (one short transaction), so the database can close. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** One pass; returns the transitions it claimed. */
  async sweep(): Promise<ClaimedTransition[]> {
    const { db, clock, config, hub } = this.deps;
    const now = clock.now();
    const thresholdMs = config.nodeOfflineAfterS * 1000;
    const pastGrace = now.getTime() - this.startedAt >= thresholdMs;
    const transitions = await db.transaction(async (tx) => {
      // One replica sweeps at a time; the row claims below would keep a second one from repeating any
      // transition anyway, the lock saves it the scan.
      if (!(await tryJobLock(tx, 'health-sweep'))) return [];
      const claimed = await claimTransitions(tx, now, new Date(now.getTime() - thresholdMs), pastGrace);
      const wentOffline = claimed.filter((change) => !change.online).map((change) => change.nodeId);
      // A node in maintenance goes down unsaid; its window's end tells of it if it is still down then.
      const held = await inMaintenanceAt(tx, wentOffline, now);
      const told = wentOffline.filter((nodeId) => !held.has(nodeId));
      await queueAlerts(tx, { nodeIds: told, kind: 'offline', offlineSince: now, at: now });
      for (const change of claimed) {
        if (change.online) await endOffline(tx, change.nodeId, change.offlineSince, now);
      }
      for (const { nodeId, offlineSince } of await settleEndedWindows(tx, now)) {
        await queueAlerts(tx, { nodeIds: [nodeId], kind: 'offline', offlineSince, at: now });
      }
      return claimed;
    });
    for (const change of transitions) hub.publishHealth(change.teamId, healthEvent(change));
    await this.alerts.deliverDueAlerts();
    await this.alerts.deliverChannelMessages();
    return transitions;
  }
}

function healthEvent(change: ClaimedTransition): NodeHealthEvent {
  return {
    nodeId: change.nodeId,
    online: change.online,
    lastSeenAt: change.lastSeenAt?.toISOString() ?? null,
    at: change.at.toISOString(),
  };
}
