import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { pendingRequestMachine } from '../../machines/settings/pending-request.machine.ts';
import { Button } from '../../ui/button.tsx';
import { WarningIcon } from '../../ui/icons.tsx';
import { FormError } from '../../ui/text-field.tsx';
import styles from './settings.module.css';

export interface PendingRequestProps {
  /** spec 2: 'Request in progress' or 'Deleting in progress!'. */
  title: string;
  /** What was sent, and where. */
  children: ReactNode;
  resendLabel: string;
  /** The pending-request child of the section's machine. */
  request: ActorRefFrom<typeof pendingRequestMachine>;
}

/** A request that waits for its e-mail link (e-mail change, account deletion): Resend and Revoke (spec 2). */
export function PendingRequest({ title, children, resendLabel, request }: PendingRequestProps) {
  const { error, notice } = useSelector(request, (snapshot) => snapshot.context);
  const resending = useSelector(request, (snapshot) => snapshot.matches('resending'));
  const revoking = useSelector(request, (snapshot) => snapshot.matches('revoking'));
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
        <Button
          variant="secondary"
          loading={resending}
          disabled={revoking}
          onClick={() => request.send({ type: 'request.resend' })}
        >
          {resendLabel}
        </Button>
        <Button
          variant="ghost"
          loading={revoking}
          disabled={resending}
          onClick={() => request.send({ type: 'request.revoke' })}
        >
          Revoke
        </Button>
      </div>
    </div>
  );
}
