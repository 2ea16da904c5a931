import { useEffect, useRef } from 'react';
import { TOKEN_KEY } from '../api/token-store.ts';

type Listener = () => void;

const listeners = new Set<Listener>();

/**
 * Given to the API client as `onSessionEnded`. A 401 to a call that carried a token means the
 * session ended elsewhere (logout, password change, account deletion); the guarded layout listening here sends the
 * tab to sign in with a short explanation.
 */
export function notifySessionEnded(): void {
  for (const listener of listeners) listener();
}

/**
 * Calls `onEnded` when a call finds the session ended, or when another tab of this browser signs out (it removes
 * the shared token, so this tab's next call would go without one), while the calling component is mounted.
 */
export function useSessionEnded(onEnded: () => void): void {
  const onEndedRef = useRef(onEnded);
  useEffect(() => {
    onEndedRef.current = onEnded;
  }, [onEnded]);
  useEffect(() => {
    const listener = () => onEndedRef.current();
    const onStorage = (event: StorageEvent) => {
      if (event.key === TOKEN_KEY && event.newValue === null) listener();
    };
    listeners.add(listener);
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  }, []);
}

const roleListeners = new Set<Listener>();

/**
 * Given to the API client as `onReadOnly`. A write answered 403 'read_only' means another admin made the
 * user a viewer since the session was last checked; the guard listening here checks the session again.
 */
export function notifyRoleChanged(): void {
  for (const listener of roleListeners) listener();
}

/** Calls `onChanged` when a write finds the user's role changed (see notifyRoleChanged), while mounted. */
export function useRoleChanged(onChanged: () => void): void {
  const onChangedRef = useRef(onChanged);
  useEffect(() => {
    onChangedRef.current = onChanged;
  }, [onChanged]);
  useEffect(() => {
    const listener = () => onChangedRef.current();
    roleListeners.add(listener);
    return () => {
      roleListeners.delete(listener);
    };
  }, []);
}
