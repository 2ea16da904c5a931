import { useActorRef } from '@xstate/react';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useRef, useState } from 'react';
import type { NodeHealthEvent } from '../../contracts/node-health.ts';
import { serviceUrl } from '../api/client.ts';
import { eventStreamMachine } from '../machines/event-stream.machine.ts';
import { useSession } from './session-context.tsx';

type Listener = (value: number) => void;
type HealthListener = (health: NodeHealthEvent) => void;

interface Listeners {
  refresh: Set<Listener>;
  /** issue 9: the named `health` event goes to its own listeners; it reloads nothing. */
  health: Set<HealthListener>;
}

const LiveUpdatesContext = createContext<Listeners | null>(null);

/** spec 4: the value sent when the account or the team changed. */
const ACCOUNT_CHANGED = 30;

/**
 * Holds the live-updates stream (spec 4) open once for the signed-in layout. Each message 10, 20 or 30 goes to every
 * screen that listens with useLiveUpdates, which reloads its data: the spec's page reload, without losing the page.
 * On 30 (account or team changed) the session is checked again too, as a reload would.
 */
export function LiveUpdatesProvider({ children }: { children: ReactNode }) {
  const [listeners] = useState<Listeners>(() => ({ refresh: new Set(), health: new Set() }));
  return (
    <LiveUpdatesContext.Provider value={listeners}>
      {/* Without EventSource (a test's DOM, an old browser) the screens simply get no live updates. */}
      {typeof EventSource !== 'undefined' && <EventStream listeners={listeners} />}
      {children}
    </LiveUpdatesContext.Provider>
  );
}

/** Runs the event-stream machine; each refresh goes to the listeners, and 30 also re-checks the session. */
function EventStream({ listeners }: { listeners: Listeners }) {
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
            for (const listener of listeners.refresh) listener(value);
            if (value === ACCOUNT_CHANGED) void recheckRef.current().catch(() => {});
          },
          health: (_, health) => {
            for (const listener of listeners.health) listener(health);
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
  useListener(useContext(LiveUpdatesContext)?.refresh, onEvent);
}

/** Calls `onHealth` with each `event: health` (issue 9): one node went offline or came back. */
export function useHealthUpdates(onHealth: (health: NodeHealthEvent) => void): void {
  useListener(useContext(LiveUpdatesContext)?.health, onHealth);
}

/** Keeps `onEvent` registered in `listeners` while the component is mounted, always calling its latest version. */
function useListener<T>(listeners: Set<(value: T) => void> | undefined, onEvent: (value: T) => void): void {
  const onEventRef = useRef(onEvent);
  useEffect(() => {
    onEventRef.current = onEvent;
  }, [onEvent]);
  useEffect(() => {
    if (!listeners) return;
    const listener = (value: T) => onEventRef.current(value);
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, [listeners]);
}
