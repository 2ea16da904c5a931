/** What the app says about its connection to the server, in one place. */

/** A call that never reached the server (the fetch itself failed), as opposed to an HTTP refusal. */
export const UNREACHABLE = 'Cannot reach the server. Check your connection and try again.';

/** Shown once on the sign-in screen after a 401 ended this tab's session (logout, password change, deletion). */
export const SESSION_ENDED = 'Your session has ended. Please sign in again.';

/** The reconnecting banner: the seconds left until the next try, or nothing while a try is under way. */
export function reconnectingText(secondsLeft: number | null): string {
  if (secondsLeft === null || secondsLeft <= 0) return 'Reconnecting…';
  return `Reconnecting… next try in ${secondsLeft} s`;
}
