import { useSelector } from '@xstate/react';
import { useId, useState } from 'react';
import type { Config, Node } from '../../api/nodes.ts';
import { awaitsFirstCheck, cardStatus, nodeDisplay, SUSPENDED_MESSAGE } from '../../lib/node-status.ts';
import type { NodeActorRef } from '../../machines/nodes/node.machine.ts';
import { IconButton } from '../../ui/button.tsx';
import { ChevronDownIcon, PowerIcon, SettingsIcon, TrashIcon } from '../../ui/icons.tsx';
import { FirstRunHint } from './first-run-hint.tsx';
import { MaintenanceBar } from './maintenance-bar.tsx';
import { MaintenanceModal } from './maintenance-modal.tsx';
import { NameField } from './name-field.tsx';
import styles from './node-card.module.css';
import { NodeDetails } from './node-details.tsx';
import { ConfigUpdateModal, DeactivateModal, DeleteModal, ReconfigureModal } from './node-modals.tsx';
import { StatusPill } from './status-pill.tsx';
import { TimeAgo } from './time-ago.tsx';
import { UptimeBar } from './uptime-bar.tsx';

interface NodeCardProps {
  /** The list's node: the one copy, which health events and the actions' answers update. */
  node: Node;
  /** The list's configurations, offered by the config-update modal. */
  configs: Config[];
  /** The node's actions, spawned by the list. */
  actor: NodeActorRef;
  readOnly?: boolean;
}

/**
 * One node of My NODR (spec 2): name, status, the action icons, and the expandable body. It shows the list's node
 * (its label through `cardStatus`) and runs what the user does through the node's actor, each event carrying the
 * node as shown. For a viewer (`readOnly`) the name is plain text and only the details toggle is offered.
 */
export function NodeCard({ node: current, configs, actor, readOnly = false }: NodeCardProps) {
  const bodyId = useId();
  const [expanded, setExpanded] = useState(false);
  const state = useSelector(actor, (snapshot) => snapshot);
  const status = cardStatus(current);
  const display = nodeDisplay(current);
  const active = display === 'active';
  const configuring = display === 'hardware' || display === 'misconfigured' || display === 'launching';

  if (state.matches('gone')) return null;

  const busy = (['toggling', 'renaming', 'deleting', 'endingMaintenance'] as const).some((name) =>
    state.matches(name),
  );
  // spec 4: power toggles active and inactive nodes; settings open the config update (status 1) or reconfigure (10).
  const power = active ? 'Deactivate NODR' : 'Activate NODR';
  const settings = configuring ? 'Update configuration' : 'Reconfigure NODR';

  return (
    <article
      className={styles.card}
      aria-label={`NODR ${current.name || 'Untitled'}`}
      aria-busy={busy || undefined}
    >
      <h2 className="visually-hidden">{current.name || 'Untitled'}</h2>
      <div className={styles.header}>
        <div className={styles.identity}>
          {readOnly ? (
            <span className={styles.readOnlyName}>{current.name || 'Untitled'}</span>
          ) : (
            <NameField
              name={current.name}
              saving={state.matches('renaming')}
              saved={state.context.saved}
              onCommit={(name) => actor.send({ type: 'node.rename', node: current, name })}
            />
          )}
          <StatusPill status={status} />
          {status === 'offline' && current.lastSeenAt && (
            <span className={styles.lastSeen}>
              <TimeAgo at={current.lastSeenAt} prefix="last seen" />
            </span>
          )}
        </div>
        <div className={styles.actions}>
          {!readOnly && (
            <>
              <IconButton
                label={power}
                className={active ? styles.powerOn : undefined}
                disabled={!active && display !== 'inactive'}
                onClick={() => actor.send({ type: 'node.power', node: current })}
              >
                <PowerIcon />
              </IconButton>
              <IconButton
                label={settings}
                disabled={!active && !configuring}
                onClick={() => actor.send({ type: 'node.settings', node: current, configs })}
              >
                <SettingsIcon />
              </IconButton>
              <IconButton label="Delete NODR" onClick={() => actor.send({ type: 'node.delete' })}>
                <TrashIcon />
              </IconButton>
            </>
          )}
          <IconButton
            label={expanded ? 'Hide details' : 'Show details'}
            aria-expanded={expanded}
            aria-controls={bodyId}
            className={expanded ? styles.open : undefined}
            onClick={() => setExpanded((open) => !open)}
          >
            <ChevronDownIcon />
          </IconButton>
        </div>
      </div>
      <MaintenanceBar
        node={current}
        readOnly={readOnly}
        busy={state.matches('endingMaintenance')}
        onSet={() => actor.send({ type: 'node.maintenance', node: current, now: new Date() })}
        onEnd={() => actor.send({ type: 'node.endMaintenance' })}
      />
      {display === 'suspended' && <p className={styles.suspended}>{SUSPENDED_MESSAGE}</p>}
      <UptimeBar uptime={current.uptime} />
      {/* The first-run steps (download the compose file, start it) are an admin's to take. */}
      {awaitsFirstCheck(current) && !readOnly && <FirstRunHint node={current} />}
      {state.context.error && (
        <p className={styles.error} role="alert">
          {state.context.error}
        </p>
      )}
      {expanded && <NodeDetails node={current} id={bodyId} readOnly={readOnly} />}

      {state.matches('confirmingDeactivate') && (
        <DeactivateModal
          onConfirm={() => actor.send({ type: 'node.confirm', node: current })}
          onCancel={() => actor.send({ type: 'node.cancel' })}
        />
      )}
      {state.matches('confirmingDelete') && (
        <DeleteModal
          name={current.name}
          onConfirm={() => actor.send({ type: 'node.confirm', node: current })}
          onCancel={() => actor.send({ type: 'node.cancel' })}
        />
      )}
      {state.children.reconfigure && <ReconfigureModal actor={state.children.reconfigure} />}
      {state.children.configUpdate && <ConfigUpdateModal actor={state.children.configUpdate} />}
      {state.children.maintenance && <MaintenanceModal actor={state.children.maintenance} />}
    </article>
  );
}
