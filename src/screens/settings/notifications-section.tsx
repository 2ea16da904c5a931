import { useId } from 'react';
import { OFFLINE_ALERT_DELAYS_MIN, type OfflineAlertDelayMin } from '../../../contracts/notifications.ts';
import { notificationsMachine } from '../../machines/settings/notifications.machine.ts';
import { useAppActor } from '../../shared/app-actor.ts';
import { useReconnected } from '../../shared/live-updates.ts';
import { Button } from '../../ui/button.tsx';
import field from '../../ui/field.module.css';
import { Loader } from '../../ui/loader.tsx';
import { FormError } from '../../ui/text-field.tsx';
import styles from './notifications-section.module.css';
import { Section } from './section.tsx';

/** How each delay of contracts/notifications.ts reads in the select. */
export const DELAY_WORDS: Record<OfflineAlertDelayMin, string> = {
  0: 'Immediately',
  5: 'After 5 minutes',
  15: 'After 15 minutes',
  60: 'After 1 hour',
};

/**
 * Settings > Notifications: e-mail alerts about the team's nodes on or off, and how long a node
 * must stay offline before its alert is sent. Each change is saved at once.
 */
export function NotificationsSection() {
  const [snapshot, send] = useAppActor(notificationsMachine);
  useReconnected(() => send({ type: 'notifications.reload' }));
  const switchHint = useId();
  const delayId = useId();
  const delayHint = useId();
  const { shown, error } = snapshot.context;
  const saving = snapshot.matches({ ready: 'saving' });

  return (
    <Section
      title="Notifications"
      description="E-mails about your team's NODRs: when one goes offline, comes back, or fails its hardware check."
    >
      {snapshot.matches('loading') && <Loader label="Loading your notification settings" />}
      {snapshot.matches('failed') && (
        <>
          <FormError>{error?.message}</FormError>
          <div>
            <Button variant="secondary" onClick={() => send({ type: 'notifications.reload' })}>
              Try again
            </Button>
          </div>
        </>
      )}
      {snapshot.matches('ready') && (
        <div className={styles.form}>
          <label className={styles.switchRow}>
            <span className={styles.switchText}>
              <span className={styles.label}>E-mail alerts</span>
              <span id={switchHint} className={styles.hint}>
                {shown.alerts ? 'On: every Admin of the team is told.' : 'Off: you get no alert e-mails.'}
              </span>
            </span>
            <input
              type="checkbox"
              role="switch"
              aria-checked={shown.alerts}
              className={styles.switch}
              checked={shown.alerts}
              disabled={saving}
              aria-describedby={switchHint}
              onChange={(event) =>
                send({ type: 'notifications.change', settings: { alerts: event.target.checked } })
              }
            />
          </label>
          <div className={styles.field}>
            <label className={styles.label} htmlFor={delayId}>
              Offline alert
            </label>
            <select
              id={delayId}
              className={field.select}
              value={shown.offlineDelayMin}
              disabled={saving || !shown.alerts}
              aria-describedby={delayHint}
              onChange={(event) =>
                send({
                  type: 'notifications.change',
                  settings: { offlineDelayMin: Number(event.target.value) as OfflineAlertDelayMin },
                })
              }
            >
              {OFFLINE_ALERT_DELAYS_MIN.map((minutes) => (
                <option key={minutes} value={minutes}>
                  {DELAY_WORDS[minutes]}
                </option>
              ))}
            </select>
            <span id={delayHint} className={styles.hint}>
              Counted from the moment the NODR is marked offline. A NODR back within the delay sends nothing.
            </span>
          </div>
          <p className={`${styles.status} ${saving ? styles.muted : ''}`} role="status">
            {saving ? 'Saving…' : snapshot.matches({ ready: 'saved' }) ? 'Saved' : ''}
          </p>
          {error && <FormError>{error.message}</FormError>}
        </div>
      )}
    </Section>
  );
}
