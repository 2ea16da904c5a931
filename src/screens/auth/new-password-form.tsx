import { type FormEvent, type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { PasswordLinkPurpose } from '../../../contracts/password-link.ts';
import { tokenStore } from '../../api/token-store.ts';
import { type SetPasswordEvent, setPasswordMachine } from '../../machines/auth/set-password.machine.ts';
import { useAppActor } from '../../shared/app-actor.ts';
import { paths } from '../../shared/paths.ts';
import { Button } from '../../ui/button.tsx';
import { Loader } from '../../ui/loader.tsx';
import { FormError, PasswordField } from '../../ui/text-field.tsx';
import { ExpiredLink } from '../results/link-result.tsx';
import styles from './auth-form.module.css';
import { AuthLayout } from './auth-layout.tsx';

/** A reset link is not a second factor, so the person signs in with the code next. */
export const signInWithCode =
  'Your new password is saved. Sign in with it and a code from your authenticator app.';

export interface NewPasswordPageProps {
  hash: string;
  purpose: PasswordLinkPurpose;
  title: string;
  /** Shown with the form only, once the link is known to work. */
  subtitle: string;
  footer?: ReactNode;
  onSignedIn: () => void;
}

/**
 * Create password and Reset password (spec 2): the link is checked as the page opens; a dead link shows the
 * expired-link page, a live one the form (new password and confirm, Submit).
 */
export function NewPasswordPage({
  hash,
  purpose,
  title,
  subtitle,
  footer,
  onSignedIn,
}: NewPasswordPageProps) {
  const navigate = useNavigate();
  const [snapshot, send] = useAppActor(
    setPasswordMachine.provide({
      actions: {
        storeToken: (_, { token }) => tokenStore.set(token),
        goNext: onSignedIn,
        goToSignIn: () => navigate(paths.login, { state: { notice: signInWithCode } }),
      },
    }),
    { input: { hash, purpose } },
  );
  const { errors } = snapshot.context;

  if (snapshot.matches('expired')) return <ExpiredLink />;
  if (snapshot.matches('checking')) {
    return (
      <AuthLayout title={title} footer={footer}>
        <Loader label="Checking your link" />
      </AuthLayout>
    );
  }
  if (snapshot.matches('checkFailed')) {
    return (
      <AuthLayout title={title} footer={footer}>
        <div className={styles.form}>
          <FormError>{errors.form}</FormError>
          <Button type="button" block onClick={() => send({ type: 'link.retry' })}>
            Try again
          </Button>
        </div>
      </AuthLayout>
    );
  }
  const busy = snapshot.matches('saving') || snapshot.matches('signedIn') || snapshot.matches('codeNeeded');
  return (
    <AuthLayout title={title} subtitle={subtitle} footer={footer}>
      <NewPasswordForm errors={errors} busy={busy} send={send} />
    </AuthLayout>
  );
}

interface NewPasswordFormProps {
  errors: { password?: string; confirm?: string; form?: string };
  busy: boolean;
  send: (event: SetPasswordEvent) => void;
}

function NewPasswordForm({ errors, busy, send }: NewPasswordFormProps) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const allEmpty = errors.form !== undefined && password === '' && confirm === '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'password.submit', password, confirm });
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <PasswordField
        label="New password"
        name="password"
        autoComplete="new-password"
        value={password}
        error={errors.password}
        hint="At least 6 characters."
        aria-invalid={errors.password || allEmpty ? true : undefined}
        onChange={(event) => {
          setPassword(event.target.value);
          send({ type: 'password.edit', field: 'password' });
        }}
      />
      <PasswordField
        label="Confirm password"
        name="confirm"
        autoComplete="new-password"
        value={confirm}
        error={errors.confirm}
        aria-invalid={errors.confirm || allEmpty ? true : undefined}
        onChange={(event) => {
          setConfirm(event.target.value);
          send({ type: 'password.edit', field: 'confirm' });
        }}
      />
      {errors.form && <FormError>{errors.form}</FormError>}
      <Button type="submit" block loading={busy}>
        Submit
      </Button>
    </form>
  );
}
