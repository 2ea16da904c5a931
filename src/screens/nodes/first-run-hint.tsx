import type { Node } from '../../api/nodes.ts';
import { ComposeButton } from './compose-button.tsx';
import styles from './first-run-hint.module.css';

/**
 * What to do after adding a node, shown on its card until its first check arrives: the compose file goes
 * beside the `keys/` folder the installer made, and `docker compose up -d` starts the node there.
 */
export function FirstRunHint({ node }: { node: Node }) {
  return (
    // Not a landmark: each new node has one, and landmarks must be unique.
    <div className={styles.hint}>
      <h3 className={styles.title}>Next: start your NODR</h3>
      <ol className={styles.steps}>
        <li>
          Download <code>docker-compose.yml</code> and copy it to your server.
        </li>
        <li>
          Put it beside the <code>keys/</code> folder the installer created.
        </li>
        <li>
          Run <code>docker compose up -d</code> in that folder.
        </li>
      </ol>
      <p className={styles.note}>This card updates by itself when the NODR sends its first check.</p>
      <ComposeButton teamId={node.teamId} nodeId={node.id} />
    </div>
  );
}
