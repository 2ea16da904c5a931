import { type FormEvent, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { tokenStore } from '../../api/token-store.ts';
import { loginMachine } from '../../machines/auth/login.machine.ts';
import { useAppActor } from '../../shared/app-actor.ts';
import { paths } from '../../shared/paths.ts';
import { routeState } from '../../shared/route-state.ts';
import { Button } from '../../ui/button.tsx';
import { EmailField, FormError, PasswordField } from '../../ui/text-field.tsx';
import styles from './auth-form.module.css';
import { AuthLayout } from './auth-layout.tsx';
import { TwoFactorCodeForm } from './two-factor-code-form.tsx';

/** spec 2, Login at /: e-mail and password, Login, links to Forgot password and Sign up; success goes to My NODR. */
export function LoginScreen() {
  const navigate = useNavigate();
  // e.g. after a password reset on an account with two-factor sign-in (new-password-form.tsx), or a session that
  // ended elsewhere. Shown once: kept here, then dropped from the history entry so a reload forgets it.
  const location = useLocation();
  const [notice] = useState(() => routeState(location.state, 'notice'));
  const [email, setEmail] = useState(() => routeState(location.state, 'email') ?? '');
  useEffect(() => {
    if (location.state) navigate(location.pathname, { replace: true, state: null });
  }, [location, navigate]);
  const [snapshot, send] = useAppActor(
    loginMachine.provide({
      actions: {
        storeToken: (_, { token }) => tokenStore.set(token),
        clearToken: () => tokenStore.clear(),
        goToMyNodr: () => navigate(paths.myNodr),
      },
    }),
  );
  const [password, setPassword] = useState('');
  const { errors } = snapshot.context;
  const busy = snapshot.matches('submitting') || snapshot.matches('success');
  const passkeyBusy = snapshot.matches('passkey');
  const allEmpty = errors.form !== undefined && snapshot.matches('idle');

  // The second step of a sign-in with two-factor on.
  if (snapshot.matches('code') || (snapshot.matches('success') && snapshot.context.challenge)) {
    return (
      <AuthLayout title="Two-factor sign-in" subtitle="One more step to keep your account safe.">
        <TwoFactorCodeForm
          error={errors.code}
          busy={
            snapshot.matches({ code: 'verifying' }) ||
            snapshot.matches({ code: 'passkey' }) ||
            snapshot.matches('success')
          }
          onSubmit={(code) => send({ type: 'code.submit', code })}
          onEdit={() => send({ type: 'login.edit', field: 'code' })}
          onCancel={() => send({ type: 'code.cancel' })}
          onPasskey={() => send({ type: 'passkey.start' })}
        />
      </AuthLayout>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'login.submit', email, password });
  };

  return (
    <AuthLayout
      title="Sign in to NODR"
      subtitle="Welcome back. Manage your nodes and follow their traffic."
      footer={
        <>
          Don't have an account?{' '}
          <Link className={styles.link} to={paths.register}>
            Sign up
          </Link>
        </>
      }
    >
      <form className={styles.form} onSubmit={submit} noValidate>
        {notice && (
          <p className={styles.text} role="status">
            {notice}
          </p>
        )}
        <EmailField
          label="E-mail"
          name="email"
          // The browser may offer this site's passkeys among the field's suggestions (conditional UI).
          autoComplete="username webauthn"
          value={email}
          error={errors.email}
          aria-invalid={errors.email || allEmpty ? true : undefined}
          onChange={(event) => {
            setEmail(event.target.value);
            send({ type: 'login.edit', field: 'email' });
          }}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          value={password}
          error={errors.password}
          aria-invalid={errors.password || allEmpty ? true : undefined}
          onChange={(event) => {
            setPassword(event.target.value);
            send({ type: 'login.edit', field: 'password' });
          }}
        />
        <div className={styles.row}>
          <Link className={styles.link} to={paths.forgotPassword}>
            Forgot password
          </Link>
        </div>
        {errors.form && <FormError>{errors.form}</FormError>}
        <Button type="submit" block loading={busy} disabled={passkeyBusy}>
          Login
        </Button>
        <p className={styles.divider}>or</p>
        <Button
          variant="secondary"
          block
          loading={passkeyBusy}
          disabled={busy}
          onClick={() => send({ type: 'passkey.start' })}
        >
          Sign in with a passkey
        </Button>
      </form>
    </AuthLayout>
  );
}
