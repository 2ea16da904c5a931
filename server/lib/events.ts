import { STREAM_EVENT, type StreamEventCode } from '../../contracts/event-stream.ts';
import type { NodeHealthEvent } from '../../contracts/node-health.schema.ts';
import { HEALTH_EVENT } from '../../contracts/node-health.ts';
import { type BusMessage, createMemoryBus, type EventBus } from './event-bus.ts';
import type { AccessChange } from './session-cache.ts';
import type { ViewChange } from './user-view-cache.ts';

/** spec 7: the event stream's numbered messages, named in contracts/event-stream.ts. */
export type LiveEventValue = StreamEventCode;

/** A numbered spec message, or a named `health` event with its JSON body. */
export type LiveEvent =
  | { id: number; teamId: number; value: LiveEventValue }
  | { id: number; teamId: number; value: typeof HEALTH_EVENT; health: NodeHealthEvent };

type Listener = (event: LiveEvent) => void;

/**
 * Publish/subscribe of team events for the event streams of this process. Everything published goes through the
 * bus (NOTIFY on PostgreSQL, so that every replica hears it; in memory on PGlite) and comes back to
 * `receive`, which delivers it to the streams here: one path for events made here and on other replicas.
 */
export class EventHub {
  /** Event ids count per team: one counter across teams would tell each team how busy the others are. */
  private readonly lastIds = new Map<number, number>();
  private readonly listeners = new Map<number, Set<Listener>>();
  private readonly statsListeners = new Set<(nodeIds: number[]) => void>();
  private readonly stopBus: () => void;

  constructor(private readonly bus: EventBus = createMemoryBus()) {
    this.stopBus = bus.subscribe((message) => this.receive(message));
  }

