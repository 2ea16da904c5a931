/**
 * What one screen hands the next through the router's history state (never the URL, so an address does not end up
 * in logs or the Referer): a notice to show once, or an e-mail address to start a form with (the invited
 * address on Sign in and Create an account).
 */
export interface RouteState {
  notice?: string;
  email?: string;
}

/** The state's field as a string, whatever a stale or foreign history entry holds. */
export function routeState(state: unknown, field: keyof RouteState): string | undefined {
  const value = (state as Partial<Record<keyof RouteState, unknown>> | null)?.[field];
  return typeof value === 'string' ? value : undefined;
}
