import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { assertEvent, assign, setup } from 'xstate';
import type { PasskeyBody } from '../../../contracts/passkeys.schema.ts';
import { PASSKEY_ERRORS, PASSKEY_TEXTS, passkeyNameProblem } from '../../../contracts/passkeys.ts';
import { type RequestFailure, toRequestFailure } from '../common/request-error.ts';
import {
  checkPasswordActor,
  listPasskeysActor,
  registerPasskeyActor,
  removePasskeyActor,
} from './passkeys.actors.ts';

export interface PasskeysContext {
  passkeys: PasskeyBody[];
  /** The password typed in the open dialog; forgotten when it closes. */
  password: string;
  name: string;
  /** The creation options the password step answered; spent by the first try. */
  options: PublicKeyCredentialCreationOptionsJSON | null;
  /** The passkey being removed, while the dialog is open. */
  removeId: number | null;
  /** A problem with a field of the open dialog, shown under it. */
  fieldError: string | null;
  error: RequestFailure | null;
}

export type PasskeysEvent =
  | { type: 'passkeys.retry' }
  | { type: 'passkeys.add' }
  | { type: 'passkeys.remove'; id: number }
  | { type: 'passkeys.password'; value: string }
  | { type: 'passkeys.name'; value: string }
  | { type: 'passkeys.submit' }
  | { type: 'passkeys.close' };

const closed = { password: '', name: '', options: null, removeId: null, fieldError: null } as const;

function nameProblem(name: string): string | null {
  return passkeyNameProblem(name)?.message ?? null;
}

/** The first step of adding and of removing a passkey: the password, required before `next` is tried. */
function passwordStep<Next extends string>(next: Next) {
  return {
    on: {
      'passkeys.password': { actions: 'editPassword' },
      'passkeys.submit': [{ guard: 'hasPassword', target: next }, { actions: 'showPasswordRequired' }],
    },
  } as const;
}

/**
 * Settings > Passkeys: lists the person's passkeys; adding one asks for the password, then a name, then the
 * browser's passkey dialog; removing one asks for the password. A failed call keeps the dialog open and says why.
 */
export const passkeysMachine = setup({
  types: { context: {} as PasskeysContext, events: {} as PasskeysEvent },
  actors: {
    listPasskeys: listPasskeysActor,
    checkPassword: checkPasswordActor,
    registerPasskey: registerPasskeyActor,
    removePasskey: removePasskeyActor,
  },
  actions: {
    keepPasskeys: assign((_, passkeys: PasskeyBody[]) => ({ passkeys, error: null })),
    keepError: assign((_, error: RequestFailure) => ({ error })),
    /** A wrong password reads under the password field; anything else above the dialog's buttons. */
    keepDialogError: assign((_, error: RequestFailure) =>
      error.code === PASSKEY_ERRORS.incorrectPassword.error
        ? { fieldError: error.message, error: null }
        : { error, fieldError: null },
    ),
    editPassword: assign(({ event }) => {
      assertEvent(event, 'passkeys.password');
      return {
        password: event.value,
        fieldError: null,
        error: null,
      };
    }),
    editName: assign(({ event }) => {
      assertEvent(event, 'passkeys.name');
      return {
        name: event.value,
        fieldError: null,
        error: null,
      };
    }),
    showPasswordRequired: assign({ fieldError: PASSKEY_TEXTS.passwordRequired }),
    showNameProblem: assign(({ context }) => ({ fieldError: nameProblem(context.name) })),
    keepOptions: assign((_, options: PublicKeyCredentialCreationOptionsJSON) => ({ options, error: null })),
    forgetOptions: assign({ options: null }),
    keepAdded: assign(({ context }, added: PasskeyBody) => ({
      passkeys: [...context.passkeys, added],
      ...closed,
      error: null,
    })),
    keepRemoveId: assign(({ event }) => {
      assertEvent(event, 'passkeys.remove');
      return {
        removeId: event.id,
        error: null,
      };
    }),
    dropRemoved: assign(({ context }) => ({
      passkeys: context.passkeys.filter((passkey) => passkey.id !== context.removeId),
      ...closed,
      error: null,
    })),
    close: assign({ ...closed, error: null }),
  },
  guards: {
    hasPassword: ({ context }) => context.password !== '',
    nameValid: ({ context }) => nameProblem(context.name) === null,
  },
}).createMachine({
  id: 'passkeys',
  context: { passkeys: [], ...closed, error: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'listPasskeys',
        onDone: { target: 'ready', actions: { type: 'keepPasskeys', params: ({ event }) => event.output } },
        onError: {
          target: 'failed',
          actions: { type: 'keepError', params: ({ event }) => toRequestFailure(event.error) },
        },
      },
    },
    failed: { on: { 'passkeys.retry': 'loading' } },
    ready: {
      on: {
        'passkeys.add': { target: 'adding', actions: 'close' },
        'passkeys.remove': { target: 'removing', actions: ['close', 'keepRemoveId'] },
        'passkeys.retry': 'loading',
      },
    },
    adding: {
      initial: 'password',
      on: { 'passkeys.close': { target: 'ready', actions: 'close' } },
      states: {
        password: passwordStep('checking'),
        checking: {
          invoke: {
            src: 'checkPassword',
            input: ({ context }) => ({ password: context.password }),
            onDone: { target: 'name', actions: { type: 'keepOptions', params: ({ event }) => event.output } },
            onError: {
              target: 'password',
              actions: { type: 'keepDialogError', params: ({ event }) => toRequestFailure(event.error) },
            },
          },
        },
        name: {
          on: {
            'passkeys.name': { actions: 'editName' },
            'passkeys.submit': [
              { guard: 'nameValid', target: 'registering' },
              { actions: 'showNameProblem' },
            ],
          },
        },
        // The browser's dialog is open, then the server stores the new passkey.
        registering: {
          invoke: {
            src: 'registerPasskey',
            input: ({ context }) => ({
              name: context.name.trim(),
              password: context.password,
              options: context.options,
            }),
            onDone: {
              target: '#passkeys.ready',
              actions: { type: 'keepAdded', params: ({ event }) => event.output },
            },
            onError: {
              target: 'name',
              actions: [
                'forgetOptions',
                { type: 'keepError', params: ({ event }) => toRequestFailure(event.error) },
              ],
            },
          },
        },
      },
    },
    removing: {
      initial: 'password',
      on: { 'passkeys.close': { target: 'ready', actions: 'close' } },
      states: {
        password: passwordStep('sending'),
        sending: {
          invoke: {
            src: 'removePasskey',
            input: ({ context }) => ({ id: context.removeId ?? 0, password: context.password }),
            onDone: { target: '#passkeys.ready', actions: 'dropRemoved' },
            onError: {
              target: 'password',
              actions: { type: 'keepDialogError', params: ({ event }) => toRequestFailure(event.error) },
            },
          },
        },
      },
    },
  },
});
