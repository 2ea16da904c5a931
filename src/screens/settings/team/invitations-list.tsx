import type { InvitationBody } from '../../../../contracts/team-body.schema.ts';
import { formatDate } from '../../../lib/format.ts';
import { Button } from '../../../ui/button.tsx';
import { TimeAgo } from '../browser-time.tsx';
import { RoleBadge } from './role-badge.tsx';
import styles from './team.module.css';

export interface InvitationsListProps {
  invitations: InvitationBody[];
  sending: boolean;
  busyId: number | null;
  /** Which call is under way for `busyId`. */
  busyWith: 'resend' | 'revoke' | null;
  onResend: (id: number) => void;
  onRevoke: (id: number) => void;
}

/** The team's pending invitations (admins only), each resent or revoked. */
export function InvitationsList({ invitations, sending, busyId, busyWith, ...on }: InvitationsListProps) {
  if (invitations.length === 0) return <p className={styles.note}>No pending invitations.</p>;
  return (
    <ul className={styles.list} aria-label="Pending invitations">
      {invitations.map((invitation) => (
        <li key={invitation.id} className={styles.item}>
          <div className={styles.row}>
            <div className={styles.who}>
              <p className={styles.name}>
                {invitation.email}
                <RoleBadge role={invitation.role} />
              </p>
              <p className={styles.details}>
                <span>
                  Sent <TimeAgo value={invitation.sentAt} />
                </span>
                <span>Expires {formatDate(invitation.expiresAt)}</span>
              </p>
            </div>
            <div className={styles.controls}>
              <Button
                variant="secondary"
                aria-label={`Resend the invitation to ${invitation.email}`}
                disabled={sending}
                loading={sending && busyId === invitation.id && busyWith === 'resend'}
                onClick={() => on.onResend(invitation.id)}
              >
                Resend
              </Button>
              <Button
                variant="danger"
                aria-label={`Revoke the invitation to ${invitation.email}`}
                disabled={sending}
                loading={sending && busyId === invitation.id && busyWith === 'revoke'}
                onClick={() => on.onRevoke(invitation.id)}
              >
                Revoke
              </Button>
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
