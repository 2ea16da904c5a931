import { HEALTH_EVENT } from '../../contracts/node-health.ts';
import type { EventHub, LiveEvent } from '../lib/events.ts';

/** An event as the stream writes it: spec 7's numbered message, or a named `health` event. */
export function sseMessage(event: LiveEvent): string {
  return event.value === HEALTH_EVENT
    ? `id: ${event.id}\nevent: ${HEALTH_EVENT}\ndata: ${JSON.stringify(event.health)}\n\n`
    : `id: ${event.id}\ndata: ${event.value}\n\n`;
}

/** One open event stream as the fan-out sees it. */
export interface StreamSink {
  sessionId: number;
  /** Writes an event's message, made once for every stream (sseMessage). */
  write(message: string): void;
  /** The session has ended: the stream closes. */
  close(): void;
}

/** Which of these sessions are live, and for each whether its user is still a member of the team. */
export type SessionCheck = (teamId: number, sessionIds: number[]) => Promise<Map<number, boolean>>;

interface Team {
  sinks: Set<StreamSink>;
  stop: () => void;
  delivering: Promise<void>;
}

/**
 * The streams of this process, per team. The stream checks session and membership again before every
 * event; done per stream that is one query per stream per event, so here it is one query per team per event for
 * all of them, which keeps an event to 10,000 streams within bench:sse's 150 ms. Events of a team are delivered in
 * order.
 */
export class TeamFanout {
  private readonly teams = new Map<number, Team>();

  constructor(
    private readonly hub: EventHub,
    private readonly check: SessionCheck,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Adds a stream to a team's audience; returns its removal. */
  add(teamId: number, sink: StreamSink): () => void {
    let team = this.teams.get(teamId);
    if (!team) {
      const created: Team = { sinks: new Set(), stop: () => {}, delivering: Promise.resolve() };
      created.stop = this.hub.subscribe(teamId, (event) => this.deliver(created, event));
      this.teams.set(teamId, created);
      team = created;
    }
    const { sinks } = team;
    sinks.add(sink);
    return () => {
      sinks.delete(sink);
      if (sinks.size === 0 && this.teams.get(teamId)?.sinks === sinks) {
        this.teams.get(teamId)?.stop();
        this.teams.delete(teamId);
      }
    };
  }

  private deliver(team: Team, event: LiveEvent): void {
    team.delivering = team.delivering
      .then(async () => {
        const sinks = [...team.sinks];
        if (sinks.length === 0) return;
        const live = await this.check(event.teamId, [...new Set(sinks.map((sink) => sink.sessionId))]);
        const message = sseMessage(event);
        for (const sink of sinks) {
          const member = live.get(sink.sessionId);
          if (member === undefined) sink.close();
          // A member removed from the team stops hearing it; the stream goes on for the caller's other teams.
          else if (!member) team.sinks.delete(sink);
          else if (team.sinks.has(sink)) sink.write(message);
        }
        if (team.sinks.size === 0 && this.teams.get(event.teamId) === team) {
          team.stop();
          this.teams.delete(event.teamId);
        }
      })
      .catch(this.onError);
  }
}
