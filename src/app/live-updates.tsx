import { useActorRef } from '@xstate/react';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { STREAM_EVENT } from '../../contracts/event-stream.ts';
import type { NodeHealthEvent } from '../../contracts/node-health.ts';
import { serviceUrl } from '../api/client.ts';
import { eventStreamMachine } from '../machines/event-stream.machine.ts';
import { ConnectionBanner } from './connection-banner.tsx';
import { useSession } from './session-context.tsx';

type Listener = (value: number) => void;
type HealthListener = (health: NodeHealthEvent) => void;

interface Listeners {
  /** spec 4: each message 10, 20 or 30. */
  updates: Set<Listener>;
  /** issue 9: the named `health` event goes to its own listeners; it reloads nothing. */
  health: Set<HealthListener>;
  /** issue 9: the stream is open again after a break; what is on screen may be stale. */
  reconnects: Set<() => void>;
}

const LiveUpdatesContext = createContext<Listeners | null>(null);

/**
 * Holds the live-updates stream (spec 4) open once for the signed-in layout. Each message 10, 20 or 30 goes to every
 * screen that listens with useLiveUpdates, which reloads its data: the spec's page reload, without losing the page.
 * On 30 (account or team changed) the session is checked again too, as a reload would. While the stream is down
 * the reconnecting banner shows; when it is back, screens listening with useReconnected refetch (issue 9).
 */
export function LiveUpdatesProvider({ children }: { children: ReactNode }) {
  const [listeners] = useState<Listeners>(() => ({
    updates: new Set(),
    health: new Set(),
    reconnects: new Set(),
  }));
  return (
    <LiveUpdatesContext.Provider value={listeners}>
      {/* Without EventSource (a test's DOM, an old browser) the screens simply get no live updates. */}
      {typeof EventSource !== 'undefined' && <EventStream listeners={listeners} />}
      {children}
    </LiveUpdatesContext.Provider>
  );
}

/** Runs the event-stream machine and shows its reconnecting banner; refresh and reconnect go to the listeners. */
function EventStream({ listeners }: { listeners: Listeners }) {
  const { recheck } = useSession();
  const recheckRef = useRef(recheck);
  useEffect(() => {
    recheckRef.current = recheck;
  }, [recheck]);
  const machine = useMemo(() => {
    const recheckSession = () => void recheckRef.current().catch(() => {});
    return eventStreamMachine.provide({
      actions: {
        refresh: (_, value) => {
          for (const listener of listeners.updates) listener(value);
          if (value === STREAM_EVENT.account) recheckSession();
        },
        health: (_, health) => {
          for (const listener of listeners.health) listener(health);
        },
        // The profile and e-mail shown come from the session check: it refetches them too.
        reconnected: () => {
          for (const listener of listeners.reconnects) listener();
          recheckSession();
        },
        // A 401 from the check ends the session (src/app/session-ended.ts); an outage changes nothing.
        broken: recheckSession,
      },
    });
  }, [listeners]);
  const stream = useActorRef(machine, { input: { url: serviceUrl('api', 'v1/sse/handle') } });
  return <ConnectionBanner stream={stream} />;
}

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

/** Calls `onHealth` with each `event: health` (issue 9): one node went offline or came back. */
export function useHealthUpdates(onHealth: (health: NodeHealthEvent) => void): void {
  useListener(useContext(LiveUpdatesContext)?.health, onHealth);
}

/** issue 9: calls `onReconnect` when the event stream opens again after a break, so a screen refetches its data. */
export function useReconnected(onReconnect: () => void): void {
  useListener(useContext(LiveUpdatesContext)?.reconnects, onReconnect);
}
