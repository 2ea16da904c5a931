import { type FormEvent, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { registrationMachine } from '../../machines/auth/registration.machine.ts';
import { useAppActor } from '../../shared/app-actor.ts';
import { paths } from '../../shared/paths.ts';
import { routeState } from '../../shared/route-state.ts';
import { Button } from '../../ui/button.tsx';
import { Checkbox, EmailField, FormError } from '../../ui/text-field.tsx';
import styles from './auth-form.module.css';
import { AuthLayout } from './auth-layout.tsx';

/** spec 2, Register ('Join network'): e-mail and two checkboxes checked by default; success goes to pending. */
export function RegisterScreen() {
  const navigate = useNavigate();
  // The invited address when the person came from an invitation link.
  const location = useLocation();
  const [email, setEmail] = useState(() => routeState(location.state, 'email') ?? '');
  const [terms, setTerms] = useState(true);
  const [offers, setOffers] = useState(true);
  const [snapshot, send] = useAppActor(
    registrationMachine.provide({
      actions: {
        goToPendingRegistration: ({ context }) =>
          navigate(paths.pendingRegistration, { state: { email: context.request.login } }),
      },
    }),
  );
  const { errors } = snapshot.context;
  const busy = snapshot.matches('sending') || snapshot.matches('pending');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'registration.submit', email, offer: offers, subscription: terms });
  };

  return (
    <AuthLayout
      title="Join network"
      subtitle="Create your NODR account with your e-mail. We will send you a link to set your password."
      footer={
        <>
          Already have an account?{' '}
          <Link className={styles.link} to={paths.login}>
            Login
          </Link>
        </>
      }
    >
      <form className={styles.form} onSubmit={submit} noValidate>
        <EmailField
          label="E-mail"
          name="email"
          value={email}
          error={errors.email}
          onChange={(event) => {
            setEmail(event.target.value);
            send({ type: 'registration.edit', field: 'email' });
          }}
        />
        <div className={styles.checks}>
          <Checkbox
            label="I agree to the terms of service"
            name="subscription"
            checked={terms}
            onChange={(event) => setTerms(event.target.checked)}
          />
          <Checkbox
            label="I agree to receive updates and offers"
            name="offer"
            checked={offers}
            onChange={(event) => setOffers(event.target.checked)}
          />
        </div>
        {errors.form && <FormError>{errors.form}</FormError>}
        {/* spec 2: disabled while the terms are not accepted. */}
        <Button type="submit" block loading={busy} disabled={!terms}>
          Create account
        </Button>
      </form>
    </AuthLayout>
  );
}
