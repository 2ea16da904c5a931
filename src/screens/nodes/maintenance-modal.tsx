import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { MAINTENANCE_PRESETS } from '../../../contracts/node-maintenance.ts';
import type { MaintenanceChoice, MaintenanceDraft } from '../../lib/maintenance-window.ts';
import type { maintenanceMachine } from '../../machines/nodes/node-maintenance.machine.ts';
import { Checkbox, FormError, TextField } from '../../ui/text-field.tsx';
import styles from './maintenance-modal.module.css';
import { FormModal } from './node-modals.tsx';

const CHOICES: { value: MaintenanceChoice; label: string }[] = [
  ...MAINTENANCE_PRESETS.map((preset) => ({ value: preset.label, label: preset.label })),
  { value: 'custom', label: 'Custom end' },
];

/**
 * A node's maintenance window (docs/alerts.md#maintenance): 30 minutes, 1 hour, 4 hours or a custom end, from now or
 * from a scheduled start. Times are UTC, like every time the dashboard shows.
 */
export function MaintenanceModal({ actor }: { actor: ActorRefFrom<typeof maintenanceMachine> }) {
  const state = useSelector(actor, (snapshot) => snapshot);
  const { choice, endInput, scheduled, startInput, error } = state.context;
  const edit = (draft: Partial<MaintenanceDraft>) => actor.send({ type: 'maintenance.edit', draft });
  return (
    <FormModal
      title="Maintenance"
      submitLabel="Save"
      submitting={state.matches('submitting')}
      onSubmit={() => actor.send({ type: 'maintenance.submit', now: new Date() })}
      onCancel={() => actor.send({ type: 'maintenance.cancel' })}
    >
      <p className={styles.text}>Offline alerts for this NODR are held during the window.</p>
      <fieldset className={styles.choices}>
        <legend className={styles.legend}>Length</legend>
        {CHOICES.map((option, index) => (
          <label key={option.value} className={styles.choice}>
            <input
              type="radio"
              name="maintenance-length"
              value={option.value}
              checked={choice === option.value}
              onChange={() => edit({ choice: option.value })}
              {...(index === 0 && { 'data-autofocus': true })}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </fieldset>
      {choice === 'custom' && (
        <TextField
          label="End (UTC)"
          type="datetime-local"
          value={endInput}
          onChange={(event) => edit({ endInput: event.target.value })}
        />
      )}
      <Checkbox
        label="Start later"
        checked={scheduled}
        onChange={(event) => edit({ scheduled: event.target.checked })}
      />
      {scheduled && (
        <TextField
          label="Start (UTC)"
          type="datetime-local"
          value={startInput}
          onChange={(event) => edit({ startInput: event.target.value })}
        />
      )}
      {error && <FormError>{error}</FormError>}
    </FormModal>
  );
}
