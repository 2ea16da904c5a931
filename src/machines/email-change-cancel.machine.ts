import { setup } from 'xstate';
import { cancelEmailChangeActor } from './email-change-cancel.actors.ts';

export interface EmailChangeCancelInput {
  /** The hash of a /cancelEmailChange/{hash} link. */
  hash: string;
}

/**
 * issue 10: the old mailbox's one-click cancel of a pending e-mail change. Opening the page uses the link at once,
 * without sign-in; the page then shows the outcome.
 */
export const emailChangeCancelMachine = setup({
  types: {
    context: {} as EmailChangeCancelInput,
    input: {} as EmailChangeCancelInput,
  },
  actors: { cancelChange: cancelEmailChangeActor },
}).createMachine({
  id: 'emailChangeCancel',
  context: ({ input }) => ({ hash: input.hash }),
  initial: 'cancelling',
  states: {
    cancelling: {
      invoke: {
        id: 'cancelChange',
        src: 'cancelChange',
        input: ({ context }) => ({ hash: context.hash }),
        onDone: { target: 'success' },
        onError: { target: 'error' },
      },
    },
    success: { type: 'final' },
    // An expired, used or revoked link (the change was confirmed, revoked or ended by a password change).
    error: { type: 'final' },
  },
});
