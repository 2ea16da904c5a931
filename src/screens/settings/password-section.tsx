import { type FormEvent, useId, useState } from 'react';
import { formatDateTime } from '../../lib/format.ts';
import {
  type PasswordField as Field,
  passwordChangeMachine,
} from '../../machines/settings/password-change.machine.ts';
import { useAppActor } from '../../shared/app-actor.ts';
import { useSession } from '../../shared/session-context.tsx';
import { Button, IconButton } from '../../ui/button.tsx';
import { CheckCircleIcon, ChevronDownIcon } from '../../ui/icons.tsx';
import { FormError, PasswordField } from '../../ui/text-field.tsx';
import { Section } from './section.tsx';
import styles from './settings.module.css';
import { useRecheckSession } from './use-recheck-session.ts';

const empty = { password: '', newPassword: '', confirm: '' };

/**
 * spec 2, Change password: collapsed behind an arrow (toggling clears the fields), 'Password changed successfully'
 * in place of the form after a change, and the date of the last change in UTC.
 */
export function PasswordSection() {
  const { user, teamId } = useSession();
  const recheckSession = useRecheckSession();
  const [snapshot, send] = useAppActor(passwordChangeMachine.provide({ actions: { recheckSession } }), {
    input: { userId: user.id, teamId },
  });
  const [fields, setFields] = useState(empty);
  const formId = useId();
  const { errors } = snapshot.context;
  const open = !snapshot.matches('collapsed');

  const toggle = () => {
    setFields(empty);
    send({ type: 'password.toggle' });
  };
  const edit = (field: Field) => (value: string) => {
    setFields((current) => ({ ...current, [field]: value }));
    send({ type: 'password.edit', field });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'password.submit', ...fields });
  };
  const allMissing = errors.form !== undefined && snapshot.context.errorCode === null;

  return (
    <Section
      title="Change password"
      description={
        user.changePasswordAt ? (
          <>
            Last changed <time dateTime={user.changePasswordAt}>{formatDateTime(user.changePasswordAt)}</time>{' '}
            (UTC)
          </>
        ) : (
          'You have not changed your password yet.'
        )
      }
      aside={
        <IconButton
          label={open ? 'Hide the change password form' : 'Show the change password form'}
          aria-expanded={open}
          aria-controls={formId}
          className={styles.toggle}
          onClick={toggle}
          disabled={snapshot.matches('submitting')}
        >
          <ChevronDownIcon />
        </IconButton>
      }
    >
      <div id={formId} hidden={!open}>
        {snapshot.matches('success') ? (
          <p className={styles.success} role="status">
            <CheckCircleIcon />
            Password changed successfully
          </p>
        ) : (
          open && (
            <form className={styles.form} onSubmit={submit} noValidate>
              <PasswordField
                label="Current password"
                name="current-password"
                autoComplete="current-password"
                value={fields.password}
                error={errors.password}
                aria-invalid={errors.password || allMissing ? true : undefined}
                onChange={(event) => edit('password')(event.target.value)}
              />
              <PasswordField
                label="New password"
                name="new-password"
                autoComplete="new-password"
                value={fields.newPassword}
                error={errors.newPassword}
                aria-invalid={errors.newPassword || allMissing ? true : undefined}
                onChange={(event) => edit('newPassword')(event.target.value)}
              />
              <PasswordField
                label="Retype new password"
                name="confirm-password"
                autoComplete="new-password"
                value={fields.confirm}
                error={errors.confirm}
                aria-invalid={errors.confirm || allMissing ? true : undefined}
                onChange={(event) => edit('confirm')(event.target.value)}
              />
              {errors.form && <FormError>{errors.form}</FormError>}
              <div className={styles.actions}>
                <Button type="submit" loading={snapshot.matches('submitting')}>
                  Change password
                </Button>
              </div>
            </form>
          )
        )}
      </div>
    </Section>
  );
}
