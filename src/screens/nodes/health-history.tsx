import { useSelector } from '@xstate/react';
import { useEffect, useId, useRef } from 'react';
import type { Node } from '../../api/nodes.ts';
import { nodeHealthMachine } from '../../machines/nodes/node-health.machine.ts';
import { useAppActorRef } from '../../shared/app-actor.ts';
import { Button } from '../../ui/button.tsx';
import { Loader } from '../../ui/loader.tsx';
import styles from './health-history.module.css';
import { TimeAgo } from './time-ago.tsx';

/**
 * Last seen and the recent online/offline transitions of a node, fetched when the card is expanded and
 * again whenever the node's health changes (a health event or a reload of the list).
 */
export function HealthHistory({ node }: { node: Node }) {
  const headingId = useId();
  const actor = useAppActorRef(nodeHealthMachine, { input: { teamId: node.teamId, nodeId: node.id } });
  const state = useSelector(actor, (snapshot) => snapshot);
  const { health, error } = state.context;

  const shownOnline = useRef(node.online);
  useEffect(() => {
    if (shownOnline.current === node.online) return;
    shownOnline.current = node.online;
    actor.send({ type: 'health.reload' });
  }, [actor, node.online]);

  // The list's value is fresher when a health event moved it past the fetched answer.
  const lastSeenAt = node.lastSeenAt ?? health?.lastSeenAt ?? null;

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.heading}>
        Health
      </h3>
      <dl className={styles.facts}>
        <div className={styles.fact}>
          <dt>Last seen</dt>
          <dd>{lastSeenAt ? <TimeAgo at={lastSeenAt} /> : 'Not yet'}</dd>
        </div>
      </dl>
      {state.matches('loading') && !health && <Loader label="Loading the recent changes" />}
      {state.matches('failed') && (
        <div className={styles.failed}>
          <p className={styles.error} role="alert">
            The recent changes could not be loaded. {error}
          </p>
          <Button variant="secondary" onClick={() => actor.send({ type: 'health.retry' })}>
            Try again
          </Button>
        </div>
      )}
      {health && health.transitions.length === 0 && (
        <p className={styles.none}>No online or offline changes recorded yet.</p>
      )}
      {health && health.transitions.length > 0 && (
        <ol className={styles.transitions} aria-label="Recent changes">
          {health.transitions.map((transition) => (
            <li key={`${transition.at}-${transition.online}`} className={styles.transition}>
              <span className={transition.online ? styles.up : styles.down}>
                {transition.online ? 'Back online' : 'Went offline'}
              </span>
              <TimeAgo at={transition.at} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
