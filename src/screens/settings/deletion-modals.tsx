import { type FormEvent, useId, useState } from 'react';
import { isAdminRole, PERMISSION_TO_DELETE } from '../../../contracts/account-codes.ts';
import type { Precheck } from '../../api/settings.ts';
import { roleName } from '../../lib/role-name.ts';
import { Button } from '../../ui/button.tsx';
import { Modal } from '../../ui/modal.tsx';
import { PasswordField } from '../../ui/text-field.tsx';
import styles from './deletion-modals.module.css';
import { deletionStatements, precheckTexts } from './deletion-texts.ts';

function TeamList({ precheck, label }: { precheck: Precheck; label: string }) {
  if (precheck.teams.length === 0) return null;
  return (
    <ul className={styles.teams} aria-label={label}>
      {precheck.teams.map((team) => (
        <li key={team.id} className={styles.team}>
          <span className={styles.teamName}>{team.name || 'Unnamed workspace'}</span>
          <span className={isAdminRole(team.role) ? styles.admin : styles.viewer}>{roleName(team.role)}</span>
          {team.permissionToDelete === PERMISSION_TO_DELETE.blocked && (
            <span className={styles.blocking}>Only Admin, has other users</span>
          )}
        </li>
      ))}
    </ul>
  );
}

/** spec 2: the 'Unable to delete account' modal with its Ok button (pre-check 401 or 402). */
export function UnableToDeleteModal({ precheck, onOk }: { precheck: Precheck; onOk: () => void }) {
  return (
    <Modal
      title="Unable to delete account"
      onClose={onOk}
      actions={
        <Button onClick={onOk} data-autofocus>
          Ok
        </Button>
      }
    >
      <p className={styles.text}>{precheckTexts[precheck.status]}</p>
      <TeamList precheck={precheck} label="Your teams" />
    </Modal>
  );
}

export interface ConfirmDeletionModalProps {
  precheck: Precheck;
  error: string | undefined;
  deleting: boolean;
  onEdit: () => void;
  onSubmit: (password: string) => void;
  onCancel: () => void;
}

/** spec 2: 'Are you sure you want to delete your account?' with the teams, the three statements and the password. */
export function ConfirmDeletionModal({
  precheck,
  error,
  deleting,
  onEdit,
  onSubmit,
  onCancel,
}: ConfirmDeletionModalProps) {
  const [password, setPassword] = useState('');
  const formId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(password);
  };
  return (
    <Modal
      title="Are you sure you want to delete your account?"
      onClose={() => {
        if (!deleting) onCancel();
      }}
      actions={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={deleting}>
            Cancel
          </Button>
          <Button variant="danger" type="submit" form={formId} loading={deleting}>
            Delete account
          </Button>
        </>
      }
    >
      <p className={styles.text}>{precheckTexts[precheck.status]}</p>
      <TeamList precheck={precheck} label="Your teams and roles" />
      <ul className={styles.statements}>
        {deletionStatements.map((statement) => (
          <li key={statement}>{statement}</li>
        ))}
      </ul>
      <form id={formId} onSubmit={submit} noValidate>
        <PasswordField
          label="Password"
          name="delete-password"
          autoComplete="current-password"
          value={password}
          error={error}
          data-autofocus
          onChange={(event) => {
            setPassword(event.target.value);
            onEdit();
          }}
        />
      </form>
    </Modal>
  );
}
