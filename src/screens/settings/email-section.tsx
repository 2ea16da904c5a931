import { type FormEvent, useEffect, useState } from 'react';
import { emailChangeMachine } from '../../machines/settings/email-change.machine.ts';
import { useAppActor } from '../../shared/app-actor.ts';
import { useSession } from '../../shared/session-context.tsx';
import { Button } from '../../ui/button.tsx';
import { EmailField, FormError, PasswordField } from '../../ui/text-field.tsx';
import { PendingRequest } from './pending-request.tsx';
import { Section } from './section.tsx';
import styles from './settings.module.css';
import { useRecheckSession } from './use-recheck-session.ts';

/**
 * spec 2, Change e-mail: the request form at statusChangeEmail 0; at 10 'Request in progress' with the new address,
 * Resend and Revoke. The session is rechecked after each of them (spec 4).
 */
export function EmailSection() {
  const { user, teamId } = useSession();
  const recheckSession = useRecheckSession();
  const [snapshot, send] = useAppActor(emailChangeMachine.provide({ actions: { recheckSession } }), {
    input: {
      userId: user.id,
      teamId,
      statusChangeEmail: user.statusChangeEmail,
      newChangeEmail: user.newChangeEmail,
    },
  });
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { errors, newEmail } = snapshot.context;
  const request = snapshot.children.pendingRequest;
  const allMissing = errors.form !== undefined;
  const pending = request !== undefined;

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
      {request ? (
        <PendingRequest title="Request in progress" resendLabel="Resend" request={request}>
          We sent a confirmation link to <span className={styles.address}>{newEmail}</span>. Your e-mail
          changes when you open it.
        </PendingRequest>
      ) : (
        <form className={styles.form} onSubmit={submit} noValidate>
          <EmailField
            label="New e-mail"
            name="new-email"
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
      )}
    </Section>
  );
}
