import { assign, enqueueActions, raise, sendParent, setup } from 'xstate';
import type { NodeHealthEvent } from '../../../contracts/node-health.schema.ts';
import { MAX_NODES } from '../../../contracts/node-rules.ts';
import type { Config, Node } from '../../api/nodes.ts';
import { actionFailure, type Failure } from '../../lib/node-messages.ts';
import { applyHealth } from '../../lib/node-status.ts';
import { type NodeActorRef, type NodeReport, nodeMachine } from './node.machine.ts';
import { loadNodesAndConfigs, type NodesAndConfigs } from './node-list.actors.ts';

export interface NodeListContext {
  teamId: number;
  /**
   * The nodes as the server listed them, with each health event and each card's report applied: the one copy of
   * every node, which the cards, the summary line and the add rule read.
   */
  nodes: Node[];
  configs: Config[];
  /** One node actor per listed node, by node id: the actions of that node's card. */
  cards: Record<number, NodeActorRef>;
  /** The last failed load, shown on screen; cleared by the next successful load. */
  error: string | null;
}

export type NodeListEvent =
  | { type: 'nodes.reload' }
  | { type: 'nodes.retry' }
  /** The stream's `event: health`, one node offline or back. */
  | { type: 'nodes.health'; health: NodeHealthEvent }
  | { type: 'nodes.add' }
  | { type: 'soon.close' }
  | NodeReport;

/** The id of a node's actor: stable, so a reload finds the actor a node already has. */
export const cardId = (nodeId: number): string => `node-${nodeId}`;

/** A card's report applied to the list's nodes: a node the server answered, a toggle's new status, a deleted node. */
export function applyReport(nodes: Node[], report: NodeReport): Node[] {
  switch (report.type) {
    case 'node.updated':
      return nodes.map((node) => (node.id === report.node.id ? report.node : node));
    case 'node.toggled':
      return nodes.map((node) => (node.id === report.nodeId ? { ...node, status: report.status } : node));
    case 'node.deleted':
      return nodes.filter((node) => node.id !== report.nodeId);
  }
}

/**
 * The My NODR list (spec 2, 4): loads the team's nodes and the configurations, reloads both on request (a live
 * update, a delete), and decides whether the add action may go to the add flow or opens the 'soon' modal. It owns
 * the nodes: a health event and each card's report change the one copy here, and the cards read it. It spawns one
 * node actor per node for that card's actions, tells the kept ones of a reload, and stops those of nodes that left.
 */
export const nodeListMachine = setup({
  types: {
    context: {} as NodeListContext,
    events: {} as NodeListEvent,
    input: {} as { teamId: number },
  },
  actors: {
    loadNodesAndConfigs,
    node: nodeMachine.provide({ actions: { report: sendParent((_, report: NodeReport) => report) } }),
  },
  actions: {
    /** The reloaded nodes, and their actors: kept ones stay, new ones are spawned. */
    assignLoaded: assign(({ context, spawn }, loaded: NodesAndConfigs) => ({
      nodes: loaded.nodes,
      configs: loaded.configs,
      cards: Object.fromEntries(
        loaded.nodes.map((node) => [
          node.id,
          context.cards[node.id] ??
            spawn('node', { id: cardId(node.id), input: { nodeId: node.id, teamId: node.teamId } }),
        ]),
      ),
      error: null,
    })),
    /**
     * Tells each kept node's actor of the reload, and stops the actors of nodes no longer listed. The type
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
      for (const card of Object.values(context.cards)) {
        if (loaded.nodes.some((node) => cardId(node.id) === card.id))
          enqueue.sendTo(card, { type: 'node.reloaded' });
        else enqueue.stopChild(card);
      }
    }),
    assignError: assign((_, failure: Failure) => ({ error: failure.message })),
    assignHealth: assign(({ context }, health: NodeHealthEvent) => ({
      nodes: context.nodes.map((node) => (node.id === health.nodeId ? applyHealth(node, health) : node)),
    })),
    assignReport: assign(({ context }, report: NodeReport) => ({
      nodes: applyReport(context.nodes, report),
    })),
    /** A deleted node's actor goes with its node (typed by hand, as forwardLoaded). */
    dropCard: enqueueActions<NodeListContext, NodeListEvent, number, NodeListEvent, never, never, never>(
      ({ context, enqueue }, nodeId) => {
        const card = context.cards[nodeId];
        if (!card) return;
        enqueue.stopChild(card);
        enqueue.assign({
          cards: Object.fromEntries(Object.entries(context.cards).filter(([id]) => Number(id) !== nodeId)),
        });
      },
    ),
    reload: raise({ type: 'nodes.reload' }),
    /** Given by the screen: navigation to the add flow (machines know nothing of the router). */
    goToAdd: () => {},
  },
  guards: {
    // spec 4 and 9: add is allowed while fewer than 3 nodes exist.
    canAdd: ({ context }) => context.nodes.length < MAX_NODES,
  },
}).createMachine({
  id: 'nodeList',
  context: ({ input }) => ({ teamId: input.teamId, nodes: [], configs: [], cards: {}, error: null }),
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
        'nodes.health': { actions: { type: 'assignHealth', params: ({ event }) => event.health } },
        'node.updated': { actions: { type: 'assignReport', params: ({ event }) => event } },
        'node.toggled': { actions: { type: 'assignReport', params: ({ event }) => event } },
        // spec 4: a deleted node leaves the list at once, and the nodes and the configurations reload.
        'node.deleted': {
          actions: [
            { type: 'assignReport', params: ({ event }) => event },
            { type: 'dropCard', params: ({ event }) => event.nodeId },
            'reload',
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
