import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import { reconnectingText } from '../lib/connection-messages.ts';
import type { eventStreamMachine } from '../machines/live/event-stream.machine.ts';
import styles from './connection-banner.module.css';

/**
 * While the event stream is down, a polite status line says the dashboard is reconnecting and
 * counts down to the next try; it goes when the stream opens. A status region, not a modal: the screen stays usable.
 */
export function ConnectionBanner({ stream }: { stream: ActorRefFrom<typeof eventStreamMachine> }) {
  const down = useSelector(stream, (snapshot) => snapshot.hasTag('down'));
  const nextRetryAt = useSelector(stream, (snapshot) => snapshot.context.nextRetryAt);
  const now = useSelector(stream, (snapshot) => snapshot.context.now);
  const secondsLeft = useCountdown(nextRetryAt, now);
  // The region stays in the document so screen readers hear the text when it appears.
  return (
    <div role="status" aria-live="polite">
      {down && (
        <p className={styles.banner}>
          <span className={styles.dot} aria-hidden="true" />
          {reconnectingText(secondsLeft)}
        </p>
      )}
    </div>
  );
}

/** Whole seconds until `at` (rounded up), ticking each second; null when there is nothing to count down to. */
function useCountdown(at: number | null, now: () => number): number | null {
  const [secondsLeft, setSecondsLeft] = useState(() => secondsUntil(at, now));
  useEffect(() => {
    setSecondsLeft(secondsUntil(at, now));
    if (at === null) return;
    const timer = setInterval(() => setSecondsLeft(secondsUntil(at, now)), 250);
    return () => clearInterval(timer);
  }, [at, now]);
  return secondsLeft;
}

function secondsUntil(at: number | null, now: () => number): number | null {
  return at === null ? null : Math.max(0, Math.ceil((at - now()) / 1000));
}
