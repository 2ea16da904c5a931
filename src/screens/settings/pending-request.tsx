import type { ReactNode } from 'react';
import { Button } from '../../ui/button.tsx';
import { WarningIcon } from '../../ui/icons.tsx';
import { FormError } from '../../ui/text-field.tsx';
import styles from './settings.module.css';

export interface PendingRequestProps {
  /** spec 2: 'Request in progress' or 'Deleting in progress!'. */
  title: string;
  /** What was sent, and where. */
  children: ReactNode;
  error: string | undefined;
  /** A short confirmation after a resend. */
  notice: string | null;
  resendLabel: string;
  resending: boolean;
  revoking: boolean;
  onResend: () => void;
  onRevoke: () => void;
}

/** A request that waits for its e-mail link (e-mail change, account deletion): Resend and Revoke (spec 2). */
export function PendingRequest({
  title,
  children,
  error,
  notice,
  resendLabel,
  resending,
  revoking,
  onResend,
  onRevoke,
}: PendingRequestProps) {
  return (
    <div className={styles.pending}>
      <p className={styles.pendingTitle}>
        <WarningIcon />
        {title}
      </p>
      <p>{children}</p>
      {error && <FormError>{error}</FormError>}
      <p className={styles.status} role="status">
        {notice ?? ''}
      </p>
      <div className={styles.actions}>
        <Button variant="secondary" loading={resending} disabled={revoking} onClick={onResend}>
          {resendLabel}
        </Button>
        <Button variant="ghost" loading={revoking} disabled={resending} onClick={onRevoke}>
          Revoke
        </Button>
      </div>
    </div>
  );
}
