import { setup } from 'xstate';
import { unsubscribeActor } from './unsubscribe.actors.ts';

export interface UnsubscribeInput {
  /** The token of a /unsubscribe/{token} link from an alert e-mail. */
  token: string;
}

/**
 * issue 9 section 2: the one-click unsubscribe of an alert e-mail. Opening the page uses the link at once, without
 * sign-in; the page then shows the outcome.
 */
export const unsubscribeMachine = setup({
  types: { context: {} as UnsubscribeInput, input: {} as UnsubscribeInput },
  actors: { unsubscribe: unsubscribeActor },
}).createMachine({
  id: 'unsubscribe',
  context: ({ input }) => ({ token: input.token }),
  initial: 'unsubscribing',
  states: {
    unsubscribing: {
      invoke: {
        id: 'unsubscribe',
        src: 'unsubscribe',
        input: ({ context }) => ({ token: context.token }),
        onDone: { target: 'success' },
        onError: { target: 'error' },
      },
    },
    success: { type: 'final' },
    // A token that is not valid (400 invalid_link): the spec's expired-link texts.
    error: { type: 'final' },
  },
});
