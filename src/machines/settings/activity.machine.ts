import { assign, setup } from 'xstate';
import type { ActivityEntry } from '../../api/sessions.ts';
import { type RequestFailure, toRequestFailure } from '../common/request-error.ts';
import { listActivityActor } from './sessions.actors.ts';

export interface ActivityContext {
  entries: ActivityEntry[];
  error: RequestFailure | null;
}

export type ActivityEvent = { type: 'activity.refresh' };

/** Settings > Recent activity: loads the account's security events; refresh loads them again. */
export const activityMachine = setup({
  types: {
    context: {} as ActivityContext,
    events: {} as ActivityEvent,
  },
  actors: { listActivity: listActivityActor },
  actions: {
    keepEntries: assign((_, entries: ActivityEntry[]) => ({ entries, error: null })),
    keepError: assign((_, error: RequestFailure) => ({ error })),
  },
}).createMachine({
  id: 'activity',
  context: { entries: [], error: null },
  initial: 'loading',
  states: {
    // The list so far stays on screen while it reloads.
    loading: {
      invoke: {
        id: 'listActivity',
        src: 'listActivity',
        onDone: { target: 'ready', actions: { type: 'keepEntries', params: ({ event }) => event.output } },
        onError: {
          target: 'failed',
          actions: { type: 'keepError', params: ({ event }) => toRequestFailure(event.error) },
        },
      },
    },
    ready: { on: { 'activity.refresh': 'loading' } },
    failed: { on: { 'activity.refresh': 'loading' } },
  },
});
