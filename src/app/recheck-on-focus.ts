import { useEffect, useRef } from 'react';

/** At most one session check per this many milliseconds when the tab comes back. */
export const FOCUS_RECHECK_MIN_MS = 10_000;

/**
 * Runs `recheck` when the tab regains focus or becomes visible, at most once every FOCUS_RECHECK_MIN_MS: an e-mail
 * change or an account deletion confirmed in another tab then shows here, and a session ended elsewhere is noticed.
 */
export function useRecheckOnFocus(recheck: () => void, now: () => number = Date.now): void {
  const recheckRef = useRef(recheck);
  recheckRef.current = recheck;
  useEffect(() => {
    // The guard's own check has just run when this mounts.
    let last = now();
    const onReturn = () => {
      if (document.visibilityState !== 'visible' || now() - last < FOCUS_RECHECK_MIN_MS) return;
      last = now();
      recheckRef.current();
    };
    window.addEventListener('focus', onReturn);
    document.addEventListener('visibilitychange', onReturn);
    return () => {
      window.removeEventListener('focus', onReturn);
      document.removeEventListener('visibilitychange', onReturn);
    };
  }, [now]);
}
