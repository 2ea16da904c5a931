import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { passwordRecoveryMachine } from '../../machines/auth/password-recovery.machine.ts';
import { useAppActor } from '../../shared/app-actor.ts';
import { paths } from '../../shared/paths.ts';
import { Button } from '../../ui/button.tsx';
import { EmailField, FormError } from '../../ui/text-field.tsx';
import styles from './auth-form.module.css';
import { AuthLayout, BackToLogin } from './auth-layout.tsx';

/** spec 2, Forgot password: e-mail, Submit, a link back to login; success goes to passwordRecovery. */
export function ForgotPasswordScreen() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [snapshot, send] = useAppActor(
    passwordRecoveryMachine.provide({
      actions: { goToPasswordRecovery: () => navigate(paths.passwordRecovery) },
    }),
  );
  const { errors } = snapshot.context;
  const busy = snapshot.matches('sending') || snapshot.matches('sent');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'recovery.submit', email });
  };

  return (
    <AuthLayout
      title="Forgot password"
      subtitle="Enter the e-mail of your account and we will send you a link to set a new password."
      footer={<BackToLogin />}
    >
      <form className={styles.form} onSubmit={submit} noValidate>
        <EmailField
          label="E-mail"
          name="email"
          value={email}
          error={errors.email}
          onChange={(event) => {
            setEmail(event.target.value);
            send({ type: 'recovery.edit', field: 'email' });
          }}
        />
        {errors.form && <FormError>{errors.form}</FormError>}
        <Button type="submit" block loading={busy}>
          Submit
        </Button>
      </form>
    </AuthLayout>
  );
}
