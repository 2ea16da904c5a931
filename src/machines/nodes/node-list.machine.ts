import { assign, enqueueActions, sendParent, setup } from 'xstate';
import type { NodeHealthEvent } from '../../../contracts/node-health.schema.ts';
import { MAX_NODES } from '../../../contracts/node-rules.ts';
import type { Config, Node } from '../../api/nodes.ts';
import { actionFailure, type Failure } from '../../lib/node-messages.ts';
import { applyHealth } from '../../lib/node-status.ts';
import { type NodeActorRef, nodeMachine } from './node.machine.ts';
import { loadNodesAndConfigs, type NodesAndConfigs } from './node-list.actors.ts';

export interface NodeListContext {
  teamId: number;
  /** The nodes as the server listed them, with each health event applied: the summary line and the add rule. */
  nodes: Node[];
  configs: Config[];
  /** One node actor per listed node, in the list's order: each card renders from its own. */
  cards: NodeActorRef[];
  /** The last failed load, shown on screen; cleared by the next successful load. */
  error: string | null;
}

export type NodeListEvent =
  | { type: 'nodes.reload' }
  | { type: 'nodes.retry' }
  /** The stream's `event: health`, one node offline or back. */
  | { type: 'nodes.health'; health: NodeHealthEvent }
  | { type: 'nodes.add' }
  | { type: 'soon.close' };

/** The id of a node's actor: stable, so a reload finds the actor a node already has. */
export const cardId = (nodeId: number): string => `node-${nodeId}`;

/**
 * The My NODR list (spec 2, 4): loads the team's nodes and the configurations, reloads both on request (a live
 * update, a delete), and decides whether the add action may go to the add flow or opens the 'soon' modal. It spawns
 * one node actor per node and forwards every update to it: a reload's node and configurations, and each health
 * event, applied without a reload. Actors of nodes that left the list are stopped.
 */
export const nodeListMachine = setup({
  types: {
    context: {} as NodeListContext,
    events: {} as NodeListEvent,
    input: {} as { teamId: number },
  },
  actors: {
    loadNodesAndConfigs,
    // spec 4: a deleted node reloads the list and the configurations.
    node: nodeMachine.provide({ actions: { reportDeleted: sendParent({ type: 'nodes.reload' }) } }),
  },
  actions: {
    /** The reloaded nodes' actors: kept ones get their node, new ones are spawned; the order is the list's. */
    assignLoaded: assign(({ context, spawn }, loaded: NodesAndConfigs) => ({
      nodes: loaded.nodes,
      configs: loaded.configs,
      cards: loaded.nodes.map(
        (node) =>
          context.cards.find((card) => card.id === cardId(node.id)) ??
          spawn('node', { id: cardId(node.id), input: { node, configs: loaded.configs } }),
      ),
      error: null,
    })),
    /**
     * Brings each kept node's actor its reloaded node, and stops the actors of nodes no longer listed. The type
     * arguments are written out: inside setup() TypeScript cannot infer a parameterized enqueueActions
     * (statelyai/xstate#4545); `never` says it enqueues no named actions, actors or guards.
     */
    forwardLoaded: enqueueActions<
      NodeListContext,
      NodeListEvent,
      NodesAndConfigs,
      NodeListEvent,
      never,
      never,
      never
    >(({ context, enqueue }, loaded) => {
      for (const card of context.cards) {
        const node = loaded.nodes.find((candidate) => cardId(candidate.id) === card.id);
        if (node) enqueue.sendTo(card, { type: 'node.sync', node, configs: loaded.configs });
        else enqueue.stopChild(card);
      }
    }),
    assignError: assign((_, failure: Failure) => ({ error: failure.message })),
    assignHealth: assign(({ context }, health: NodeHealthEvent) => ({
      nodes: context.nodes.map((node) => (node.id === health.nodeId ? applyHealth(node, health) : node)),
    })),
    /** A health event reaches its node's actor too (typed by hand, as forwardLoaded). */
    forwardHealth: enqueueActions<
      NodeListContext,
      NodeListEvent,
      NodeHealthEvent,
      NodeListEvent,
      never,
      never,
      never
    >(({ context, enqueue }, health) => {
      const card = context.cards.find((candidate) => candidate.id === cardId(health.nodeId));
      if (card) enqueue.sendTo(card, { type: 'node.health', health });
    }),
    /** Given by the screen: navigation to the add flow (machines know nothing of the router). */
    goToAdd: () => {},
  },
  guards: {
    // spec 4 and 9: add is allowed while fewer than 3 nodes exist.
    canAdd: ({ context }) => context.nodes.length < MAX_NODES,
  },
}).createMachine({
  id: 'nodeList',
  context: ({ input }) => ({ teamId: input.teamId, nodes: [], configs: [], cards: [], error: null }),
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
      on: {
        'nodes.health': {
          actions: [
            { type: 'assignHealth', params: ({ event }) => event.health },
            { type: 'forwardHealth', params: ({ event }) => event.health },
          ],
        },
      },
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
                  // Forwarded first: it reads the actors as they were before the reload.
                  actions: [
                    { type: 'forwardLoaded', params: ({ event }) => event.output },
                    { type: 'assignLoaded', params: ({ event }) => event.output },
                  ],
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
