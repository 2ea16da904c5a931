import { assign, setup } from 'xstate';
import type { NodeHealthAnswer } from '../../../contracts/node-health.schema.ts';
import { actionFailure, type Failure } from '../../lib/node-messages.ts';
import { loadNodeHealth } from './node-health.actors.ts';

export interface NodeHealthContext {
  teamId: number;
  nodeId: number;
  health: NodeHealthAnswer | null;
  error: string | null;
}

export type NodeHealthMachineEvent = { type: 'health.retry' } | { type: 'health.reload' };

/**
 * The health history of one node, fetched when its card is expanded: last seen and the recent
 * transitions. A health event for the node reloads it; the shown history stays on screen meanwhile.
 */
export const nodeHealthMachine = setup({
  types: {
    context: {} as NodeHealthContext,
    events: {} as NodeHealthMachineEvent,
    input: {} as { teamId: number; nodeId: number },
  },
  actors: { loadNodeHealth },
  actions: {
    assignHealth: assign((_, health: NodeHealthAnswer) => ({ health, error: null })),
    assignError: assign((_, failure: Failure) => ({ error: failure.message })),
  },
}).createMachine({
  id: 'nodeHealth',
  context: ({ input }) => ({ teamId: input.teamId, nodeId: input.nodeId, health: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'loadNodeHealth',
        input: ({ context }) => ({ teamId: context.teamId, nodeId: context.nodeId }),
        onDone: { target: 'loaded', actions: { type: 'assignHealth', params: ({ event }) => event.output } },
        onError: {
          target: 'failed',
          actions: { type: 'assignError', params: ({ event }) => actionFailure(event.error) },
        },
      },
      // A newer request supersedes the running one: its answer may already be stale.
      on: { 'health.reload': { target: 'loading', reenter: true } },
    },
    loaded: { on: { 'health.reload': 'loading' } },
    failed: { on: { 'health.retry': 'loading', 'health.reload': 'loading' } },
  },
});
