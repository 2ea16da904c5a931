import { useActor } from '@xstate/react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { inspect } from '../../app/inspect.ts';
import { useSession } from '../../app/session-context.tsx';
import { emailChangeMachine } from '../../machines/email-change.machine.ts';
import { Button } from '../../ui/button.tsx';
import { WarningIcon } from '../../ui/icons.tsx';
import { FormError, PasswordField, TextField } from '../../ui/text-field.tsx';
import { Section } from './section.tsx';
import styles from './settings.module.css';

/**
 * spec 2, Change e-mail: the request form at statusChangeEmail 0; at 10 'Request in progress' with the new address,
 * Resend and Revoke. The session is rechecked after each of them (spec 4).
 */
export function EmailSection() {
  const { user, teamId, recheck } = useSession();
  const recheckRef = useRef(recheck);
  recheckRef.current = recheck;
  const [snapshot, send] = useActor(
    emailChangeMachine.provide({ actions: { recheckSession: () => void recheckRef.current() } }),
    {
      input: {
        userId: user.id,
        teamId,
        statusChangeEmail: user.statusChangeEmail,
        newChangeEmail: user.newChangeEmail,
      },
      inspect: inspect(),
    },
  );
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { errors, newEmail, notice } = snapshot.context;
  const inForm = snapshot.matches('form') || snapshot.matches('submitting');
  const allMissing = errors.form !== undefined;
  const pending = snapshot.matches('pending');

  // A sent request leaves nothing typed behind: a revoke shows an empty form again.
  useEffect(() => {
    if (!pending) return;
    setEmail('');
    setPassword('');
  }, [pending]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'email.submit', email, password });
  };

  return (
    <Section
      title="Change e-mail"
      description={
        <>
          You sign in with <span className={styles.address}>{user.email}</span>.
        </>
      }
    >
      {inForm ? (
        <form className={styles.form} onSubmit={submit} noValidate>
          <TextField
            label="New e-mail"
            name="new-email"
            type="email"
            inputMode="email"
            autoComplete="email"
            value={email}
            error={errors.email}
            aria-invalid={errors.email || allMissing ? true : undefined}
            onChange={(event) => {
              setEmail(event.target.value);
              send({ type: 'email.edit', field: 'email' });
            }}
          />
          <PasswordField
            label="Current password"
            name="email-change-password"
            autoComplete="current-password"
            value={password}
            error={errors.password}
            aria-invalid={errors.password || allMissing ? true : undefined}
            onChange={(event) => {
              setPassword(event.target.value);
              send({ type: 'email.edit', field: 'password' });
            }}
          />
          {errors.form && <FormError>{errors.form}</FormError>}
          <div className={styles.actions}>
            <Button type="submit" loading={snapshot.matches('submitting')}>
              Change e-mail
            </Button>
          </div>
        </form>
      ) : (
        <div className={styles.pending}>
          <p className={styles.pendingTitle}>
            <WarningIcon />
            Request in progress
          </p>
          <p>
            We sent a confirmation link to <span className={styles.address}>{newEmail}</span>. Your e-mail
            changes when you open it.
          </p>
          {errors.form && <FormError>{errors.form}</FormError>}
          <p className={styles.status} role="status">
            {notice ?? ''}
          </p>
          <div className={styles.actions}>
            <Button
              variant="secondary"
              loading={snapshot.matches('resending')}
              disabled={snapshot.matches('revoking')}
              onClick={() => send({ type: 'email.resend' })}
            >
              Resend
            </Button>
            <Button
              variant="ghost"
              loading={snapshot.matches('revoking')}
              disabled={snapshot.matches('resending')}
              onClick={() => send({ type: 'email.revoke' })}
            >
              Revoke
            </Button>
          </div>
        </div>
      )}
    </Section>
  );
}
