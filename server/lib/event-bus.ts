import type { StreamEventCode } from '../../contracts/event-stream.ts';
import type { NodeHealthEvent } from '../../contracts/node-health.schema.ts';
import type { ViewChange } from './user-view-cache.ts';

/**
 * What one replica tells every replica: a team event for the streams, sessions to close, users whose
 * streams of a team end (removed or given another role) or who joined a team (their streams reconnect), users whose
 * teams or roles changed (their cached sessions and check answers are forgotten, server/lib/session-cache.ts), users
 * or teams whose check answers changed (server/lib/user-view-cache.ts), statistics data that changed (empty `nodeIds`: any node's). `resync` is never sent: a bus that may have missed messages
 * (its connection dropped) hands it to its own process, which then tells every open stream to reload.
 */
export type BusMessage =
  | { kind: 'event'; teamId: number; value: StreamEventCode }
  | { kind: 'health'; teamId: number; health: NodeHealthEvent }
  | { kind: 'revoke'; sessionIds: number[] }
  | { kind: 'team-streams'; teamId: number; userIds: number[] }
  | { kind: 'joined'; userId: number }
  | { kind: 'access'; userIds: number[] }
  | { kind: 'views'; change: Exclude<ViewChange, { all: true }> }
  | { kind: 'stats'; nodeIds: number[] }
  | { kind: 'resync' };

/**
 * The fan-out between replicas. Every message published, by this process or another, reaches every handler of every
 * process once, through the same path: the publisher hears its own messages like the others do.
 */
export interface EventBus {
  publish(message: BusMessage): void;
  subscribe(handler: (message: BusMessage) => void): () => void;
  /** Resolves once messages are being received (the PostgreSQL bus: LISTEN issued). */
  start(): Promise<void>;
  close(): Promise<void>;
}

/** Fans handlers out to every subscriber; both buses deliver through it. */
export class BusHandlers {
  private readonly handlers = new Set<(message: BusMessage) => void>();

  subscribe(handler: (message: BusMessage) => void): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  deliver(message: BusMessage): void {
    for (const handler of this.handlers) handler(message);
  }
}

/**
 * The bus of a single process: PGlite's data folder admits one server, so there is no other replica to tell.
 * Delivery is synchronous, as it was before the bus.
 */
export function createMemoryBus(): EventBus {
  const handlers = new BusHandlers();
  return {
    publish: (message) => handlers.deliver(message),
    subscribe: (handler) => handlers.subscribe(handler),
    start: async () => {},
    close: async () => {},
  };
}
