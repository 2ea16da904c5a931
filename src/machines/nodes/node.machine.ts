import { type ActorRefFrom, and, assign, not, type SnapshotFrom, setup, stateIn } from 'xstate';
import type { NodeHealthEvent } from '../../../contracts/node-health.schema.ts';
import { isNodeNameTooLong } from '../../../contracts/node-rules.ts';
import { hasInvisibleCharacters } from '../../../contracts/visible-text.ts';
import type { Config, Node } from '../../api/nodes.ts';
import { actionFailure, type Failure } from '../../lib/node-messages.ts';
import {
  applyHealth,
  type CardStatus,
  isOffline,
  type NodeDisplay,
  nodeDisplay,
} from '../../lib/node-status.ts';
import { deleteNodeActor, renameNodeActor, toggleNodeActor } from './node.actors.ts';
import { configUpdateMachine } from './node-config-update.machine.ts';
import { reconfigureMachine } from './node-reconfigure.machine.ts';

export interface NodeContext {
  node: Node;
  configs: Config[];
  /** The message of the last failed action, shown on the card or in the open modal. */
  error: string | null;
  /** spec 8: the error code of a failed call is kept. */
  errorCode: string | null;
  /** Set by a successful rename, so the card confirms 'Saved'; cleared when the next action starts. */
  saved: boolean;
}

export type NodeEvent =
  | { type: 'node.sync'; node: Node; configs: Config[] }
  /** The stream's `event: health` for this node, forwarded by the list. */
  | { type: 'node.health'; health: NodeHealthEvent }
  | { type: 'node.power' }
  | { type: 'node.settings' }
  | { type: 'node.delete' }
  | { type: 'node.showKey' }
  | { type: 'node.rename'; name: string }
  | { type: 'node.confirm' }
  | { type: 'node.cancel' };

/** Moves the status region to `target` when the node shows `display` and the region is elsewhere. */
const route = (display: NodeDisplay, target: string) => ({
  guard: and([{ type: 'displays', params: { display } } as const, not(stateIn(`#node.status${target}`))]),
  target,
});

/**
 * One node of My NODR (spec 2, 4, 5), spawned by the node list, which forwards each refetch and health event to it.
 * Two regions: `status` is what the card shows (the status-1 sub-states by its check, active online or offline,
 * inactive, deleted, suspended), and `actions` runs what the user does with it: toggle (with the deactivate confirm
 * for an active node), rename, delete, and the two settings modals (reconfigure, config update), each its own
 * machine invoked here. The action rules read the status region, so the card and the rules never disagree.
 */
