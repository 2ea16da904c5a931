import { type ActorRefFrom, assertEvent, assign, setup } from 'xstate';
import { isNodeNameTooLong } from '../../../contracts/node-rules.ts';
import { NODE_STATUS } from '../../../contracts/node-status.ts';
import { hasInvisibleCharacters } from '../../../contracts/visible-text.ts';
import type { Config, Node } from '../../api/nodes.ts';
import { actionFailure, type Failure } from '../../lib/node-messages.ts';
import { nodeDisplay } from '../../lib/node-status.ts';
import { deleteNodeActor, endMaintenanceActor, renameNodeActor, toggleNodeActor } from './node.actors.ts';
import { configUpdateMachine } from './node-config-update.machine.ts';
import { maintenanceMachine } from './node-maintenance.machine.ts';
import { reconfigureMachine } from './node-reconfigure.machine.ts';

export interface NodeContext {
  nodeId: number;
  teamId: number;
  /**
   * What a settings modal opened with: the node and the configurations as the list had them then, or a
   * reconfigure's answer for the config update that follows it. The card's node itself is the list's.
   */
  settings: { node: Node; configs: Config[] } | null;
  /** The message of the last failed action, shown on the card or in the open modal. */
  error: string | null;
  /** spec 8: the error code of a failed call is kept. */
  errorCode: string | null;
  /** Set by a successful rename, so the card confirms 'Saved'; cleared when the next action starts. */
  saved: boolean;
}

/**
 * What the card sends: each action carries the list's node as the card shows it at that moment, so every rule
 * reads the one copy of the node.
 */
export type NodeEvent =
  /** The list reloaded: the error of an earlier failed action goes. */
  | { type: 'node.reloaded' }
  | { type: 'node.power'; node: Node }
  | { type: 'node.settings'; node: Node; configs: Config[] }
  | { type: 'node.delete' }
  | { type: 'node.rename'; node: Node; name: string }
  | { type: 'node.confirm'; node: Node }
  /** Opens the maintenance dialog; `now` is the screen's clock, where its custom times start. */
  | { type: 'node.maintenance'; node: Node; now: Date }
  | { type: 'node.endMaintenance' }
  | { type: 'node.cancel' };

/** What a card tells the list, which holds the one copy of each node and applies these to it. */
export type NodeReport =
  | { type: 'node.updated'; node: Node }
  | { type: 'node.toggled'; nodeId: number; status: number }
  | { type: 'node.deleted'; nodeId: number };

/**
 * The actions of one node of My NODR (spec 2, 4, 5), spawned by the node list: toggle (with the deactivate confirm
 * for an active node), rename, delete, maintenance (its dialog, and ending it), and the two settings modals
 * (reconfigure, config update), each its own
 * machine invoked here. It holds no node: the list does, the card shows it (status through `cardStatus`), and
 * each action's event brings it, so the card and the rules never disagree. Results go back to the list as reports.
 */
