import { DISPLAY_LABEL, type NodeDisplay } from '../../lib/node-status.ts';
import styles from './status-pill.module.css';

/** The status label of a node (spec 2, 4): colour and text, never colour alone. */
export function StatusPill({ display }: { display: NodeDisplay }) {
  return (
    <span className={`${styles.pill} ${styles[display]}`}>
      <span className={styles.dot} aria-hidden="true" />
      {DISPLAY_LABEL[display]}
    </span>
  );
}
