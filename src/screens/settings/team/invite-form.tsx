import { useId, useState } from 'react';
import { VIEWER_ROLE } from '../../../../contracts/team-body.ts';
import { roleChoices } from '../../../lib/team-messages.ts';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import styles from './team.module.css';

export interface InviteFormProps {
  sending: boolean;
  /** The address is no address (checked before anything is sent). */
  emailError: string | null;
  /** Counts up each time an invitation was sent, so the form empties for the next one. */
  sent: number;
  onInvite: (email: string, role: number) => void;
}

/** An admin invites by e-mail with a role (Admin or Viewer). */
export function InviteForm({ sending, emailError, sent, onInvite }: InviteFormProps) {
  const roleId = useId();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<number>(VIEWER_ROLE);
  const [sentSeen, setSentSeen] = useState(sent);
  if (sent !== sentSeen) {
    setSentSeen(sent);
    setEmail('');
  }
  return (
    <form
      className={styles.invite}
      noValidate
      aria-label="Invite a member"
      onSubmit={(event) => {
        event.preventDefault();
        onInvite(email, role);
      }}
    >
      <TextField
        label="E-mail"
        type="email"
        autoComplete="off"
        value={email}
        error={emailError ?? undefined}
        onChange={(event) => setEmail(event.target.value)}
      />
      <div className={styles.roleField}>
        <label htmlFor={roleId}>Role</label>
        <select
          id={roleId}
          className={styles.select}
          value={role}
          onChange={(event) => setRole(Number(event.target.value))}
        >
          {roleChoices.map((choice) => (
            <option key={choice.role} value={choice.role}>
              {choice.label}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" loading={sending}>
        Send invitation
      </Button>
    </form>
  );
}
