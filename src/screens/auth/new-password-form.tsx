import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { tokenStore } from '../../api/token-store.ts';
import { setPasswordMachine } from '../../machines/auth/set-password.machine.ts';
import { useAppActor } from '../../shared/app-actor.ts';
import { paths } from '../../shared/paths.ts';
import { Button } from '../../ui/button.tsx';
import { FormError, PasswordField } from '../../ui/text-field.tsx';
import styles from './auth-form.module.css';

/** A reset link is not a second factor, so the person signs in with the code next. */
export const signInWithCode =
  'Your new password is saved. Sign in with it and a code from your authenticator app.';

/** The form of Create password and Reset password (spec 2): new password and confirm, Submit. */
export function NewPasswordForm({ hash, onSignedIn }: { hash: string; onSignedIn: () => void }) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const navigate = useNavigate();
  const [snapshot, send] = useAppActor(
    setPasswordMachine.provide({
      actions: {
        storeToken: (_, { token }) => tokenStore.set(token),
        goNext: onSignedIn,
        goToSignIn: () => navigate(paths.login, { state: { notice: signInWithCode } }),
      },
    }),
    { input: { hash } },
  );
  const { errors } = snapshot.context;
  const busy = snapshot.matches('saving') || snapshot.matches('signedIn') || snapshot.matches('codeNeeded');
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
