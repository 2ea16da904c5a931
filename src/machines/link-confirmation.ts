/**
 * Waits one task before a link is used. Using a link cannot be undone; React's development StrictMode starts, stops
 * and restarts a screen's actors at once, and the stopped start must not have sent the request (the restarted one
 * would then find the link used and show 'This link is expired').
 */
export async function afterStrictModeRemount(signal: AbortSignal): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 0));
  signal.throwIfAborted();
}
