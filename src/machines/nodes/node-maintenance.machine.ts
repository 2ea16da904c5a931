import { assign, setup } from 'xstate';
import { MAINTENANCE_MESSAGES } from '../../../contracts/node-maintenance.ts';
import type { Node } from '../../api/nodes.ts';
import {
  type MaintenanceDraft,
  type MaintenanceRequest,
  maintenanceRequest,
  utcInput,
} from '../../lib/maintenance-window.ts';
import { actionFailure, type Failure } from '../../lib/node-messages.ts';
import { setMaintenanceActor } from './node.actors.ts';

export interface MaintenanceContext extends MaintenanceDraft {
  node: Node;
  error: string | null;
  errorCode: string | null;
  /** The call's body, made from the draft when it is sent. */
  request: MaintenanceRequest | null;
  /** The node with its window, once the server has answered. */
  result: Node | null;
}

export type MaintenanceEvent =
  | { type: 'maintenance.edit'; draft: Partial<MaintenanceDraft> }
  /** `now` is the screen's clock: a preset window runs from it. */
  | { type: 'maintenance.submit'; now: Date }
  | { type: 'maintenance.cancel' };

/**
 * The maintenance dialog of a node (docs/alerts.md#maintenance): 30 minutes, 1 hour, 4 hours or a custom end, from
 * now or from a scheduled start. Its output is the node the server returns, or null when closed without saving.
 */
export const maintenanceMachine = setup({
  types: {
    context: {} as MaintenanceContext,
    events: {} as MaintenanceEvent,
    input: {} as { node: Node; now: Date },
    output: {} as Node | null,
  },
  actors: { setMaintenance: setMaintenanceActor },
  actions: {
    assignDraft: assign((_, draft: Partial<MaintenanceDraft>) => ({
      ...draft,
      error: null,
      errorCode: null,
    })),
    assignRequest: assign((_, request: MaintenanceRequest) => ({ request })),
    assignResult: assign((_, node: Node) => ({ result: node })),
    fail: assign((_, failure: Failure) => ({ error: failure.message, errorCode: failure.code })),
  },
  guards: {
    // A time the dialog cannot read stays here with its message; the server judges the rest.
    readable: (_, request: MaintenanceRequest | { error: string }) => !('error' in request),
  },
}).createMachine({
  id: 'maintenance',
  context: ({ input }) => ({
    node: input.node,
    choice: '30 minutes',
    endInput: utcInput(new Date(input.now.getTime() + 60 * 60 * 1000)),
    scheduled: false,
    startInput: utcInput(input.now),
    error: null,
    errorCode: null,
    request: null,
    result: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'maintenance.edit': { actions: { type: 'assignDraft', params: ({ event }) => event.draft } },
        'maintenance.submit': [
          {
            guard: {
              type: 'readable',
              params: ({ context, event }) => maintenanceRequest(context, event.now),
            },
            target: 'submitting',
            actions: {
              type: 'assignRequest',
              params: ({ context, event }) => maintenanceRequest(context, event.now) as MaintenanceRequest,
            },
          },
          {
            actions: {
              type: 'fail',
              params: () => ({ message: MAINTENANCE_MESSAGES.invalidTime, code: 'invalid_maintenance' }),
            },
          },
        ],
        'maintenance.cancel': 'cancelled',
      },
    },
    submitting: {
      invoke: {
        id: 'setMaintenance',
        src: 'setMaintenance',
        input: ({ context }) => ({ node: context.node, window: context.request! }),
        onDone: {
          target: 'saved',
          actions: { type: 'assignResult', params: ({ event }) => event.output },
        },
        onError: {
          target: 'editing',
          actions: { type: 'fail', params: ({ event }) => actionFailure(event.error) },
        },
      },
    },
    saved: { type: 'final' },
    cancelled: { type: 'final' },
  },
  output: ({ context }) => context.result,
});