export const nodeMachine = setup({
  types: {
    context: {} as NodeContext,
    events: {} as NodeEvent,
    input: {} as { node: Node; configs: Config[] },
    children: {} as { reconfigure: 'reconfigure'; configUpdate: 'configUpdate' },
  },
  actors: {
    toggleNode: toggleNodeActor,
    deleteNode: deleteNodeActor,
    renameNode: renameNodeActor,
    reconfigure: reconfigureMachine,
    configUpdate: configUpdateMachine,
  },
  actions: {
    sync: assign((_, update: { node: Node; configs: Config[] }) => update),
    assignHealth: assign(({ context }, health: NodeHealthEvent) => ({
      node: applyHealth(context.node, health),
    })),
    clearError: assign({ error: null, errorCode: null, saved: false }),
    assignStatus: assign(({ context }, status: number) => ({ node: { ...context.node, status } })),
    assignNode: assign((_, node: Node) => ({ node })),
    assignRenamed: assign((_, node: Node) => ({ node, saved: true })),
    fail: assign((_, failure: Failure) => ({ error: failure.message, errorCode: failure.code })),
    /** Given by the node list: spec 4, after a delete the node list and the configurations reload. */
    reportDeleted: () => {},
  },
  guards: {
    displays: ({ context }, params: { display: NodeDisplay }) => nodeDisplay(context.node) === params.display,
    isOffline: ({ context }) => isOffline(context.node),
    isActive: stateIn('#node.status.active'),
    isInactive: stateIn('#node.status.inactive'),
    isConfiguring: stateIn('#node.status.configuring'),
    // spec 4 and 5: a rename saves a changed name of at most 320 characters, with nothing invisible in it.
    isNewName: ({ context, event }) => {
      if (event.type !== 'node.rename') return false;
      const name = event.name.trim();
      return name !== context.node.name && !isNodeNameTooLong(name) && !hasInvisibleCharacters(name);
    },
    /** A settings modal closed with a node from the server (null when closed without a change). */
    returnedNode: (_, node: Node | null) => node !== null,
  },
}).createMachine({
  id: 'node',
  type: 'parallel',
  context: ({ input }) => ({
    node: input.node,
    configs: input.configs,
    error: null,
    errorCode: null,
    saved: false,
  }),
  on: {
    // A refetch shows the node as it is now, so the error of an earlier failed action goes with it.
    'node.sync': {
      actions: [
        { type: 'sync', params: ({ event }) => ({ node: event.node, configs: event.configs }) },
        'clearError',
      ],
    },
    // A health event changes only online and last seen: the rest of the node, and a shown error, stay as they are.
    'node.health': { actions: { type: 'assignHealth', params: ({ event }) => event.health } },
  },
  states: {
    // What the card shows. The routing sits on the region, so a sync or an answer that changes the status
    // moves it at once; the initial leaf is corrected in the same step.
    status: {
      initial: 'configuring',
      always: [
        route('hardware', '.configuring.hardware'),
        route('misconfigured', '.configuring.misconfigured'),
        route('launching', '.configuring.launching'),
        route('active', '.active'),
        route('inactive', '.inactive'),
        route('deleted', '.deleted'),
        route('suspended', '.suspended'),
      ],
      states: {
        // spec 4: status 1, by its check: none 'Configuring hardware', failed 'Misconfigured', passed 'Launching'.
        configuring: {
          initial: 'hardware',
          states: { hardware: {}, misconfigured: {}, launching: {} },
        },
        // An active node is online until the server says it stopped reporting; offline is a health state
        // beside status 10, so every spec 4 rule for an active node (power, settings) still applies.
        active: {
          initial: 'online',
          states: {
            online: { always: { guard: 'isOffline', target: 'offline' } },
            offline: { always: { guard: not('isOffline'), target: 'online' } },
          },
        },
        inactive: {},
        // spec 4: status 50; the list does not carry it (spec 9), but a node may answer it.
        deleted: {},
        // spec 4: any status other than 1, 10, 20, 30, 40, 50.
        suspended: {},
      },
    },
    actions: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'node.power': [
              // spec 4: an active node asks first; an inactive one toggles directly.
              { guard: 'isActive', target: 'confirmingDeactivate', actions: 'clearError' },
              { guard: 'isInactive', target: 'toggling', actions: 'clearError' },
            ],
            'node.settings': [
              // spec 4: status 1 opens the config update; status 10 the reconfigure modal.
              { guard: 'isConfiguring', target: 'updatingConfig', actions: 'clearError' },
              { guard: 'isActive', target: 'reconfiguring', actions: 'clearError' },
            ],
            'node.delete': { target: 'confirmingDelete', actions: 'clearError' },
            'node.rename': { guard: 'isNewName', target: 'renaming', actions: 'clearError' },
          },
        },
        confirmingDeactivate: {
          on: {
            // The node may have changed meanwhile (a live update): confirming then only closes the modal.
            'node.confirm': [{ guard: 'isActive', target: 'toggling' }, { target: 'idle' }],
            'node.cancel': 'idle',
          },
        },
        toggling: {
          invoke: {
            id: 'toggleNode',
            src: 'toggleNode',
            input: ({ context }) => ({ node: context.node }),
            // spec 4: after a toggle the status comes from the response.
            onDone: {
              target: 'idle',
              actions: [{ type: 'assignStatus', params: ({ event }) => event.output.status }, 'clearError'],
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
            input: ({ context, event }) => ({
              node: context.node,
              name: event.type === 'node.rename' ? event.name.trim() : context.node.name,
            }),
            onDone: {
              target: 'idle',
              // clearError also ends an earlier 'Saved'; this rename's 'Saved' comes after it.
              actions: ['clearError', { type: 'assignRenamed', params: ({ event }) => event.output }],
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
            input: ({ context }) => ({ node: context.node }),
            onDone: { target: 'gone', actions: 'reportDeleted' },
            onError: {
              target: 'idle',
              actions: { type: 'fail', params: ({ event }) => actionFailure(event.error) },
            },
          },
        },
        // Deleted: the card waits for the list to reload without it.
        gone: {},
        // The reconfigure modal (its own machine); spec 4: after a successful reconfigure the config-update modal
        // opens for the returned node.
        reconfiguring: {
          invoke: {
            id: 'reconfigure',
            src: 'reconfigure',
            input: ({ context }) => ({ node: context.node }),
            onDone: [
              {
                guard: { type: 'returnedNode', params: ({ event }) => event.output },
                target: 'updatingConfig',
                actions: { type: 'assignNode', params: ({ event }) => event.output! },
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
            input: ({ context }) => ({ node: context.node, configs: context.configs }),
            onDone: [
              {
                guard: { type: 'returnedNode', params: ({ event }) => event.output },
                target: 'idle',
                actions: { type: 'assignNode', params: ({ event }) => event.output! },
              },
              { target: 'idle' },
            ],
          },
        },
      },
    },
  },
});

export type NodeActorRef = ActorRefFrom<typeof nodeMachine>;
export type NodeSnapshot = SnapshotFrom<typeof nodeMachine>;

/** The card's status label, read from the status region: its leaf, Offline for an active node gone quiet. */
export function shownStatus(snapshot: NodeSnapshot): CardStatus {
  const { status } = snapshot.value;
  if (typeof status === 'string') return status;
  if ('configuring' in status) return status.configuring;
  return status.active === 'offline' ? 'offline' : 'active';
}

/** A node just added waits for its first check (configuring hardware, never seen); its card says how to start it. */
export function awaitsFirstCheck(snapshot: NodeSnapshot): boolean {
  return snapshot.matches({ status: { configuring: 'hardware' } }) && !snapshot.context.node.lastSeenAt;
}
