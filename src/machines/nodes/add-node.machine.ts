import { assign, not, setup } from 'xstate';
import { CONFIG_STATUS, MAX_NODES } from '../../../contracts/node-rules.ts';
import { hasPublicKeyShape } from '../../../contracts/public-key.ts';
import type { Config } from '../../api/nodes.ts';
import { actionFailure, type Failure, keyFailure, keyFormatFailure } from '../../lib/node-messages.ts';
import { type AddNodeStart, copyTextActor, createNodeActor, loadConfigsActor } from './add-node.actors.ts';
import { type AddNodeDraft, type AddNodeStep, stepIndex } from './add-node-draft.ts';

export interface AddNodeContext {
  teamId: number;
  /** The installer command the copy action puts on the clipboard. */
  command: string;
  configs: Config[];
  configId: number | null;
  publicKey: string;
  /** The step the address asked for when the flow opened: where it lands once the configurations are in. */
  opening: AddNodeStep;
  /** The furthest step the person has reached with the choices before it; the address may show up to it. */
  reached: AddNodeStep;
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
  /** The address shows a step (Back, Forward): followed if the person has reached it. */
  | { type: 'step.show'; step: AddNodeStep }
  /** The person leaves the flow by its My NODR link. */
  | { type: 'flow.cancel' }
  | { type: 'installer.copy' }
  | { type: 'key.input'; text: string }
  | { type: 'key.submit' }
  | { type: 'configs.retry' };

export interface AddNodeInput {
  teamId: number;
  command: string;
  /** The step the address names at opening (step 1 when left out). */
  step?: AddNodeStep;
  /** The choices kept from before a reload, already checked for shape; checked here against the configurations. */
  draft?: AddNodeDraft | null;
}

/** Where the address shows a step: a move the person makes is a new history entry, a landing corrects in place. */
interface ShownStep {
  step: AddNodeStep;
  replace: boolean;
}

const draftOf = (context: AddNodeContext): AddNodeDraft => ({
  teamId: context.teamId,
  reached: context.reached,
  configId: context.configId,
  publicKey: context.publicKey,
});

/** Every state but the final ones: the My NODR link leaves the flow from any of them. */
const leave = { 'flow.cancel': 'cancelled' } as const;

const isAvailable = (configs: Config[], id: number | null) =>
  configs.some((config) => config.id === id && config.status === CONFIG_STATUS.available);

/**
 * The add-node flow of spec 2 in three steps: choose a configuration (only status 10), get the installer (copy the
 * command), paste the public key and confirm. On success the screen's `finish` action goes back to My NODR. Each
 * step has an address: the screen gives `showStep` (the router) and sends `step.show` when the address changes, and
 * gives `saveDraft`/`clearDraft` (this tab's storage) so that a reload keeps the choices (docs/web-my-nodr.md).
 */
export const addNodeMachine = setup({
  types: {
    context: {} as AddNodeContext,
    events: {} as AddNodeEvent,
    input: {} as AddNodeInput,
  },
  actors: { loadConfigs: loadConfigsActor, createNode: createNodeActor, copyText: copyTextActor },
  actions: {
    // The first available configuration is chosen up front, so step 1 can go on at once. A kept draft whose
    // configuration is no longer available is dropped whole: its later steps were made for that configuration.
    assignConfigs: assign(({ context }, { configs }: AddNodeStart) =>
      isAvailable(configs, context.configId)
        ? { configs, error: null }
        : {
            configs,
            configId: configs.find((config) => config.status === CONFIG_STATUS.available)?.id ?? null,
            reached: 'configuration' as const,
            publicKey: '',
            error: null,
          },
    ),
    reach: assign(({ context }, step: AddNodeStep) => ({
      reached: stepIndex(step) > stepIndex(context.reached) ? step : context.reached,
    })),
    assignFailure: assign((_, failure: Failure) => ({
      error: failure.message,
      errorReason: failure.reason ?? null,
      errorCode: failure.code,
    })),
    /** Given by the screen: back to My NODR after the node is registered. */
    finish: () => {},
    /** Given by the screen: the address follows the step. */
    showStep: (_, _shown: ShownStep) => {},
    /** Given by the screen: keeps the choices for this tab. */
    saveDraft: (_, _draft: AddNodeDraft) => {},
    /** Given by the screen: forgets them once the node is registered or the flow is left. */
    clearDraft: () => {},
  },
  guards: {
    // spec 4 and 9: at 3 nodes adding is not possible; say so before step 1, not after the key.
    teamFull: (_, start: AddNodeStart) => start.nodeCount >= MAX_NODES,
    // spec 5: only a configuration with status 10 is selectable.
    configAvailable: ({ context, event }) =>
      event.type === 'config.select' && isAvailable(context.configs, event.configId),
    hasConfig: ({ context }) => context.configId !== null,
    // Back and Forward reach only steps whose earlier choices exist: never past the furthest step reached.
    mayShow: ({ context, event }, step: AddNodeStep) =>
      event.type === 'step.show' && event.step === step && stepIndex(step) <= stepIndex(context.reached),
    // Opening lands on the step asked for, or the furthest reached if that is earlier.
    mayLand: ({ context }, step: AddNodeStep) =>
      stepIndex(step) <= Math.min(stepIndex(context.opening), stepIndex(context.reached)),
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
    configId: input.draft?.configId ?? null,
    publicKey: input.draft?.publicKey ?? '',
    opening: input.step ?? 'configuration',
    reached: input.draft?.reached ?? 'configuration',
    error: null,
    errorReason: null,
    errorCode: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      on: leave,
      invoke: {
        id: 'loadConfigs',
        src: 'loadConfigs',
        input: ({ context }) => ({ teamId: context.teamId }),
        onDone: [
          { guard: { type: 'teamFull', params: ({ event }) => event.output }, target: 'full' },
          { target: 'landing', actions: { type: 'assignConfigs', params: ({ event }) => event.output } },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'assignFailure', params: ({ event }) => actionFailure(event.error) },
        },
      },
    },
    failed: { on: { ...leave, 'configs.retry': 'loading' } },
    // The team already has 3 nodes: the 'soon' text instead of the steps.
    full: { type: 'final' },
    // The address is corrected in place where the flow cannot show the step it names.
    landing: {
      always: [
        {
          guard: { type: 'mayLand', params: 'key' },
          target: 'publicKey',
          actions: { type: 'showStep', params: { step: 'key', replace: true } },
        },
        {
          guard: { type: 'mayLand', params: 'installer' },
          target: 'installer',
          actions: { type: 'showStep', params: { step: 'installer', replace: true } },
        },
        {
          target: 'chooseConfig',
          actions: { type: 'showStep', params: { step: 'configuration', replace: true } },
        },
      ],
    },
    chooseConfig: {
      on: {
        ...leave,
        'config.select': {
          guard: 'configAvailable',
          actions: [
            assign(({ event }) => ({ configId: event.configId })),
            { type: 'saveDraft', params: ({ context }) => draftOf(context) },
          ],
        },
        'step.next': {
          guard: 'hasConfig',
          target: 'installer',
          actions: [
            { type: 'reach', params: 'installer' },
            { type: 'saveDraft', params: ({ context }) => draftOf(context) },
            { type: 'showStep', params: { step: 'installer', replace: false } },
          ],
        },
        'step.show': [
          { guard: { type: 'mayShow', params: 'installer' }, target: 'installer' },
          { guard: { type: 'mayShow', params: 'key' }, target: 'publicKey' },
        ],
      },
    },
    installer: {
      initial: 'idle',
      on: {
        ...leave,
        'step.back': {
          target: 'chooseConfig',
          actions: { type: 'showStep', params: { step: 'configuration', replace: false } },
        },
        'step.next': {
          target: 'publicKey',
          actions: [
            { type: 'reach', params: 'key' },
            { type: 'saveDraft', params: ({ context }) => draftOf(context) },
            { type: 'showStep', params: { step: 'key', replace: false } },
          ],
        },
        'step.show': [
          { guard: { type: 'mayShow', params: 'configuration' }, target: 'chooseConfig' },
          { guard: { type: 'mayShow', params: 'key' }, target: 'publicKey' },
        ],
      },
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
        ...leave,
        'step.back': {
          target: 'installer',
          actions: { type: 'showStep', params: { step: 'installer', replace: false } },
        },
        'step.show': [
          { guard: { type: 'mayShow', params: 'configuration' }, target: 'chooseConfig' },
          { guard: { type: 'mayShow', params: 'installer' }, target: 'installer' },
        ],
        // spec 8: the key messages are cleared when the key text changes.
        'key.input': {
          actions: [
            assign(({ event }) => ({
              publicKey: event.text,
              error: null,
              errorReason: null,
              errorCode: null,
            })),
            { type: 'saveDraft', params: ({ context }) => draftOf(context) },
          ],
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
      on: leave,
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
    done: { type: 'final', entry: ['clearDraft', 'finish'] },
    // Left by the My NODR link, which itself goes there.
    cancelled: { type: 'final', entry: 'clearDraft' },
  },
});
