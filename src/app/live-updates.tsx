import { useActorRef } from '@xstate/react';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { serviceUrl } from '../api/client.ts';
import { eventStreamMachine } from '../machines/event-stream.machine.ts';
import { useSession } from './session-context.tsx';

type Listener = (value: number) => void;

const LiveUpdatesContext = createContext<Set<Listener> | null>(null);

/** spec 4: the value sent when the account or the team changed. */
const ACCOUNT_CHANGED = 30;

/**
 * Holds the live-updates stream (spec 4) open once for the signed-in layout. Each message 10, 20 or 30 goes to every
 * screen that listens with useLiveUpdates, which reloads its data: the spec's page reload, without losing the page.
 * On 30 (account or team changed) the session is checked again too, as a reload would.
 */
export function LiveUpdatesProvider({ children }: { children: ReactNode }) {
  const [listeners] = useState(() => new Set<Listener>());
  return (
    <LiveUpdatesContext.Provider value={listeners}>
      {/* Without EventSource (a test's DOM, an old browser) the screens simply get no live updates. */}
      {typeof EventSource !== 'undefined' && <EventStream listeners={listeners} />}
      {children}
    </LiveUpdatesContext.Provider>
  );
}

/** Runs the event-stream machine; each refresh goes to the listeners, and 30 also re-checks the session. */
function EventStream({ listeners }: { listeners: Set<Listener> }) {
  const { recheck } = useSession();
  const recheckRef = useRef(recheck);
  useEffect(() => {
    recheckRef.current = recheck;
  }, [recheck]);
  const machine = useMemo(
    () =>
      eventStreamMachine.provide({
        actions: {
          refresh: (_, value) => {
            for (const listener of listeners) listener(value);
            if (value === ACCOUNT_CHANGED) void recheckRef.current().catch(() => {});
          },
        },
      }),
    [listeners],
  );
  useActorRef(machine, { input: { url: serviceUrl('api', 'v1/sse/handle') } });
  return null;
}

/**
 * Calls `onEvent` with 10, 20 or 30 whenever the server says the data changed. Outside LiveUpdatesProvider (e.g. a
 * screen rendered alone in a test) it does nothing.
 */
export function useLiveUpdates(onEvent: (value: number) => void): void {
  const listeners = useContext(LiveUpdatesContext);
  const onEventRef = useRef(onEvent);
  useEffect(() => {
    onEventRef.current = onEvent;
  }, [onEvent]);
  useEffect(() => {
    if (!listeners) return;
    const listener: Listener = (value) => onEventRef.current(value);
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, [listeners]);
}
