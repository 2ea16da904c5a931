import { assertEvent, assign, setup } from 'xstate';
import type { Precheck, PrecheckStatus } from '../../api/settings.ts';
import { authMessages, type FieldErrors } from '../auth/auth-validation.ts';
import { type RequestFailure, toRequestFailure } from '../common/request-error.ts';
import { pendingDeletionActor, precheckActor, requestDeletionActor } from './account-deletion.actors.ts';
import type { PendingRequestParentEvent } from './pending-request.machine.ts';

export interface AccountDeletionInput {
  userId: number;
  /** spec 3: deletion already requested and not yet confirmed. */
  deleteProgress: boolean;
}

export interface AccountDeletionContext {
  userId: number;
  /** The last pre-check answer: its code decides the modal, its teams are listed in it. */
  precheck: Precheck | null;
  password: string;
  errors: FieldErrors<'password'>;
  /** spec 8: the error code of the last failed call. */
  errorCode: string | null;
  /** deleteProgress when the screen opened: the start state follows it. */
  startsPending: boolean;
}

export type AccountDeletionEvent =
  | { type: 'deletion.start' }
  | { type: 'deletion.dismiss' }
  | { type: 'deletion.cancel' }
  | { type: 'deletion.edit' }
  | { type: 'deletion.submit'; password: string }
  | PendingRequestParentEvent;

/** spec 2: what a resent deletion link says. */
const DELETION_RESENT = 'A new confirmation link has been sent to your e-mail.';

type Outcome = { target: 'blocked' | 'confirming' };

/** spec 4: each pre-check code is its own guarded transition; 401 and 402 block, 200-203 lead to the confirm modal. */
const precheckOutcomes: Record<PrecheckStatus, Outcome> = {
  401: { target: 'blocked' },
  402: { target: 'blocked' },
  200: { target: 'confirming' },
  201: { target: 'confirming' },
  202: { target: 'confirming' },
  203: { target: 'confirming' },
};

const codes = Object.keys(precheckOutcomes).map(Number) as PrecheckStatus[];

const submittedPassword = (event: AccountDeletionEvent) => {
  assertEvent(event, 'deletion.submit');
  return event.password.trim();
};

/**
 * Account deletion (spec 2, 4): the pre-check, then the 'Unable to delete account' modal or the confirm modal with
 * the password; a confirmed request closes the modal, rechecks the session and leaves the deletion pending, where
 * it can be resent or revoked (the pending-request child). The link itself is used on its own page
 * (`deletionLinkMachine`, the link-confirmation machine).
 */
export const accountDeletionMachine = setup({
  types: {
    context: {} as AccountDeletionContext,
    events: {} as AccountDeletionEvent,
    input: {} as AccountDeletionInput,
    children: {} as { pendingRequest: 'pendingRequest' },
  },
  actors: {
    precheck: precheckActor,
    requestDeletion: requestDeletionActor,
    pendingRequest: pendingDeletionActor,
  },
  actions: {
    /** Given by the screen: re-runs GET v1/check (spec 4). */
    recheckSession: () => {},
    keepPrecheck: assign((_, precheck: Precheck) => ({
      precheck,
      password: '',
      errors: {},
      errorCode: null,
    })),
    forgetPrecheck: assign({ precheck: null, password: '', errors: {}, errorCode: null }),
    keepPassword: assign({ password: ({ event }) => submittedPassword(event), errors: {}, errorCode: null }),
    // spec 5: 'Required field' for an empty password.
    requirePassword: assign({ errors: { password: authMessages.required } }),
    clearError: assign({ errors: {}, errorCode: null }),
    // spec 5/8: the server's message is shown when the password is rejected.
    keepFailure: assign((_, failure: RequestFailure) => ({
      errors: { password: failure.message },
      errorCode: failure.code,
      password: '',
    })),
    keepFormFailure: assign((_, failure: RequestFailure) => ({
      errors: { form: failure.message },
      errorCode: failure.code,
    })),
    enterPending: assign({ precheck: null, password: '', errors: {}, errorCode: null }),
  },
  guards: {
    isPending: ({ context }) => context.startsPending,
    precheckIs: (_, params: { expected: PrecheckStatus; actual: PrecheckStatus }) =>
      params.expected === params.actual,
    passwordGiven: ({ event }) => event.type === 'deletion.submit' && submittedPassword(event) !== '',
  },
}).createMachine({
  id: 'accountDeletion',
  context: ({ input }) => ({
    userId: input.userId,
    precheck: null,
    password: '',
    errors: {},
    errorCode: null,
    startsPending: input.deleteProgress,
  }),
  initial: 'start',
  states: {
    // spec 2: which view shows depends on deleteProgress.
    start: {
      always: [{ guard: 'isPending', target: 'pending' }, { target: 'idle' }],
    },
    idle: {
      on: { 'deletion.start': { target: 'checking', actions: 'clearError' } },
    },
    checking: {
      invoke: {
        id: 'precheck',
        src: 'precheck',
        input: ({ context }) => ({ userId: context.userId }),
        onDone: codes.map((code) => ({
          guard: {
            type: 'precheckIs' as const,
            params: ({ event }: { event: { output: Precheck } }) => ({
              expected: code,
              actual: event.output.status,
            }),
          },
          target: precheckOutcomes[code].target,
          actions: {
            type: 'keepPrecheck' as const,
            params: ({ event }: { event: { output: Precheck } }) => event.output,
          },
        })),
        onError: {
          target: 'idle',
          actions: { type: 'keepFormFailure', params: ({ event }) => toRequestFailure(event.error) },
        },
      },
    },
    // The 'Unable to delete account' modal (Ok).
    blocked: {
      on: { 'deletion.dismiss': { target: 'idle', actions: 'forgetPrecheck' } },
    },
    // The 'Are you sure you want to delete your account?' modal (password, Delete account, Cancel).
    confirming: {
      on: {
        'deletion.cancel': { target: 'idle', actions: 'forgetPrecheck' },
        'deletion.edit': { actions: 'clearError' },
        'deletion.submit': [
          { guard: 'passwordGiven', target: 'deleting', actions: 'keepPassword' },
          { actions: 'requirePassword' },
        ],
      },
    },
    deleting: {
      invoke: {
        id: 'requestDeletion',
        src: 'requestDeletion',
        input: ({ context }) => ({ userId: context.userId, password: context.password }),
        onDone: { target: 'pending', actions: ['enterPending', 'recheckSession'] },
        onError: {
          target: 'confirming',
          actions: { type: 'keepFailure', params: ({ event }) => toRequestFailure(event.error) },
        },
      },
    },
    // 'Deleting in progress!' with Resend link and Revoke; a revoke ends the child and the deletion.
    pending: {
      invoke: {
        id: 'pendingRequest',
        src: 'pendingRequest',
        input: ({ context }) => ({ id: context.userId, resentNotice: DELETION_RESENT }),
        onDone: { target: 'idle', actions: 'recheckSession' },
      },
      on: { 'request.resent': { actions: 'recheckSession' } },
    },
  },
});
