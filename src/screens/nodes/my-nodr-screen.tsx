import { useSelector } from '@xstate/react';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { TEAM_ERRORS } from '../../../contracts/team-body.ts';
import { summaryLine } from '../../lib/node-status.ts';
import { nodeListMachine } from '../../machines/nodes/node-list.machine.ts';
import { useAppActorRef } from '../../shared/app-actor.ts';
import { useHealthUpdates, useLiveUpdates, useReconnected } from '../../shared/live-updates.ts';
import { paths } from '../../shared/paths.ts';
import { useSession } from '../../shared/session-context.tsx';
import { useCanManageTeam } from '../../shared/team-role.ts';
import { Button } from '../../ui/button.tsx';
import { PlusIcon, ServerIcon } from '../../ui/icons.tsx';
import { Loader } from '../../ui/loader.tsx';
import { FormError } from '../../ui/text-field.tsx';
import styles from './my-nodr-screen.module.css';
import { NodeCard } from './node-card.tsx';
import { SoonModal } from './node-modals.tsx';

/**
 * My NODR (spec 2): the team's nodes, or the empty state; the plus block adds a node (the 'soon' modal at 3). Live
 * updates (spec 4) reload the list in place; health events update one node. Each card shows the list's node and runs
 * its actions through the node actor the list machine spawned for it. A summary line counts the nodes by what they
 * show.
 */
export function MyNodrScreen() {
  const { teamId } = useSession();
  const canManage = useCanManageTeam();
  const navigate = useNavigate();
  const goToAdd = () => navigate(paths.addNodr);
  const list = useAppActorRef(nodeListMachine.provide({ actions: { goToAdd } }), { input: { teamId } });
  const state = useSelector(list, (snapshot) => snapshot);
  const { nodes, configs, cards, error } = state.context;
  const reload = useCallback(() => list.send({ type: 'nodes.reload' }), [list]);
  useLiveUpdates(reload);
  // A node offline or back updates its card in place, without reloading the list.
  useHealthUpdates(useCallback((health) => list.send({ type: 'nodes.health', health }), [list]));
  useReconnected(reload);
  const add = () => list.send({ type: 'nodes.add' });

  return (
    <section className={styles.screen} aria-labelledby="my-nodr-title">
      <header className={styles.header}>
        <h1 id="my-nodr-title" className={styles.title}>
          My NODR
        </h1>
        {nodes.length > 0 && <p className={styles.count}>{summaryLine(nodes)}</p>}
      </header>
      {/* A viewer sees the fleet without the controls the server would refuse. */}
      {!canManage && <p className={styles.readOnly}>{TEAM_ERRORS.viewerReadOnly.message}</p>}

      {state.matches('loading') && <Loader label="Loading your NODRs" />}

      {state.matches('failed') && (
        <div className={styles.failed}>
          <FormError>{error}</FormError>
          <Button variant="secondary" onClick={() => list.send({ type: 'nodes.retry' })}>
            Try again
          </Button>
        </div>
      )}

      {state.matches('ready') && nodes.length === 0 && (
        <div className={styles.empty}>
          <span className={styles.emptyIcon} aria-hidden="true">
            <ServerIcon size={32} />
          </span>
          {canManage ? (
            <>
              <h2 className={styles.emptyTitle}>You haven't added any NODR yet</h2>
              <p className={styles.emptyText}>
                Choose a configuration, install the NODR software on your server and register its key.
              </p>
              <Button onClick={add}>
                <PlusIcon size={18} />
                Add my first NODR
              </Button>
            </>
          ) : (
            <>
              <h2 className={styles.emptyTitle}>This team has no NODR yet</h2>
              <p className={styles.emptyText}>An admin of the team adds them; they will appear here.</p>
            </>
          )}
        </div>
      )}

      {state.matches('ready') && nodes.length > 0 && (
        <>
          {error && <FormError>{error}</FormError>}
          <ul className={styles.list}>
            {nodes.map((node) => {
              const card = cards[node.id];
              return (
                card && (
                  <li key={node.id}>
                    <NodeCard node={node} configs={configs} actor={card} readOnly={!canManage} />
                  </li>
                )
              );
            })}
            {canManage && (
              <li>
                <button type="button" className={styles.plus} onClick={add}>
                  <span className={styles.plusIcon} aria-hidden="true">
                    <PlusIcon />
                  </span>
                  Add NODR
                </button>
              </li>
            )}
          </ul>
        </>
      )}

      {state.matches({ ready: { dialog: 'soon' } }) && (
        <SoonModal onClose={() => list.send({ type: 'soon.close' })} />
      )}
    </section>
  );
}
