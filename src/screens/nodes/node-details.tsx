import { useId, useState } from 'react';
import { agentVersionText, UPDATE_AVAILABLE_TEXT } from '../../../contracts/node-versions.ts';
import { type Node, parseCheck } from '../../api/nodes.ts';
import { formatBitRate, formatBytes, formatDate } from '../../lib/format.ts';
import { maskPublicKey } from '../../lib/public-key.ts';
import { Button } from '../../ui/button.tsx';
import { EyeIcon } from '../../ui/icons.tsx';
import { ComposeButton } from './compose-button.tsx';
import { HealthHistory } from './health-history.tsx';
import styles from './node-details.module.css';
import { PublicKeyModal } from './node-modals.tsx';
import { VerificationRows } from './verification-rows.tsx';

/**
 * The expanded body of a node (spec 2): its configuration, the masked public key with the reveal modal, creation
 * date, domain, the hardware verification rows, last seen and the recent transitions, and the
 * docker-compose download. A viewer gets no compose download (it is what installs a node, a write of
 * the team's fleet; docs/web-teams.md).
 */
export function NodeDetails({ node, id, readOnly = false }: { node: Node; id: string; readOnly?: boolean }) {
  const headingId = useId();
  const [showKey, setShowKey] = useState(false);
  const { config } = node;

  return (
    <div className={styles.details} id={id}>
      <section className={styles.section} aria-label="Configuration">
        <dl className={styles.facts}>
          <Fact term="Configuration" value={config.name} />
          <Fact term="HDD" value={formatBytes(config.storage)} />
          <Fact term="RAM" value={formatBytes(config.ram)} />
          <Fact term="Bandwidth" value={formatBitRate(config.bandwidth)} />
          <Fact term="IP type" value={config.ip_type} />
        </dl>
        <dl className={styles.facts}>
          <div className={`${styles.fact} ${styles.wide}`}>
            <dt>Public key</dt>
            <dd className={styles.key}>
              <span className={styles.masked}>{maskPublicKey(node.publicKey)}</span>
              <Button variant="ghost" onClick={() => setShowKey(true)}>
                <EyeIcon size={18} />
                Show key
              </Button>
            </dd>
          </div>
          <Fact term="Created" value={formatDate(node.createdAt)} />
          <Fact term="Domain" value={node.domain} wide />
          {node.agentVersion && (
            <div className={styles.fact}>
              <dt>Software</dt>
              <dd>
                {agentVersionText(node.agentVersion)}
                {node.updateAvailable && <span className={styles.update}>{UPDATE_AVAILABLE_TEXT}</span>}
              </dd>
            </div>
          )}
        </dl>
      </section>
      <section className={styles.section} aria-labelledby={headingId}>
        <h3 id={headingId} className={styles.heading}>
          Hardware verification
        </h3>
        <div className={styles.columns} aria-hidden="true">
          <span>Parameter</span>
          <span>Required</span>
          <span>Reported</span>
        </div>
        <VerificationRows check={parseCheck(node.check)} config={config} />
      </section>
      <HealthHistory node={node} />
      {!readOnly && <ComposeButton teamId={node.teamId} nodeId={node.id} />}
      {showKey && <PublicKeyModal publicKey={node.publicKey} onClose={() => setShowKey(false)} />}
    </div>
  );
}

function Fact({ term, value, wide }: { term: string; value: string; wide?: boolean }) {
  return (
    <div className={`${styles.fact} ${wide ? styles.wide : ''}`}>
      <dt>{term}</dt>
      <dd>{value}</dd>
    </div>
  );
}
