import { ACTIVITY, ACTIVITY_RETENTION_DAYS, ACTIVITY_WORDS } from '../../../contracts/account-activity.ts';
import { activityMachine } from '../../machines/settings/activity.machine.ts';
import { useAppActor } from '../../shared/app-actor.ts';
import { useReconnected } from '../../shared/live-updates.ts';
import { Button } from '../../ui/button.tsx';
import { Loader } from '../../ui/loader.tsx';
import { FormError } from '../../ui/text-field.tsx';
import { TimeAgo } from './browser-time.tsx';
import { Section } from './section.tsx';
import styles from './sessions.module.css';

/** Settings > Recent activity: the account's security events of the last 90 days, newest first. */
export function ActivitySection() {
  const [snapshot, send] = useAppActor(activityMachine);
  useReconnected(() => send({ type: 'activity.refresh' }));
  const { entries, error } = snapshot.context;
  const loading = snapshot.matches('loading');

  return (
    <Section
      title="Recent activity"
      description={`Sign-ins and changes to your account in the last ${ACTIVITY_RETENTION_DAYS} days.`}
      aside={
        <Button
          variant="secondary"
          loading={loading && entries.length > 0}
          disabled={loading}
          onClick={() => send({ type: 'activity.refresh' })}
        >
          Refresh
        </Button>
      }
    >
      {loading && entries.length === 0 && <Loader label="Loading recent activity" />}
      {snapshot.matches('failed') && (
        <FormError>{error?.message ?? 'The recent activity could not be loaded.'}</FormError>
      )}
      {snapshot.matches('ready') && entries.length === 0 && (
        <p className={styles.empty}>Nothing has happened on your account in the last 90 days.</p>
      )}
      {entries.length > 0 && (
        <ol className={styles.list} aria-label="Security events, newest first">
          {entries.map((entry) => (
            <li
              key={entry.id}
              className={`${styles.item} ${entry.kind === ACTIVITY.signInFailed ? styles.warning : ''}`}
            >
              <div>
                <p className={styles.device}>{ACTIVITY_WORDS[entry.kind]}</p>
                <p className={styles.details}>
                  <TimeAgo value={entry.at} />
                  <span>{entry.device}</span>
                  <span>{entry.ip || 'Unknown address'}</span>
                </p>
              </div>
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}
