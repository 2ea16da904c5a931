import { maintenanceOver, maintenanceText } from '../../../contracts/node-maintenance.ts';
import type { Node } from '../../api/nodes.ts';
import { Button } from '../../ui/button.tsx';
import styles from './maintenance-bar.module.css';

interface MaintenanceBarProps {
  node: Node;
  /** Admins set and end windows; viewers only read the text. */
  readOnly: boolean;
  busy: boolean;
  onSet: () => void;
  onEnd: () => void;
}

/**
 * The card's maintenance line (docs/alerts.md#maintenance): "Maintenance until 14:30 UTC" while a window runs or
 * "Maintenance from … to … UTC" before it starts; for admins, the Maintenance button or End maintenance.
 */
export function MaintenanceBar({ node, readOnly, busy, onSet, onEnd }: MaintenanceBarProps) {
  const now = new Date();
  const window = node.maintenance && !maintenanceOver(node.maintenance, now) ? node.maintenance : null;
  if (!window && readOnly) return null;
  return (
    <div className={styles.bar}>
      {window && <p className={styles.text}>{maintenanceText(window, now)}</p>}
      {!readOnly &&
        (window ? (
          <Button variant="ghost" onClick={onEnd} loading={busy}>
            End maintenance
          </Button>
        ) : (
          <Button variant="ghost" onClick={onSet}>
            Maintenance
          </Button>
        ))}
    </div>
  );
}
