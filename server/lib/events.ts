import type { StreamEventCode } from '../../contracts/event-stream.ts';
import { HEALTH_EVENT, type NodeHealthEvent } from '../../contracts/node-health.ts';

/** spec 7: the event stream's numbered messages, named in contracts/event-stream.ts. */
export type LiveEventValue = StreamEventCode;

/** A numbered spec message, or (issue 9) a named `health` event with its JSON body. */
export type LiveEvent =
  | { id: number; teamId: number; value: LiveEventValue }
  | { id: number; teamId: number; value: typeof HEALTH_EVENT; health: NodeHealthEvent };

type Listener = (event: LiveEvent) => void;

/**
 * In-process publish/subscribe of team events for the event stream. One server process holds every stream;
 * several processes on PostgreSQL would relay these through LISTEN/NOTIFY (docs/architecture.md).
 */
export class EventHub {
  /** Event ids count per team (issue 10): one counter across teams would tell each team how busy the others are. */
  private readonly lastIds = new Map<number, number>();
  private readonly listeners = new Map<number, Set<Listener>>();

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
    this.emit({ id: this.nextId(teamId), teamId, value });
  }

  /** issue 9: a node of the team went offline or came back (`event: health` on the stream). */
  publishHealth(teamId: number, health: NodeHealthEvent): void {
    this.emit({ id: this.nextId(teamId), teamId, value: HEALTH_EVENT, health });
  }

  private nextId(teamId: number): number {
    const id = (this.lastIds.get(teamId) ?? 0) + 1;
    this.lastIds.set(teamId, id);
    return id;
  }

  private emit(event: LiveEvent): void {
    for (const listener of this.listeners.get(event.teamId) ?? []) listener(event);
  }

  /** Session revocation: listeners keyed by session close their streams. */
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

  revokeSessions(sessionIds: Iterable<number>): void {
    for (const id of sessionIds) {
      for (const close of this.sessionClosers.get(id) ?? []) close();
      this.sessionClosers.delete(id);
    }
  }

  /** issue 11: a member removed from (or leaving) a team; their streams that carry the team end. */
  private readonly membershipClosers = new Map<string, Set<() => void>>();

  onMembershipEnded(teamId: number, userId: number, close: () => void): () => void {
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

  endMembership(teamId: number, userId: number): void {
    const key = `${teamId}:${userId}`;
    for (const close of [...(this.membershipClosers.get(key) ?? [])]) close();
    this.membershipClosers.delete(key);
  }

  /** issue 11: a user joined a team; their streams, which carry the teams they had, end and reconnect with it. */
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

  joinedTeam(userId: number): void {
    for (const close of [...(this.joinClosers.get(userId) ?? [])]) close();
    this.joinClosers.delete(userId);
  }
}
