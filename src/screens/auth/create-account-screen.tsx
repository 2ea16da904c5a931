import { type FormEvent, useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { PROFILE_MAX } from '../../../contracts/account-rules.ts';
import { onboardingDone } from '../../lib/onboarding.ts';
import { createAccountMachine } from '../../machines/auth/create-account.machine.ts';
import { useAppActor } from '../../shared/app-actor.ts';
import { paths } from '../../shared/paths.ts';
import { useSession } from '../../shared/session-context.tsx';
import { Button } from '../../ui/button.tsx';
import { FormError, TextField } from '../../ui/text-field.tsx';
import styles from './auth-form.module.css';
import { AuthLayout } from './auth-layout.tsx';

type Field = 'name' | 'surname' | 'workspace';

/** spec 2, /createAccount (guarded): name, last name and workspace name, Start; then My NODR. */
export function CreateAccountScreen() {
  const { user, teamId } = useSession();
  const navigate = useNavigate();
  const [values, setValues] = useState<Record<Field, string>>({
    name: user.name,
    surname: user.surname,
    workspace: user.TeamsRender[0]?.name ?? '',
  });
  const [snapshot, send] = useAppActor(
    createAccountMachine.provide({ actions: { goToMyNodr: () => navigate(paths.myNodr) } }),
    { input: { userId: user.id, teamId } },
  );
  const { errors } = snapshot.context;
  const busy = snapshot.matches('saving') || snapshot.matches('done');
  const allEmpty = errors.form !== undefined && snapshot.matches('editing');

  const field = (key: Field) => ({
    name: key,
    value: values[key],
    error: errors[key],
    'aria-invalid': errors[key] || (allEmpty && values[key] === '') ? true : undefined,
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [key]: event.target.value }));
      send({ type: 'account.edit', field: key });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'account.submit', ...values });
  };

  // Onboarding happens once: afterwards the names change in Settings, so this page would only rename by surprise.
  if (onboardingDone(user)) return <Navigate to={paths.myNodr} replace />;

  return (
    <AuthLayout
      title="Create account"
      subtitle="Tell us who you are and name the workspace your team will share."
    >
      <form className={styles.form} onSubmit={submit} noValidate>
        <TextField label="Name" autoComplete="given-name" maxLength={PROFILE_MAX} {...field('name')} />
        <TextField
          label="Last name"
          autoComplete="family-name"
          maxLength={PROFILE_MAX}
          {...field('surname')}
        />
        <TextField label="Workspace name" autoComplete="organization" {...field('workspace')} />
        {errors.form && <FormError>{errors.form}</FormError>}
        <Button type="submit" block loading={busy}>
          Start
        </Button>
      </form>
    </AuthLayout>
  );
}
