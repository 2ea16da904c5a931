import { createContext, useContext, useEffect, useRef } from 'react';
import type { NodeHealthEvent } from '../../contracts/node-health.schema.ts';

type Listener = (value: number) => void;
type HealthListener = (health: NodeHealthEvent) => void;

/** Who listens to the live-updates stream; the app shell's LiveUpdatesProvider holds the stream and calls them. */
export interface LiveUpdatesListeners {
  /** spec 4: each message 10, 20 or 30. */
  updates: Set<Listener>;
  /** The named `health` event goes to its own listeners; it reloads nothing. */
  health: Set<HealthListener>;
  /** The stream is open again after a break; what is on screen may be stale. */
  reconnects: Set<() => void>;
}

export const LiveUpdatesContext = createContext<LiveUpdatesListeners | null>(null);

/** Keeps `callback` current in a ref, and adds a listener that calls it to `set` while mounted. */
function useListener<A extends unknown[]>(
  set: Set<(...args: A) => void> | undefined,
  callback: (...args: A) => void,
): void {
  const callbackRef = useRef(callback);
  useEffect(() => {
    callbackRef.current = callback;
  }, [callback]);
  useEffect(() => {
    if (!set) return;
    const listener = (...args: A) => callbackRef.current(...args);
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  }, [set]);
}

/**
 * Calls `onEvent` with 10, 20 or 30 whenever the server says the data changed. Outside LiveUpdatesProvider (e.g. a
 * screen rendered alone in a test) it does nothing.
 */
export function useLiveUpdates(onEvent: (value: number) => void): void {
  useListener(useContext(LiveUpdatesContext)?.updates, onEvent);
}

/** Calls `onHealth` with each `event: health`: one node went offline or came back. */
export function useHealthUpdates(onHealth: (health: NodeHealthEvent) => void): void {
  useListener(useContext(LiveUpdatesContext)?.health, onHealth);
}

/** Calls `onReconnect` when the event stream opens again after a break, so a screen refetches its data. */
export function useReconnected(onReconnect: () => void): void {
  useListener(useContext(LiveUpdatesContext)?.reconnects, onReconnect);
}
