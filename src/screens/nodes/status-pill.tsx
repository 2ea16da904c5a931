import { CARD_STATUS_LABEL, type CardStatus } from '../../lib/node-status.ts';
import { OfflineIcon } from '../../ui/icons.tsx';
import styles from './status-pill.module.css';

/** The status label of a node (spec 2, 4; Offline from the health sweep): colour and text, never colour alone. */
export function StatusPill({ status }: { status: CardStatus }) {
  return (
    <span className={`${styles.pill} ${styles[status]}`}>
      {status === 'offline' ? (
        <OfflineIcon size={14} className={styles.icon} />
      ) : (
        <span className={styles.dot} aria-hidden="true" />
      )}
      {CARD_STATUS_LABEL[status]}
    </span>
  );
}
