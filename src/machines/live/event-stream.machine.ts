import { assign, setup } from 'xstate';
import { STREAM_EVENT } from '../../../contracts/event-stream.ts';
import type { NodeHealthEvent } from '../../../contracts/node-health.schema.ts';
import { type EventStreamEvent, eventSourceActor } from './event-stream.actors.ts';

export interface EventStreamContext {
  url: string;
  /** Milliseconds to wait before the next reconnection. */
  retryDelay: number;
  /** While waiting: when (epoch ms, by `now`) the next attempt starts, for the reconnecting banner. */
  nextRetryAt: number | null;
  /** The clock the banner counts down by; the app's is Date.now, a test's its own. */
  now: () => number;
}

export interface EventStreamInput {
  url: string;
  now?: () => number;
}

/** spec 4 and 9: the reconnect delay starts at 1 s, doubles, and stops growing at 64 s. */
export const FIRST_RETRY_MS = 1000;
export const MAX_RETRY_MS = 64_000;

/** spec 4: the values that mean 'the data on screen changed' (node list, node status, account or team). */
const REFRESH_VALUES: readonly number[] = Object.values(STREAM_EVENT);

/**
 * The live-updates stream (spec 4): an EventSource with credentials; each message 10, 20 or 30 triggers `refresh`
 * (given by the app). On error, or when the server says it is shutting down, it waits, then reconnects; the wait
 * doubles up to 64 s and resets when a stream opens. While it is down (tag `down`) the app shows the reconnecting
 * banner with `nextRetryAt`; when a broken stream opens again, `reconnected` lets every screen refetch.
 */
export const eventStreamMachine = setup({
  types: {
    context: {} as EventStreamContext,
    events: {} as EventStreamEvent,
    /** `down`: the stream is broken or not yet back; the reconnecting banner shows. */
    tags: {} as 'down',
    input: {} as EventStreamInput,
  },
  actors: { eventSource: eventSourceActor },
  actions: {
    /** Given by the app: the screens reload their data (the spec's page reload, without losing the page). */
    refresh: (_, _value: number) => {},
    /** Given by the app: the node's card shows its new health. */
    health: (_, _health: NodeHealthEvent) => {},
    /** Given by the app: a stream that had broken is open again, so every visible screen refetches. */
    reconnected: () => {},
    /**
     * Given by the app: the stream broke, perhaps because the session ended elsewhere (an EventSource cannot tell a
     * 401 from an outage), so the app asks the server, whose 401 sends the tab to sign in.
     */
    broken: () => {},
    planRetry: assign(({ context }) => ({ nextRetryAt: context.now() + context.retryDelay })),
    clearRetry: assign({ nextRetryAt: null }),
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
  context: ({ input }) => ({
    url: input.url,
    retryDelay: FIRST_RETRY_MS,
    nextRetryAt: null,
    now: input.now ?? Date.now,
  }),
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
        // An attempt after a break: the banner still shows until it opens, and opening means the screens may be stale.
        reconnecting: {
          tags: 'down',
          on: { 'sse.open': { target: 'open', actions: ['resetDelay', 'reconnected'] } },
        },
        open: {},
      },
    },
    waiting: {
      tags: 'down',
      entry: ['planRetry', 'broken'],
      exit: 'clearRetry',
      after: { reconnect: { target: 'connected.reconnecting', actions: 'growDelay' } },
    },
  },
});
