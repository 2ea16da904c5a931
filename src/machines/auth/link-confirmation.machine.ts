import { fromPromise, setup } from 'xstate';

export interface LinkConfirmationInput {
  /** The secret the link carries: the {hash} of a mailed link, or an unsubscribe token. */
  hash: string;
}

/** How a link ended: used ('success'), or refused as expired, used or revoked ('error'). */
export type LinkOutcome = 'success' | 'error';

/**
 * Using a link from an e-mail (spec 2, Result pages): opening the page uses the link at once; the machine ends in
 * 'success' or 'error' and outputs which. What using a link calls is the `redeem` actor, given with `.provide()` by
 * each kind of link (e-mail change, account deletion, the old mailbox's cancel, an alert unsubscribe).
 */
export const linkConfirmationMachine = setup({
  types: {
    context: {} as LinkConfirmationInput,
    input: {} as LinkConfirmationInput,
    output: {} as LinkOutcome,
  },
  actors: {
    // Each kind of link provides its own call (see link-confirmation.actors.ts).
    redeem: fromPromise<unknown, LinkConfirmationInput>(async () => {
      throw new Error('linkConfirmationMachine: provide the redeem actor');
    }),
  },
}).createMachine({
  id: 'linkConfirmation',
  context: ({ input }) => ({ hash: input.hash }),
  initial: 'redeeming',
  states: {
    redeeming: {
      invoke: {
        id: 'redeem',
        src: 'redeem',
        input: ({ context }) => ({ hash: context.hash }),
        onDone: { target: 'success' },
        onError: { target: 'error' },
      },
    },
    success: { type: 'final', output: 'success' },
    // spec 8: an expired, used or revoked link, an e-mail change whose address was taken meanwhile, whatever the
    // server refuses: all read 'This link is expired'.
    error: { type: 'final', output: 'error' },
  },
  // The final state's output reaches here untyped: read it rather than cast it.
  output: ({ event }): LinkOutcome => (event.output === 'success' ? 'success' : 'error'),
});
