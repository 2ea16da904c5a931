import { CHECK_PARAMETERS, type CheckParameter } from '../../../contracts/hardware-check.ts';
import { OS_CODE, OS_NAMES } from '../../../contracts/node-rules.ts';
import type { Check, Config } from '../../api/nodes.ts';
import { formatBitRate, formatBytes } from '../../lib/format.ts';
import { PARAMETER_TOO_LOW, type Verdict, verdicts } from '../../lib/node-status.ts';
import { CheckCircleIcon, WarningIcon } from '../../ui/icons.tsx';
import styles from './verification-rows.module.css';

const LABELS: Record<CheckParameter, string> = {
  storage: 'Storage',
  ram: 'RAM',
  ip: 'IP',
  os: 'OS',
  bandwidth: 'Bandwidth',
};

function required(parameter: CheckParameter, config: Config): string {
  switch (parameter) {
    case 'storage':
      return formatBytes(config.storage);
    case 'ram':
      return formatBytes(config.ram);
    case 'ip':
      return `Public ${config.ip_type}`;
    case 'os':
      return OS_NAMES[OS_CODE.linux]!;
    case 'bandwidth':
      return formatBitRate(config.bandwidth);
  }
}

function reported(parameter: CheckParameter, used: number | string): string {
  if (typeof used === 'string') return used;
  if (parameter === 'os') return OS_NAMES[used] ?? `Unknown (${used})`;
  if (parameter === 'bandwidth') return formatBitRate(used);
  return formatBytes(used);
}

/**
 * The hardware verification of a node (spec 2): one row each for storage, RAM, IP, OS and bandwidth, 'awaiting...'
 * until the node reports, then a success or warning icon with its text, and the spec 8 message on a failed one.
 */
export function VerificationRows({ check, config }: { check: Check | null; config: Config }) {
  const rows = verdicts(check);
  return (
    <ul className={styles.rows} aria-label="Hardware verification">
      {CHECK_PARAMETERS.map((parameter) => (
        <Row
          key={parameter}
          parameter={parameter}
          verdict={rows[parameter]}
          required={required(parameter, config)}
        />
      ))}
    </ul>
  );
}

function Row({
  parameter,
  verdict,
  required,
}: {
  parameter: CheckParameter;
  verdict: Verdict;
  required: string;
}) {
  return (
    <li className={`${styles.row} ${styles[verdict.state]}`}>
      <span className={styles.name}>{LABELS[parameter]}</span>
      <span className={styles.required}>
        <span className="visually-hidden">required </span>
        {required}
      </span>
      {verdict.state === 'awaiting' ? (
        <span className={styles.pending}>awaiting...</span>
      ) : (
        <span className={styles.result}>
          {verdict.state === 'passed' ? <CheckCircleIcon size={18} /> : <WarningIcon size={18} />}
          <span className="visually-hidden">
            {verdict.state === 'passed' ? 'Passed:' : 'Failed:'} reported{' '}
          </span>
          {reported(parameter, verdict.used)}
        </span>
      )}
      {verdict.state === 'failed' && <span className={styles.message}>{PARAMETER_TOO_LOW}</span>}
    </li>
  );
}
