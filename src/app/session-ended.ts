import { useEffect, useRef } from 'react';

type Listener = () => void;

const listeners = new Set<Listener>();

/**
 * issue 9 section 5: given to the API client as `onSessionEnded`. A 401 to a call that carried a token means the
 * session ended elsewhere (logout, password change, account deletion); the guarded layout listening here sends the
 * tab to sign in with a short explanation.
 */
export function notifySessionEnded(): void {
  for (const listener of listeners) listener();
}

/** Calls `onEnded` when a call finds the session ended, while the calling component is mounted. */
export function useSessionEnded(onEnded: () => void): void {
  const onEndedRef = useRef(onEnded);
  useEffect(() => {
    onEndedRef.current = onEnded;
  }, [onEnded]);
  useEffect(() => {
    const listener = () => onEndedRef.current();
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, []);
}
