import {
  ALERT_CHANNEL_LIMITS,
  type AlertChannelBody,
  type AlertDeliveryBody,
} from '../../../contracts/alert-channels.ts';
import { Button } from '../../ui/button.tsx';
import { CHANNEL_TYPE_WORDS } from './alert-channel-form.tsx';
import styles from './alert-channels-section.module.css';
import { TimeAgo } from './browser-time.tsx';
import { DELAY_WORDS } from './notifications-section.tsx';
import list from './sessions.module.css';

/** "200 in 120 ms" for an answer; the error itself when none came (timeout, refused target). */
function outcome(delivery: AlertDeliveryBody): string {
  if (delivery.status === null) return delivery.detail ?? 'no answer';
  return `${delivery.status} in ${delivery.durationMs} ms`;
}

/** The channel's last try, e.g. "Last delivery: 200 in 120 ms, 5 minutes ago", or its failure. */
export function LastDelivery({ delivery }: { delivery: AlertDeliveryBody | null }) {
  if (delivery === null) return <span>No delivery yet</span>;
  return (
    <span className={delivery.ok ? undefined : styles.failed}>
      {delivery.ok ? 'Last delivery: ' : 'Last delivery failed: '}
      {outcome(delivery)}, <TimeAgo value={delivery.at} />
      {!delivery.ok && delivery.nextAttemptAt !== null && ' (tried again soon)'}
    </span>
  );
}

export interface ChannelRowProps {
  channel: AlertChannelBody;
  /** Admins get the buttons; viewers read. */
  canChange: boolean;
  /** Another call runs: the buttons wait. */
  busy: boolean;
  testing: boolean;
  onTest: () => void;
  onEdit: () => void;
  onRemove: () => void;
  onRotate: () => void;
  onSwitchOn: () => void;
}

/** One alert channel: its name, type, target and last delivery, and an admin's actions. */
export function ChannelRow({
  channel,
  canChange,
  busy,
  testing,
  onTest,
  onEdit,
  onRemove,
  onRotate,
  onSwitchOn,
}: ChannelRowProps) {
  const target =
    channel.type === 'email'
      ? 'Admins with alerts on'
      : (channel.url ?? (channel.chatId === null ? null : `Chat ${channel.chatId}`));
  return (
    <div className={`${list.row} ${styles.row}`}>
      <div className={list.what}>
        <p className={list.device}>
          {channel.name}
          <span className={list.badge}>{CHANNEL_TYPE_WORDS[channel.type]}</span>
        </p>
        <p className={list.details}>
          {/* An address reads as code; the E-mail channel's target is words. */}
          {target && <span className={channel.type === 'email' ? undefined : styles.target}>{target}</span>}
          <span>Offline alert: {DELAY_WORDS[channel.offlineDelayMinutes].toLowerCase()}</span>
          <LastDelivery delivery={channel.lastDelivery} />
          {channel.switchedOffAt && (
            <span className={styles.failed}>
              Switched off after failing for {ALERT_CHANNEL_LIMITS.switchOffAfterHours} hours
            </span>
          )}
        </p>
      </div>
      {canChange && (
        <div className={styles.rowActions}>
          {channel.switchedOffAt && (
            <Button disabled={busy} aria-label={`Switch on ${channel.name}`} onClick={onSwitchOn}>
              Switch on
            </Button>
          )}
          <Button
            variant="secondary"
            loading={testing}
            disabled={busy}
            aria-label={`Send test to ${channel.name}`}
            onClick={onTest}
          >
            Send test
          </Button>
          <Button variant="secondary" disabled={busy} aria-label={`Edit ${channel.name}`} onClick={onEdit}>
            Edit
          </Button>
          {channel.type === 'webhook' && (
            <Button
              variant="secondary"
              disabled={busy}
              aria-label={`Rotate secret of ${channel.name}`}
              onClick={onRotate}
            >
              Rotate secret
            </Button>
          )}
          <Button
            variant="secondary"
            disabled={busy}
            aria-label={`Remove ${channel.name}`}
            onClick={onRemove}
          >
            Remove
          </Button>
        </div>
      )}
    </div>
  );
}
