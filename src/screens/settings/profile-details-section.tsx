import type { FormEvent } from 'react';
import { PROFILE_MAX } from '../../../contracts/account-rules.ts';
import { type ProfileField, profileMachine } from '../../machines/settings/profile.machine.ts';
import { profileMessages } from '../../machines/settings/profile-rules.ts';
import { useAppActor } from '../../shared/app-actor.ts';
import { useSession } from '../../shared/session-context.tsx';
import { Button } from '../../ui/button.tsx';
import { FormError, TextField } from '../../ui/text-field.tsx';
import { Section } from './section.tsx';
import styles from './settings.module.css';
import { useRecheckSessionActor } from './use-recheck-session.ts';

/** spec 2, Settings 1: name, surname and phone, saved with PUT v1/user/{id}; the session is rechecked after. */
export function ProfileDetailsSection() {
  const { user } = useSession();
  const recheckSession = useRecheckSessionActor();
  const [snapshot, send] = useAppActor(profileMachine.provide({ actors: { recheckSession } }), {
    input: { user },
  });
  const { details, errors } = snapshot.context;
  const saving = snapshot.matches('saving') || snapshot.matches('refreshing');

  const edit = (field: ProfileField) => (value: string) => send({ type: 'profile.edit', field, value });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'profile.save', user });
  };

  return (
    <Section
      title="Profile details"
      description="Your name as your team sees it, and a phone number to reach you."
    >
      <form className={styles.form} onSubmit={submit} noValidate>
        <div className={styles.fieldRow}>
          <TextField
            label="Name"
            name="name"
            autoComplete="given-name"
            maxLength={PROFILE_MAX}
            value={details.name}
            error={errors.name}
            onChange={(event) => edit('name')(event.target.value)}
          />
          <TextField
            label="Surname"
            name="surname"
            autoComplete="family-name"
            maxLength={PROFILE_MAX}
            value={details.surname}
            error={errors.surname}
            onChange={(event) => edit('surname')(event.target.value)}
          />
        </div>
        <TextField
          label="Phone"
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          maxLength={PROFILE_MAX}
          value={details.phone}
          error={errors.phone}
          onChange={(event) => edit('phone')(event.target.value)}
        />
        {errors.form && <FormError>{errors.form}</FormError>}
        <div className={styles.actions}>
          <Button type="submit" loading={saving}>
            Save changes
          </Button>
          <p className={styles.status} role="status">
            {snapshot.matches('saved') ? profileMessages.saved : ''}
          </p>
        </div>
      </form>
    </Section>
  );
}
