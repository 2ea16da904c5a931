import { assign, setup } from 'xstate';
import type { NodeHealthEvent } from '../../contracts/node-health.ts';
import { eventSourceActor } from './event-stream.actors.ts';

export type EventStreamEvent =
  | { type: 'sse.open' }
  | { type: 'sse.message'; value: number }
  | { type: 'sse.error' }
  /** issue 9: the named `health` event, one node offline or back. */
  | { type: 'sse.health'; health: NodeHealthEvent }
  /** The server said it is shutting down (issue 10). */
  | { type: 'sse.shutdown' };

export interface EventStreamContext {
  url: string;
  /** Milliseconds to wait before the next reconnection. */
  retryDelay: number;
}

/** spec 4 and 9: the reconnect delay starts at 1 s, doubles, and stops growing at 64 s. */
export const FIRST_RETRY_MS = 1000;
export const MAX_RETRY_MS = 64_000;

/** spec 4: the values that mean 'the data on screen changed' (10 node list, 20 node status, 30 account or team). */
export const REFRESH_VALUES: readonly number[] = [10, 20, 30];

/**
 * The live-updates stream (spec 4): an EventSource with credentials; each message 10, 20 or 30 triggers `refresh`
 * (given by the app). On error, or when the server says it is shutting down, it waits, then reconnects; the wait
 * doubles up to 64 s and resets when a stream opens.
 */
export const eventStreamMachine = setup({
  types: {
    context: {} as EventStreamContext,
    events: {} as EventStreamEvent,
    input: {} as { url: string },
  },
  actors: { eventSource: eventSourceActor },
  actions: {
    /** Given by the app: the screens reload their data (the spec's page reload, without losing the page). */
    refresh: (_, _value: number) => {},
    /** Given by the app: the node's card shows its new health (issue 9). */
    health: (_, _health: NodeHealthEvent) => {},
    resetDelay: assign({ retryDelay: FIRST_RETRY_MS }),
    growDelay: assign(({ context }) => ({ retryDelay: Math.min(context.retryDelay * 2, MAX_RETRY_MS) })),
  },
  guards: {
    isRefreshValue: ({ event }) => event.type === 'sse.message' && REFRESH_VALUES.includes(event.value),
  },
  delays: {
    reconnect: ({ context }) => context.retryDelay,
  },
}).createMachine({
  id: 'eventStream',
  context: ({ input }) => ({ url: input.url, retryDelay: FIRST_RETRY_MS }),
  initial: 'connected',
  states: {
    connected: {
      invoke: { id: 'eventSource', src: 'eventSource', input: ({ context }) => ({ url: context.url }) },
      initial: 'connecting',
      on: {
        'sse.error': 'waiting',
        // A restart behind a load balancer: the next attempt reaches another server after the usual wait.
        'sse.shutdown': 'waiting',
        'sse.health': { actions: { type: 'health', params: ({ event }) => event.health } },
        'sse.message': {
          guard: 'isRefreshValue',
          actions: { type: 'refresh', params: ({ event }) => event.value },
        },
      },
      states: {
        connecting: { on: { 'sse.open': { target: 'open', actions: 'resetDelay' } } },
        open: {},
      },
    },
    waiting: {
      after: { reconnect: { target: 'connected', actions: 'growDelay' } },
    },
  },
});
