import { useId } from 'react';
import type { TeamMemberBody } from '../../../../contracts/team-body.schema.ts';
import { formatDate } from '../../../lib/format.ts';
import { roleChoices } from '../../../lib/team-messages.ts';
import type { TeamConfirm } from '../../../machines/teams/team-members.machine.ts';
import { Button } from '../../../ui/button.tsx';
import { ConfirmInline } from '../confirm-inline.tsx';
import { RoleBadge } from './role-badge.tsx';
import styles from './team.module.css';

export interface MembersListProps {
  members: TeamMemberBody[];
  selfId: number;
  /** Only admins get the controls; viewers see the same list read-only. */
  canManage: boolean;
  /** A call is under way: every control waits. */
  sending: boolean;
  /**
   * Why the user may not change their own role (the team's only admin), shown under their row; null when they may.
   * The server would refuse the change (spec 6), so the control is disabled rather than offered.
   */
  ownRoleLocked: string | null;
  busyId: number | null;
  confirm: TeamConfirm | null;
  onRole: (userId: number, role: number) => void;
  onAskRemove: (userId: number) => void;
  onConfirm: () => void;
  onCancel: () => void;
}

export const fullName = (member: Pick<TeamMemberBody, 'name' | 'surname' | 'email'>) =>
  [member.name, member.surname].filter(Boolean).join(' ') || member.email;

/** The members of the team, with name, e-mail, role and joining date; admins change roles and remove. */
export function MembersList(props: MembersListProps) {
  const { members, selfId, canManage, sending, busyId, confirm, ownRoleLocked } = props;
  const lockedId = useId();
  return (
    <ul className={styles.list} aria-label="Members">
      {members.map((member) => {
        const name = fullName(member);
        const self = member.userId === selfId;
        const asked = confirm?.kind === 'remove' && confirm.userId === member.userId;
        const locked = self && ownRoleLocked !== null;
        return (
          <li key={member.userId} className={styles.item}>
            <div className={styles.row}>
              <div className={styles.who}>
                <p className={styles.name}>
                  {name}
                  {self && <span className={styles.badge}>You</span>}
                  {!canManage && <RoleBadge role={member.role} />}
                </p>
                <p className={styles.details}>
                  <span>{member.email}</span>
                  <span>Joined {formatDate(member.joinedAt)}</span>
                </p>
              </div>
              {canManage && (
                <div className={styles.controls}>
                  <select
                    className={styles.select}
                    aria-label={`Role of ${name}`}
                    value={member.role === roleChoices[0].role ? roleChoices[0].role : roleChoices[1].role}
                    disabled={sending || locked}
                    aria-describedby={locked ? lockedId : undefined}
                    aria-busy={busyId === member.userId && sending ? true : undefined}
                    onChange={(event) => props.onRole(member.userId, Number(event.target.value))}
                  >
                    {roleChoices.map((choice) => (
                      <option key={choice.role} value={choice.role}>
                        {choice.label}
                      </option>
                    ))}
                  </select>
                  {!self && !asked && (
                    <Button
                      variant="secondary"
                      aria-label={`Remove ${name}`}
                      disabled={sending}
                      onClick={() => props.onAskRemove(member.userId)}
                    >
                      Remove
                    </Button>
                  )}
                </div>
              )}
            </div>
            {locked && (
              <p id={lockedId} className={styles.locked}>
                {ownRoleLocked}
              </p>
            )}
            {asked && (
              <ConfirmInline
                question={`Remove ${name} from the team? They lose access to its nodes at once.`}
                confirmLabel="Remove"
                sending={sending}
                onConfirm={props.onConfirm}
                onCancel={props.onCancel}
              />
            )}
          </li>
        );
      })}
    </ul>
  );
}
