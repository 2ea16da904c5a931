import { assign, setup } from 'xstate';
import { CONFIG_STATUS } from '../../../contracts/node-rules.ts';
import { hasPublicKeyShape } from '../../../contracts/public-key.ts';
import type { Config, Node } from '../../api/nodes.ts';
import { type Failure, keyFailure, keyFormatFailure } from '../../lib/node-messages.ts';
import { updateNodeActor } from './node.actors.ts';

export interface ConfigUpdateContext {
  node: Node;
  configs: Config[];
  /** The configuration chosen in the carousel; the node's own to begin with. */
  configId: number;
  /** The optional new public key. */
  keyInput: string;
  error: string | null;
  /** Why the key was refused, said under `error` (contracts/public-key-diagnosis.ts). */
  errorReason: string | null;
  /** spec 8: the error code of a failed update is kept. */
  errorCode: string | null;
  /** The updated node, once the server has answered. */
  result: Node | null;
}

export type ConfigUpdateEvent =
  | { type: 'config.select'; configId: number }
  | { type: 'config.keyInput'; text: string }
  | { type: 'config.submit' }
  | { type: 'config.cancel' };

/**
 * The config-update modal of a node in status 1 (spec 2, 4, 5): a carousel of configurations plus an optional new
 * public key. Its output is the updated node, or null when the modal is closed without saving.
 */
export const configUpdateMachine = setup({
  types: {
    context: {} as ConfigUpdateContext,
    events: {} as ConfigUpdateEvent,
    input: {} as { node: Node; configs: Config[] },
    output: {} as Node | null,
  },
  actors: { updateNode: updateNodeActor },
  actions: {
    assignConfig: assign((_, configId: number) => ({ configId })),
    // spec 8: the key messages are cleared when the key text changes.
    assignKey: assign((_, text: string) => ({
      keyInput: text,
      error: null,
      errorReason: null,
      errorCode: null,
    })),
    assignResult: assign((_, node: Node) => ({ result: node })),
    fail: assign((_, failure: Failure) => ({
      error: failure.message,
      errorReason: failure.reason ?? null,
      errorCode: failure.code,
    })),
  },
  guards: {
    // spec 5: only a configuration with status 10 is selectable.
    configAvailable: ({ context }, configId: number) =>
      context.configs.some((config) => config.id === configId && config.status === CONFIG_STATUS.available),
    // spec 5: an empty key is allowed (sent without a key); a key, if entered, must be valid.
    keyEmptyOrValid: ({ context }) => context.keyInput.trim() === '' || hasPublicKeyShape(context.keyInput),
  },
}).createMachine({
  id: 'configUpdate',
  context: ({ input }) => ({
    node: input.node,
    configs: input.configs,
    configId: input.node.configId,
    keyInput: '',
    error: null,
    errorReason: null,
    errorCode: null,
    result: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'config.select': {
          guard: { type: 'configAvailable', params: ({ event }) => event.configId },
          actions: { type: 'assignConfig', params: ({ event }) => event.configId },
        },
        'config.keyInput': { actions: { type: 'assignKey', params: ({ event }) => event.text } },
        'config.submit': [
          { guard: 'keyEmptyOrValid', target: 'submitting' },
          // spec 5 and 8: a key that fails the format check, before any call.
          { actions: { type: 'fail', params: ({ context }) => keyFormatFailure(context.keyInput) } },
        ],
        'config.cancel': 'cancelled',
      },
    },
    submitting: {
      invoke: {
        id: 'updateNode',
        src: 'updateNode',
        input: ({ context }) => ({
          node: context.node,
          configId: context.configId,
          publicKey: context.keyInput.trim(),
        }),
        onDone: { target: 'updated', actions: { type: 'assignResult', params: ({ event }) => event.output } },
        onError: {
          target: 'editing',
          actions: { type: 'fail', params: ({ event }) => keyFailure(event.error) },
        },
      },
    },
    updated: { type: 'final' },
    cancelled: { type: 'final' },
  },
  output: ({ context }) => context.result,
});
