import { fromRequest } from '../common/from-request.ts';
import { linkConfirmationMachine } from './link-confirmation.machine.ts';

/**
 * Waits one task before a link is used. Using a link cannot be undone; React's development StrictMode starts, stops
 * and restarts a screen's actors at once, and the stopped start must not have sent the request (the restarted one
 * would then find the link used and show 'This link is expired').
 */
async function afterStrictModeRemount(signal: AbortSignal): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 0));
  signal.throwIfAborted();
}

/** The link-confirmation machine for one kind of link: `redeem` is its API call, given the signal (STYLE 5). */
export function confirmingLinkWith(redeem: (hash: string, signal: AbortSignal) => Promise<unknown>) {
  return linkConfirmationMachine.provide({
    actors: {
      redeem: fromRequest<unknown, { hash: string }>(async ({ input, signal }) => {
        await afterStrictModeRemount(signal);
        return redeem(input.hash, signal);
      }),
    },
  });
}
