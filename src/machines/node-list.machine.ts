import { assign, setup } from 'xstate';
import type { NodeHealthEvent } from '../../contracts/node-health.ts';
import type { Config, Node } from '../api/nodes.ts';
import { actionFailure, type Failure } from '../lib/node-messages.ts';
import { applyHealth, MAX_NODES } from '../lib/node-status.ts';
import { loadNodesAndConfigs, type NodesAndConfigs } from './node-list.actors.ts';

export interface NodeListContext {
  teamId: number;
  nodes: Node[];
  configs: Config[];
  /** The last failed load, shown on screen; cleared by the next successful load. */
  error: string | null;
}

export type NodeListEvent =
  | { type: 'nodes.reload' }
  | { type: 'nodes.retry' }
  /** issue 9: the stream's `event: health`, one node offline or back. */
  | { type: 'nodes.health'; health: NodeHealthEvent }
  | { type: 'nodes.add' }
  | { type: 'soon.close' };

/**
 * The My NODR list (spec 2, 4): loads the team's nodes and the configurations, reloads both on request (a live
 * update, a delete), applies each health event to its node without a reload (issue 9), and decides whether the add
 * action may go to the add flow or opens the 'soon' modal.
 */
export const nodeListMachine = setup({
  types: {
    context: {} as NodeListContext,
    events: {} as NodeListEvent,
    input: {} as { teamId: number },
  },
  actors: { loadNodesAndConfigs },
  actions: {
    assignLoaded: assign((_, loaded: NodesAndConfigs) => ({
      nodes: loaded.nodes,
      configs: loaded.configs,
      error: null,
    })),
    assignError: assign((_, failure: Failure) => ({ error: failure.message })),
    assignHealth: assign(({ context }, health: NodeHealthEvent) => ({
      nodes: context.nodes.map((node) => (node.id === health.nodeId ? applyHealth(node, health) : node)),
    })),
    /** Given by the screen: navigation to the add flow (machines know nothing of the router). */
    goToAdd: () => {},
  },
  guards: {
    // spec 4 and 9: add is allowed while fewer than 3 nodes exist.
    canAdd: ({ context }) => context.nodes.length < MAX_NODES,
  },
}).createMachine({
  id: 'nodeList',
  context: ({ input }) => ({ teamId: input.teamId, nodes: [], configs: [], error: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'loadNodesAndConfigs',
        input: ({ context }) => ({ teamId: context.teamId }),
        onDone: { target: 'ready', actions: { type: 'assignLoaded', params: ({ event }) => event.output } },
        onError: {
          target: 'failed',
          actions: { type: 'assignError', params: ({ event }) => actionFailure(event.error) },
        },
      },
    },
    failed: {
      on: { 'nodes.retry': 'loading', 'nodes.reload': 'loading' },
    },
    // The list stays on screen while it reloads, and a reload does not close the 'soon' modal.
    ready: {
      type: 'parallel',
      on: { 'nodes.health': { actions: { type: 'assignHealth', params: ({ event }) => event.health } } },
      states: {
        sync: {
          initial: 'idle',
          states: {
            idle: { on: { 'nodes.reload': 'reloading' } },
            reloading: {
              invoke: {
                id: 'reload',
                src: 'loadNodesAndConfigs',
                input: ({ context }) => ({ teamId: context.teamId }),
                onDone: {
                  target: 'idle',
                  actions: { type: 'assignLoaded', params: ({ event }) => event.output },
                },
                onError: {
                  target: 'idle',
                  actions: { type: 'assignError', params: ({ event }) => actionFailure(event.error) },
                },
              },
              // A newer request supersedes the running one: its answer may already be stale.
              on: { 'nodes.reload': { target: 'reloading', reenter: true } },
            },
          },
        },
        dialog: {
          initial: 'closed',
          states: {
            closed: {
              on: { 'nodes.add': [{ guard: 'canAdd', actions: 'goToAdd' }, { target: 'soon' }] },
            },
            soon: { on: { 'soon.close': 'closed' } },
          },
        },
      },
    },
  },
});
