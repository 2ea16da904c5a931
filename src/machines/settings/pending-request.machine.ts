import { assign, fromPromise, sendParent, setup } from 'xstate';
import { type RequestFailure, toRequestFailure } from '../common/request-error.ts';

export interface PendingRequestInput {
  /** Whose request it is: the id the resend and revoke calls take. */
  id: number;
  /** What a successful resend says, in the words of the request (spec 2). */
  resentNotice: string;
}

export interface PendingRequestContext extends PendingRequestInput {
  /** The message of the last failed resend or revoke. */
  error: string | null;
  /** spec 8: the error code of the last failed call. */
  errorCode: string | null;
  /** A short confirmation after a resend. */
  notice: string | null;
}

export type PendingRequestEvent = { type: 'request.resend' } | { type: 'request.revoke' };

/** Sent to the parent after each resend; a revoke ends the machine instead (the parent's onDone). */
export type PendingRequestParentEvent = { type: 'request.resent' };

// Each kind of request provides its own calls with `.provide()` (see pending-request.actors.ts).
const notProvided = (name: string) =>
  fromPromise<unknown, { id: number }>(async () => {
    throw new Error(`pendingRequestMachine: provide the ${name} actor`);
  });

/**
 * A request that waits for its e-mail link (spec 2, 4: an e-mail change, an account deletion; later an invitation):
 * its link can be sent again or the request revoked, one call at a time. A resend says so and tells the parent; a
 * revoke ends the machine, and the parent leaves its pending state.
 */
export const pendingRequestMachine = setup({
  types: {
    context: {} as PendingRequestContext,
    events: {} as PendingRequestEvent,
    input: {} as PendingRequestInput,
  },
  actors: { resend: notProvided('resend'), revoke: notProvided('revoke') },
  actions: {
    clearNotice: assign({ notice: null, error: null, errorCode: null }),
    noteResent: assign({ notice: ({ context }) => context.resentNotice }),
    // spec 8: the server's message is shown with the request.
    keepFailure: assign((_, failure: RequestFailure) => ({
      error: failure.message,
      errorCode: failure.code,
      notice: null,
    })),
    tellParentResent: sendParent({ type: 'request.resent' } satisfies PendingRequestParentEvent),
  },
}).createMachine({
  id: 'pendingRequest',
  context: ({ input }) => ({ ...input, error: null, errorCode: null, notice: null }),
  initial: 'pending',
  states: {
    pending: {
      on: {
        'request.resend': { target: 'resending', actions: 'clearNotice' },
        'request.revoke': { target: 'revoking', actions: 'clearNotice' },
      },
    },
    resending: {
      invoke: {
        id: 'resend',
        src: 'resend',
        input: ({ context }) => ({ id: context.id }),
        onDone: { target: 'pending', actions: ['noteResent', 'tellParentResent'] },
        onError: {
          target: 'pending',
          actions: { type: 'keepFailure', params: ({ event }) => toRequestFailure(event.error) },
        },
      },
    },
    revoking: {
      invoke: {
        id: 'revoke',
        src: 'revoke',
        input: ({ context }) => ({ id: context.id }),
        onDone: { target: 'revoked' },
        onError: {
          target: 'pending',
          actions: { type: 'keepFailure', params: ({ event }) => toRequestFailure(event.error) },
        },
      },
    },
    revoked: { type: 'final' },
  },
});
