import { assign, setup } from 'xstate';
import type { Node } from '../../api/nodes.ts';
import { actionFailure, type Failure } from '../../lib/node-messages.ts';
import { reconfigureNodeActor } from './node.actors.ts';

export interface ReconfigureContext {
  node: Node;
  /** What the user typed; compared with the license key exactly. */
  licenseInput: string;
  error: string | null;
  errorCode: string | null;
  /** The reconfigured node, once the server has answered. */
  result: Node | null;
}

export type ReconfigureEvent =
  | { type: 'reconfigure.input'; text: string }
  | { type: 'reconfigure.submit' }
  | { type: 'reconfigure.cancel' };

/**
 * The reconfigure modal of an active node (spec 2, 4, 5): type the license key to confirm. Its output is the node the
 * server returns (back in status 1), or null when the modal is closed without reconfiguring.
 */
export const reconfigureMachine = setup({
  types: {
    context: {} as ReconfigureContext,
    events: {} as ReconfigureEvent,
    input: {} as { node: Node },
    output: {} as Node | null,
  },
  actors: { reconfigureNode: reconfigureNodeActor },
  actions: {
    assignInput: assign((_, text: string) => ({ licenseInput: text, error: null, errorCode: null })),
    assignResult: assign((_, node: Node) => ({ result: node })),
    fail: assign((_, failure: Failure) => ({ error: failure.message, errorCode: failure.code })),
  },
  guards: {
    // spec 5: the Reconfigure button is enabled only when the text equals the license key exactly.
    licenseMatches: ({ context }) => context.licenseInput === context.node.licenseKey,
  },
}).createMachine({
  id: 'reconfigure',
  context: ({ input }) => ({
    node: input.node,
    licenseInput: '',
    error: null,
    errorCode: null,
    result: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'reconfigure.input': { actions: { type: 'assignInput', params: ({ event }) => event.text } },
        'reconfigure.submit': { guard: 'licenseMatches', target: 'submitting' },
        'reconfigure.cancel': 'cancelled',
      },
    },
    submitting: {
      invoke: {
        id: 'reconfigureNode',
        src: 'reconfigureNode',
        input: ({ context }) => ({ node: context.node, licenseKey: context.licenseInput }),
        onDone: {
          target: 'reconfigured',
          actions: { type: 'assignResult', params: ({ event }) => event.output },
        },
        onError: {
          target: 'editing',
          actions: { type: 'fail', params: ({ event }) => actionFailure(event.error) },
        },
      },
    },
    reconfigured: { type: 'final' },
    cancelled: { type: 'final' },
  },
  output: ({ context }) => context.result,
});
