import { useEffect, useId, useState } from 'react';
import { isAdminRole } from '../../../../contracts/account-codes.ts';
import { TEAM_ERRORS } from '../../../../contracts/team-body.ts';
import { teamMessage } from '../../../lib/team-messages.ts';
import { teamMembersMachine } from '../../../machines/teams/team-members.machine.ts';
import { useAppActor } from '../../../shared/app-actor.ts';
import { useReconnected } from '../../../shared/live-updates.ts';
import { useSession } from '../../../shared/session-context.tsx';
import { Button } from '../../../ui/button.tsx';
import { Loader } from '../../../ui/loader.tsx';
import { FormError, TextField } from '../../../ui/text-field.tsx';
import { ConfirmInline } from '../confirm-inline.tsx';
import { deletionStatements } from '../deletion-texts.ts';
import { Section } from '../section.tsx';
import settingsStyles from '../settings.module.css';
import { useRecheckSession } from '../use-recheck-session.ts';
import { InvitationsList } from './invitations-list.tsx';
import { InviteForm } from './invite-form.tsx';
import { MembersList } from './members-list.tsx';
import styles from './team.module.css';

const SENDING = [
  'inviting',
  'resending',
  'revoking',
  'changingRole',
  'removing',
  'leaving',
  'renaming',
] as const;

/**
 * Settings > Team: the current team's members and (for admins) pending invitations, the invite form,
 * roles, removal, rename, and leaving. Admins and viewers see it; a viewer sees it read-only, without dead controls.
 */
export function TeamSection() {
  const { user, teamId } = useSession();
  const recheck = useRecheckSession();
  const [snapshot, send] = useAppActor(teamMembersMachine, {
    input: { teamId, selfId: user.id },
  });
  useReconnected(() => send({ type: 'team.retry' }));
  const { team, confirm, error, emailError, busyId, invited } = snapshot.context;
  const sending = SENDING.some((state) => snapshot.matches(state));
  const myRole = user.TeamsRender[0]?.role ?? 0;
  // spec 2: while the user's account deletion is pending, the team cannot change settings, invite or assign roles.
  const locked = user.deleteProgress;
  const canManage = isAdminRole(myRole) && !locked;
  const [name, setName] = useState('');
  useEffect(() => setName(team?.name ?? ''), [team?.name]);

  // Leaving, or changing one's own role, changes the session (another team, or a viewer's rights): check it again.
  const left = snapshot.matches('left');
  const ownRole = team?.members.find((member) => member.userId === user.id)?.role;
  // spec 6: the team's only admin may neither step down nor leave; the server refuses both (409 last_admin), so the
  // controls are shown disabled, with the reason beside them.
  const soleAdmin =
    ownRole !== undefined &&
    isAdminRole(ownRole) &&
    (team?.members.filter((member) => isAdminRole(member.role)).length ?? 0) === 1;
  const leaveLockedId = useId();
  useEffect(() => {
    if (left || (ownRole !== undefined && ownRole !== myRole)) recheck();
  }, [left, ownRole, myRole, recheck]);

  return (
    <Section
      title="Team"
      description={
        locked
          ? deletionStatements[0]
          : canManage
            ? 'The people who share this workspace, and the invitations waiting for an answer.'
            : TEAM_ERRORS.viewerReadOnly.message
      }
    >
      {snapshot.matches('loading') && <Loader label="Loading the team" />}
      {snapshot.matches('failed') && (
        <div className={styles.failed}>
          <FormError>{error ? teamMessage(error) : 'The team could not be loaded.'}</FormError>
          <Button variant="secondary" onClick={() => send({ type: 'team.retry' })}>
            Try again
          </Button>
        </div>
      )}
      {left && <p className={settingsStyles.meta}>You left the team.</p>}
      {team && !left && (
        <>
          {canManage ? (
            <form
              className={styles.invite}
              aria-label="Rename the team"
              onSubmit={(event) => {
                event.preventDefault();
                send({ type: 'team.rename', name });
              }}
            >
              <TextField
                label="Team name"
                value={name}
                required
                onChange={(event) => setName(event.target.value)}
              />
              <span />
              <Button
                type="submit"
                variant="secondary"
                loading={snapshot.matches('renaming')}
                disabled={sending || name.trim() === '' || name.trim() === team.name}
              >
                Rename
              </Button>
            </form>
          ) : (
            <p className={settingsStyles.meta}>
              Team name: <strong>{team.name}</strong>
            </p>
          )}
          <h3 className={styles.subhead}>Members</h3>
          <MembersList
            members={team.members}
            selfId={user.id}
            canManage={canManage}
            sending={sending}
            ownRoleLocked={soleAdmin ? TEAM_ERRORS.lastAdmin.message : null}
            busyId={busyId}
            confirm={confirm}
            onRole={(userId, role) => send({ type: 'team.changeRole', userId, role })}
            onAskRemove={(userId) => send({ type: 'team.ask', confirm: { kind: 'remove', userId } })}
            onConfirm={() => send({ type: 'team.confirm' })}
            onCancel={() => send({ type: 'team.dismiss' })}
          />
          {canManage && (
            <>
              <h3 className={styles.subhead}>Pending invitations</h3>
              <InvitationsList
                invitations={team.invitations}
                sending={sending}
                busyId={busyId}
                busyWith={
                  snapshot.matches('resending') ? 'resend' : snapshot.matches('revoking') ? 'revoke' : null
                }
                onResend={(id) => send({ type: 'team.resend', id })}
                onRevoke={(id) => send({ type: 'team.revoke', id })}
              />
              <h3 className={styles.subhead}>Invite a member</h3>
              <InviteForm
                sending={snapshot.matches('inviting')}
                emailError={emailError}
                sent={invited}
                onInvite={(email, role) => send({ type: 'team.invite', email, role })}
              />
            </>
          )}
          {error && !snapshot.matches('failed') && <FormError>{teamMessage(error)}</FormError>}
          {confirm?.kind === 'leave' ? (
            <ConfirmInline
              question={`Leave ${team.name}? You lose access to its nodes until an admin invites you again.`}
              confirmLabel="Leave the team"
              sending={snapshot.matches('leaving')}
              onConfirm={() => send({ type: 'team.confirm' })}
              onCancel={() => send({ type: 'team.dismiss' })}
            />
          ) : (
            <div className={styles.leave}>
              <Button
                variant="danger"
                disabled={sending || soleAdmin}
                aria-describedby={soleAdmin ? leaveLockedId : undefined}
                onClick={() => send({ type: 'team.ask', confirm: { kind: 'leave' } })}
              >
                Leave the team
              </Button>
              {soleAdmin && (
                <p id={leaveLockedId} className={styles.locked}>
                  {TEAM_ERRORS.lastAdmin.message}
                </p>
              )}
            </div>
          )}
        </>
      )}
    </Section>
  );
}
