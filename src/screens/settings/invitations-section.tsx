import { formatDate } from '../../lib/format.ts';
import { teamMessage } from '../../lib/team-messages.ts';
import { myInvitationsMachine } from '../../machines/teams/my-invitations.machine.ts';
import { useAppActor } from '../../shared/app-actor.ts';
import { useReconnected } from '../../shared/live-updates.ts';
import { Button } from '../../ui/button.tsx';
import { Loader } from '../../ui/loader.tsx';
import { FormError } from '../../ui/text-field.tsx';
import { Section } from './section.tsx';
import settingsStyles from './settings.module.css';
import { RoleBadge } from './team/role-badge.tsx';
import styles from './team/team.module.css';
import { useRecheckSession } from './use-recheck-session.ts';

/**
 * Settings > Invitations (the spec's placeholder made real): the pending invitations to the user's address,
 * each accepted (the team becomes the current workspace) or declined.
 */
export function InvitationsSection() {
  const recheck = useRecheckSession();
  const [snapshot, send] = useAppActor(myInvitationsMachine.provide({ actions: { enterTeam: recheck } }), {});
  useReconnected(() => send({ type: 'invitations.retry' }));
  const { invitations, busyId, error } = snapshot.context;
  const sending = snapshot.matches('accepting') || snapshot.matches('declining');

  return (
    <Section title="Invitations" description="Invitations to join other teams, sent to your e-mail address.">
      {snapshot.matches('loading') && <Loader label="Loading invitations" />}
      {snapshot.matches('failed') && (
        <div className={styles.failed}>
          <FormError>{error ? teamMessage(error) : 'The invitations could not be loaded.'}</FormError>
          <Button variant="secondary" onClick={() => send({ type: 'invitations.retry' })}>
            Try again
          </Button>
        </div>
      )}
      {!snapshot.matches('loading') && !snapshot.matches('failed') && invitations.length === 0 && (
        <p className={settingsStyles.placeholder}>
          You have no invitations yet. Invitations to other teams will appear here.
        </p>
      )}
      {invitations.length > 0 && (
        <ul className={styles.list} aria-label="Invitations to you">
          {invitations.map((invitation) => (
            <li key={invitation.id} className={styles.item}>
              <div className={styles.row}>
                <div className={styles.who}>
                  <p className={styles.name}>
                    {invitation.teamName}
                    <RoleBadge role={invitation.role} />
                  </p>
                  <p className={styles.details}>
                    <span>Invited by {invitation.invitedBy}</span>
                    <span>Expires {formatDate(invitation.expiresAt)}</span>
                  </p>
                </div>
                <div className={styles.controls}>
                  <Button
                    aria-label={`Accept the invitation to ${invitation.teamName}`}
                    disabled={sending}
                    loading={snapshot.matches('accepting') && busyId === invitation.id}
                    onClick={() => send({ type: 'invitations.accept', id: invitation.id })}
                  >
                    Accept
                  </Button>
                  <Button
                    variant="secondary"
                    aria-label={`Decline the invitation to ${invitation.teamName}`}
                    disabled={sending}
                    loading={snapshot.matches('declining') && busyId === invitation.id}
                    onClick={() => send({ type: 'invitations.decline', id: invitation.id })}
                  >
                    Decline
                  </Button>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
      {error && !snapshot.matches('failed') && <FormError>{teamMessage(error)}</FormError>}
    </Section>
  );
}