  subscribe(teamId: number, listener: Listener): () => void {
    let set = this.listeners.get(teamId);
    if (!set) {
      set = new Set();
      this.listeners.set(teamId, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(teamId);
    };
  }

  publish(teamId: number, value: LiveEventValue): void {
    this.bus.publish({ kind: 'event', teamId, value });
  }

  /** A node of the team went offline or came back (`event: health` on the stream). */
  publishHealth(teamId: number, health: NodeHealthEvent): void {
    this.bus.publish({ kind: 'health', teamId, health });
  }

  /** Statistics of these nodes changed (none listed: of any node), so every replica drops its cached answers. */
  publishStatsChanged(nodeIds: number[]): void {
    this.bus.publish({ kind: 'stats', nodeIds });
  }

  onStatsChanged(listener: (nodeIds: number[]) => void): () => void {
    this.statsListeners.add(listener);
    return () => this.statsListeners.delete(listener);
  }

  /** Session revocation: listeners keyed by session close their streams, on every replica. */
  private readonly sessionClosers = new Map<number, Set<() => void>>();

  onSessionRevoked(sessionId: number, close: () => void): () => void {
    let set = this.sessionClosers.get(sessionId);
    if (!set) {
      set = new Set();
      this.sessionClosers.set(sessionId, set);
    }
    set.add(close);
    return () => {
      set.delete(close);
      if (set.size === 0) this.sessionClosers.delete(sessionId);
    };
  }

  /**
   * Ends sessions everywhere: their streams close and their cached lookups are forgotten. Call it once the revocation
   * has committed. This process forgets at once; others when the bus delivers.
   */
  revokeSessions(sessionIds: Iterable<number>): void {
    const ids = [...sessionIds];
    if (ids.length === 0) return;
    this.tellAccess({ sessionIds: ids });
    this.bus.publish({ kind: 'revoke', sessionIds: ids });
  }

  /** Cached sessions (server/lib/session-cache.ts) hear here what makes them wrong. */
  private readonly accessListeners = new Set<(change: AccessChange) => void>();

  onAccessChanged(listener: (change: AccessChange) => void): () => void {
    this.accessListeners.add(listener);
    return () => this.accessListeners.delete(listener);
  }

  private tellAccess(change: AccessChange): void {
    for (const listener of this.accessListeners) listener(change);
  }

  /**
   * These users' teams, roles or chosen workspace changed: every replica forgets their cached sessions and check
   * answers, this one at once. Call it once the change has committed.
   */
  accessChanged(userIds: number[]): void {
    if (userIds.length === 0) return;
    this.tellAccess({ userIds });
    this.tellViews({ userIds });
    this.bus.publish({ kind: 'access', userIds });
  }

  /** Cached check answers (server/lib/user-view-cache.ts) hear here what else makes them wrong. */
  private readonly viewListeners = new Set<(change: ViewChange) => void>();

  onViewsChanged(listener: (change: ViewChange) => void): () => void {
    this.viewListeners.add(listener);
    return () => this.viewListeners.delete(listener);
  }

  private tellViews(change: ViewChange): void {
    for (const listener of this.viewListeners) listener(change);
  }

  /**
   * What the session check answers changed for these users (their row: profile, e-mail, password date, pending
   * requests, deletion) or for every member of these teams (renamed): every replica forgets the cached answers,
   * this one at once. Call it once the change has committed. Teams or roles changed: `accessChanged`, which
   * forgets both the sessions and the answers.
   */
  viewsChanged(change: { userIds: number[] } | { teamIds: number[] }): void {
    const ids = 'userIds' in change ? change.userIds : change.teamIds;
    if (ids.length === 0) return;
    this.tellViews(change);
    this.bus.publish({ kind: 'views', change });
  }

  /** Stops hearing the bus (the app is closing). */
  stop(): void {
    this.stopBus();
  }

  private receive(message: BusMessage): void {
    if (message.kind === 'event') {
      const { teamId, value } = message;
      this.emit({ id: this.nextId(teamId), teamId, value });
    } else if (message.kind === 'health') {
      const { teamId, health } = message;
      this.emit({ id: this.nextId(teamId), teamId, value: HEALTH_EVENT, health });
    } else if (message.kind === 'team-streams') this.closeTeamStreams(message.teamId, message.userIds);
    else if (message.kind === 'joined') this.closeJoinedStreams(message.userId);
    else if (message.kind === 'revoke') {
      this.closeSessions(message.sessionIds);
      this.tellAccess({ sessionIds: message.sessionIds });
    } else if (message.kind === 'access') {
      this.tellAccess({ userIds: message.userIds });
      this.tellViews({ userIds: message.userIds });
    } else if (message.kind === 'views') this.tellViews(message.change);
    else if (message.kind === 'stats') for (const listener of this.statsListeners) listener(message.nodeIds);
    else this.resync();
  }

  /**
   * Events may have been missed while the bus was away: every stream is told its node list and account changed,
   * so the web app reloads both, and cached statistics, sessions and check answers are dropped.
   */
  private resync(): void {
    for (const teamId of [...this.listeners.keys()]) {
      this.emit({ id: this.nextId(teamId), teamId, value: STREAM_EVENT.nodes });
      this.emit({ id: this.nextId(teamId), teamId, value: STREAM_EVENT.account });
    }
    for (const listener of this.statsListeners) listener([]);
    // A missed revocation must not leave a session usable here, nor a missed change a stale check answer.
    this.tellAccess({ all: true });
    this.tellViews({ all: true });
  }

  private nextId(teamId: number): number {
    const id = (this.lastIds.get(teamId) ?? 0) + 1;
    this.lastIds.set(teamId, id);
    return id;
  }

  private emit(event: LiveEvent): void {
    for (const listener of this.listeners.get(event.teamId) ?? []) listener(event);
  }

  private closeSessions(sessionIds: number[]): void {
    for (const id of sessionIds) {
      for (const close of this.sessionClosers.get(id) ?? []) close();
      this.sessionClosers.delete(id);
    }
  }

  /**
   * A member removed from (or leaving) a team, or given another role in it; their streams that carry the
   * team end, and reconnect with the teams and roles they have now.
   */
  private readonly membershipClosers = new Map<string, Set<() => void>>();

  onTeamStreamsEnded(teamId: number, userId: number, close: () => void): () => void {
    const key = `${teamId}:${userId}`;
    let set = this.membershipClosers.get(key);
    if (!set) {
      set = new Set();
      this.membershipClosers.set(key, set);
    }
    set.add(close);
    return () => {
      set.delete(close);
      if (set.size === 0) this.membershipClosers.delete(key);
    };
  }

  /**
   * Ends these users' streams of the team on every replica: this one at once, the others when the bus delivers.
   * Call it once the change has committed.
   */
  endTeamStreams(teamId: number, userIds: number[]): void {
    if (userIds.length === 0) return;
    this.closeTeamStreams(teamId, userIds);
    this.bus.publish({ kind: 'team-streams', teamId, userIds });
  }

  private closeTeamStreams(teamId: number, userIds: number[]): void {
    for (const userId of userIds) {
      const key = `${teamId}:${userId}`;
      for (const close of [...(this.membershipClosers.get(key) ?? [])]) close();
      this.membershipClosers.delete(key);
    }
  }

  /** A user joined a team; their streams, which carry the teams they had, end and reconnect with it. */
  private readonly joinClosers = new Map<number, Set<() => void>>();

  onTeamJoined(userId: number, close: () => void): () => void {
    let set = this.joinClosers.get(userId);
    if (!set) {
      set = new Set();
      this.joinClosers.set(userId, set);
    }
    set.add(close);
    return () => {
      set.delete(close);
      if (set.size === 0) this.joinClosers.delete(userId);
    };
  }

  /** A user joined a team: their streams end on every replica, this one at once. */
  joinedTeam(userId: number): void {
    this.closeJoinedStreams(userId);
    this.bus.publish({ kind: 'joined', userId });
  }

  private closeJoinedStreams(userId: number): void {
    for (const close of [...(this.joinClosers.get(userId) ?? [])]) close();
    this.joinClosers.delete(userId);
  }
}
