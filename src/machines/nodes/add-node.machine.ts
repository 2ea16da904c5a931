import { assign, not, setup } from 'xstate';
import { CONFIG_STATUS, MAX_NODES } from '../../../contracts/node-rules.ts';
import { hasPublicKeyShape } from '../../../contracts/public-key.ts';
import type { Config } from '../../api/nodes.ts';
import { actionFailure, type Failure, keyFailure, keyFormatFailure } from '../../lib/node-messages.ts';
import { type AddNodeStart, copyTextActor, createNodeActor, loadConfigsActor } from './add-node.actors.ts';

export interface AddNodeContext {
  teamId: number;
  /** The installer command the copy action puts on the clipboard. */
  command: string;
  configs: Config[];
  configId: number | null;
  publicKey: string;
  error: string | null;
  /** Why the key was refused, said under `error` (contracts/public-key-diagnosis.ts). */
  errorReason: string | null;
  /** spec 8: the error code of a failed create is kept. */
  errorCode: string | null;
}

export type AddNodeEvent =
  | { type: 'config.select'; configId: number }
  | { type: 'step.next' }
  | { type: 'step.back' }
  | { type: 'installer.copy' }
  | { type: 'key.input'; text: string }
  | { type: 'key.submit' }
  | { type: 'configs.retry' };

/**
 * The add-node flow of spec 2 in three steps: choose a configuration (only status 10), get the installer (copy the
 * command), paste the public key and confirm. On success the screen's `finish` action goes back to My NODR.
 */
export const addNodeMachine = setup({
  types: {
    context: {} as AddNodeContext,
    events: {} as AddNodeEvent,
    input: {} as { teamId: number; command: string },
  },
  actors: { loadConfigs: loadConfigsActor, createNode: createNodeActor, copyText: copyTextActor },
  actions: {
    // The first available configuration is chosen up front, so step 1 can go on at once.
    assignConfigs: assign((_, { configs }: AddNodeStart) => ({
      configs,
      configId: configs.find((config) => config.status === CONFIG_STATUS.available)?.id ?? null,
      error: null,
    })),
    assignFailure: assign((_, failure: Failure) => ({
      error: failure.message,
      errorReason: failure.reason ?? null,
      errorCode: failure.code,
    })),
    /** Given by the screen: back to My NODR after the node is registered. */
    finish: () => {},
  },
  guards: {
    // spec 4 and 9: at 3 nodes adding is not possible; say so before step 1, not after the key.
    teamFull: (_, start: AddNodeStart) => start.nodeCount >= MAX_NODES,
    // spec 5: only a configuration with status 10 is selectable.
    configAvailable: ({ context, event }) =>
      event.type === 'config.select' &&
      context.configs.some((c) => c.id === event.configId && c.status === CONFIG_STATUS.available),
    hasConfig: ({ context }) => context.configId !== null,
    // spec 5: Confirm is disabled while the field is empty.
    keyEmpty: ({ context }) => context.publicKey.trim() === '',
    keyShapeValid: ({ context }) => hasPublicKeyShape(context.publicKey),
  },
  delays: {
    /** How long the 'Copied' confirmation stays. */
    copiedNotice: 2000,
  },
}).createMachine({
  id: 'addNode',
  context: ({ input }) => ({
    teamId: input.teamId,
    command: input.command,
    configs: [],
    configId: null,
    publicKey: '',
    error: null,
    errorReason: null,
    errorCode: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadConfigs',
        src: 'loadConfigs',
        input: ({ context }) => ({ teamId: context.teamId }),
        onDone: [
          { guard: { type: 'teamFull', params: ({ event }) => event.output }, target: 'full' },
          { target: 'chooseConfig', actions: { type: 'assignConfigs', params: ({ event }) => event.output } },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'assignFailure', params: ({ event }) => actionFailure(event.error) },
        },
      },
    },
    failed: { on: { 'configs.retry': 'loading' } },
    // The team already has 3 nodes: the 'soon' text instead of the steps.
    full: { type: 'final' },
    chooseConfig: {
      on: {
        'config.select': {
          guard: 'configAvailable',
          actions: assign(({ event }) => ({ configId: event.configId })),
        },
        'step.next': { guard: 'hasConfig', target: 'installer' },
      },
    },
    installer: {
      initial: 'idle',
      on: { 'step.back': 'chooseConfig', 'step.next': 'publicKey' },
      states: {
        idle: { on: { 'installer.copy': 'copying' } },
        copying: {
          invoke: {
            id: 'copyText',
            src: 'copyText',
            input: ({ context }) => ({ text: context.command }),
            onDone: 'copied',
            onError: 'copyFailed',
          },
        },
        copied: {
          after: { copiedNotice: 'idle' },
          on: { 'installer.copy': 'copying' },
        },
        // The command stays on screen to be selected by hand.
        copyFailed: { on: { 'installer.copy': 'copying' } },
      },
    },
    publicKey: {
      on: {
        'step.back': 'installer',
        // spec 8: the key messages are cleared when the key text changes.
        'key.input': {
          actions: assign(({ event }) => ({
            publicKey: event.text,
            error: null,
            errorReason: null,
            errorCode: null,
          })),
        },
        'key.submit': [
          { guard: 'keyShapeValid', target: 'submitting' },
          // spec 5: a key failing the format check gets the format message before any call; an empty field
          // (Confirm disabled) does nothing.
          {
            guard: not('keyEmpty'),
            actions: { type: 'assignFailure', params: ({ context }) => keyFormatFailure(context.publicKey) },
          },
        ],
      },
    },
    submitting: {
      invoke: {
        id: 'createNode',
        src: 'createNode',
        input: ({ context }) => ({
          teamId: context.teamId,
          configId: context.configId ?? 0,
          publicKey: context.publicKey.trim(),
        }),
        onDone: 'done',
        onError: {
          target: 'publicKey',
          actions: { type: 'assignFailure', params: ({ event }) => keyFailure(event.error) },
        },
      },
    },
    done: { type: 'final', entry: 'finish' },
  },
});