export const nodeMachine = setup({
  types: {
    context: {} as NodeContext,
    events: {} as NodeEvent,
    input: {} as { nodeId: number; teamId: number },
    children: {} as { reconfigure: 'reconfigure'; configUpdate: 'configUpdate'; maintenance: 'maintenance' },
  },
  actors: {
    toggleNode: toggleNodeActor,
    deleteNode: deleteNodeActor,
    renameNode: renameNodeActor,
    endMaintenance: endMaintenanceActor,
    maintenance: maintenanceMachine,
    reconfigure: reconfigureMachine,
    configUpdate: configUpdateMachine,
  },
  actions: {
    clearError: assign({ error: null, errorCode: null, saved: false }),
    assignSettings: assign((_, settings: { node: Node; configs: Config[] }) => ({ settings })),
    assignReconfigured: assign(({ context }, node: Node) => ({
      settings: { node, configs: context.settings?.configs ?? [] },
    })),
    assignSaved: assign({ saved: true }),
    fail: assign((_, failure: Failure) => ({ error: failure.message, errorCode: failure.code })),
    /** Given by the node list (sendParent): it applies the report to its copy of the node. */
    report: (_, _report: NodeReport) => {},
  },
  guards: {
    // spec 4: power and settings follow the node's status; an offline node is still active (status 10).
    isActive: (_, node: Node) => nodeDisplay(node) === 'active',
    isInactive: (_, node: Node) => nodeDisplay(node) === 'inactive',
    isConfiguring: (_, node: Node) => node.status === NODE_STATUS.configuring,
    // spec 4 and 5: a rename saves a changed name of at most 320 characters, with nothing invisible in it.
    isNewName: (_, rename: { node: Node; name: string }) => {
      const name = rename.name.trim();
      return name !== rename.node.name && !isNodeNameTooLong(name) && !hasInvisibleCharacters(name);
    },
    /** A settings modal closed with a node from the server (null when closed without a change). */
    returnedNode: (_, node: Node | null) => node !== null,
  },
}).createMachine({
  id: 'node',
  context: ({ input }) => ({
    nodeId: input.nodeId,
    teamId: input.teamId,
    settings: null,
    error: null,
    errorCode: null,
    saved: false,
  }),
  // A reload shows the node as it is now, so the error of an earlier failed action goes with it.
  on: { 'node.reloaded': { actions: 'clearError' } },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'node.power': [
          // spec 4: an active node asks first; an inactive one toggles directly.
          {
            guard: { type: 'isActive', params: ({ event }) => event.node },
            target: 'confirmingDeactivate',
            actions: 'clearError',
          },
          {
            guard: { type: 'isInactive', params: ({ event }) => event.node },
            target: 'toggling',
            actions: 'clearError',
          },
        ],
        'node.settings': [
          // spec 4: status 1 opens the config update; status 10 the reconfigure modal.
          {
            guard: { type: 'isConfiguring', params: ({ event }) => event.node },
            target: 'updatingConfig',
            actions: ['clearError', { type: 'assignSettings', params: ({ event }) => event }],
          },
          {
            guard: { type: 'isActive', params: ({ event }) => event.node },
            target: 'reconfiguring',
            actions: ['clearError', { type: 'assignSettings', params: ({ event }) => event }],
          },
        ],
        'node.delete': { target: 'confirmingDelete', actions: 'clearError' },
        'node.maintenance': { target: 'maintaining', actions: 'clearError' },
        'node.endMaintenance': { target: 'endingMaintenance', actions: 'clearError' },
        'node.rename': {
          guard: { type: 'isNewName', params: ({ event }) => event },
          target: 'renaming',
          actions: 'clearError',
        },
      },
    },
    confirmingDeactivate: {
      on: {
        // The node may have changed meanwhile (a live update): confirming then only closes the modal.
        'node.confirm': [
          { guard: { type: 'isActive', params: ({ event }) => event.node }, target: 'toggling' },
          { target: 'idle' },
        ],
        'node.cancel': 'idle',
      },
    },
    toggling: {
      invoke: {
        id: 'toggleNode',
        src: 'toggleNode',
        input: ({ context }) => ({ node: { id: context.nodeId, teamId: context.teamId } }),
        // spec 4: after a toggle the status comes from the response.
        onDone: {
          target: 'idle',
          actions: [
            {
              type: 'report',
              params: ({ context, event }) => ({
                type: 'node.toggled',
                nodeId: context.nodeId,
                status: event.output.status,
              }),
            },
            'clearError',
          ],
        },
        onError: {
          target: 'idle',
          actions: { type: 'fail', params: ({ event }) => actionFailure(event.error) },
        },
      },
    },
    renaming: {
      invoke: {
        id: 'renameNode',
        src: 'renameNode',
        input: ({ event }) => {
          assertEvent(event, 'node.rename');
          return { node: event.node, name: event.name.trim() };
        },
        onDone: {
          target: 'idle',
          // clearError also ends an earlier 'Saved'; this rename's 'Saved' comes after it.
          actions: [
            'clearError',
            'assignSaved',
            { type: 'report', params: ({ event }) => ({ type: 'node.updated', node: event.output }) },
          ],
        },
        onError: {
          target: 'idle',
          actions: { type: 'fail', params: ({ event }) => actionFailure(event.error) },
        },
      },
    },
    confirmingDelete: {
      on: { 'node.confirm': 'deleting', 'node.cancel': 'idle' },
    },
    deleting: {
      invoke: {
        id: 'deleteNode',
        src: 'deleteNode',
        input: ({ context }) => ({ node: { id: context.nodeId, teamId: context.teamId } }),
        // spec 4: the list drops the node and reloads the nodes and the configurations.
        onDone: {
          target: 'gone',
          actions: {
            type: 'report',
            params: ({ context }) => ({ type: 'node.deleted', nodeId: context.nodeId }),
          },
        },
        onError: {
          target: 'idle',
          actions: { type: 'fail', params: ({ event }) => actionFailure(event.error) },
        },
      },
    },
    // The maintenance dialog (its own machine); its window reaches the list as the node the server answered.
    maintaining: {
      invoke: {
        id: 'maintenance',
        src: 'maintenance',
        input: ({ event }) => {
          assertEvent(event, 'node.maintenance');
          return { node: event.node, now: event.now };
        },
        onDone: [
          {
            guard: { type: 'returnedNode', params: ({ event }) => event.output },
            target: 'idle',
            actions: {
              type: 'report',
              params: ({ event }) => ({ type: 'node.updated', node: event.output! }),
            },
          },
          { target: 'idle' },
        ],
      },
    },
    endingMaintenance: {
      invoke: {
        id: 'endMaintenance',
        src: 'endMaintenance',
        input: ({ context }) => ({ node: { id: context.nodeId, teamId: context.teamId } }),
        onDone: {
          target: 'idle',
          actions: { type: 'report', params: ({ event }) => ({ type: 'node.updated', node: event.output }) },
        },
        onError: {
          target: 'idle',
          actions: { type: 'fail', params: ({ event }) => actionFailure(event.error) },
        },
      },
    },
    // Deleted: the list stops this actor as it drops the node.
    gone: {},
    // The reconfigure modal (its own machine); spec 4: after a successful reconfigure the config-update modal
    // opens for the returned node.
    reconfiguring: {
      invoke: {
        id: 'reconfigure',
        src: 'reconfigure',
        input: ({ context }) => ({ node: context.settings!.node }),
        onDone: [
          {
            guard: { type: 'returnedNode', params: ({ event }) => event.output },
            target: 'updatingConfig',
            actions: [
              { type: 'assignReconfigured', params: ({ event }) => event.output! },
              { type: 'report', params: ({ event }) => ({ type: 'node.updated', node: event.output! }) },
            ],
          },
          { target: 'idle' },
        ],
      },
    },
    // The config-update modal (its own machine).
    updatingConfig: {
      invoke: {
        id: 'configUpdate',
        src: 'configUpdate',
        input: ({ context }) => context.settings!,
        onDone: [
          {
            guard: { type: 'returnedNode', params: ({ event }) => event.output },
            target: 'idle',
            actions: {
              type: 'report',
              params: ({ event }) => ({ type: 'node.updated', node: event.output! }),
            },
          },
          { target: 'idle' },
        ],
      },
    },
  },
});

export type NodeActorRef = ActorRefFrom<typeof nodeMachine>;
