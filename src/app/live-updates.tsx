import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { STREAM_EVENT } from '../../contracts/event-stream.ts';
import { serviceUrl } from '../api/client.ts';
import { eventStreamMachine } from '../machines/live/event-stream.machine.ts';
import { useAppActorRef } from '../shared/app-actor.ts';
import { type LiveUpdatesListeners as Listeners, LiveUpdatesContext } from '../shared/live-updates.ts';
import { useSession } from '../shared/session-context.tsx';
import { ConnectionBanner } from './connection-banner.tsx';

/**
 * Holds the live-updates stream (spec 4) open once for the signed-in layout. Each message 10, 20 or 30 goes to every
 * screen that listens with useLiveUpdates, which reloads its data: the spec's page reload, without losing the page.
 * On 30 (account or team changed) the session is checked again too, as a reload would. While the stream is down
 * the reconnecting banner shows; when it is back, screens listening with useReconnected refetch. The
 * listening hooks are in the shared layer (src/shared/live-updates.ts), so screens never import the app shell.
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
  const stream = useAppActorRef(machine, { input: { url: serviceUrl('api', 'v1/sse/handle') } });
  return <ConnectionBanner stream={stream} />;
}
