import { type FormEvent, useState } from 'react';
import { PROFILE_MAX } from '../../../contracts/account-rules.ts';
import { saveUser } from '../../api/settings.ts';
import { useSession } from '../../app/session-context.tsx';
import { toRequestFailure } from '../../machines/request-error.ts';
import { Button } from '../../ui/button.tsx';
import { FormError, TextField } from '../../ui/text-field.tsx';
import {
  type ProfileDetails,
  type ProfileErrors,
  profileMessages,
  trimProfile,
  validateProfile,
} from './profile-rules.ts';
import { Section } from './section.tsx';
import styles from './settings.module.css';

type Status = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'failed'; message: string };

/** spec 2, Settings 1: name, surname and phone, saved with PUT v1/user/{id}; the session is rechecked after. */
export function ProfileDetailsSection() {
  const { user, recheck } = useSession();
  const [details, setDetails] = useState<ProfileDetails>({
    name: user.name,
    surname: user.surname,
    phone: user.phone,
  });
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [status, setStatus] = useState<Status>({ kind: 'idle' });

  const edit = (key: keyof ProfileDetails) => (value: string) => {
    setDetails((current) => ({ ...current, [key]: value }));
    setErrors(({ [key]: _, ...rest }) => rest);
    setStatus({ kind: 'idle' });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = trimProfile(details);
    const found = validateProfile(trimmed);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setStatus({ kind: 'saving' });
    try {
      const saved = await saveUser(user, trimmed);
      setDetails({ name: saved.name, surname: saved.surname, phone: saved.phone });
      await recheck();
      setStatus({ kind: 'saved' });
    } catch (error) {
      setStatus({ kind: 'failed', message: toRequestFailure(error).message });
    }
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
        {status.kind === 'failed' && <FormError>{status.message}</FormError>}
        <div className={styles.actions}>
          <Button type="submit" loading={status.kind === 'saving'}>
            Save changes
          </Button>
          <p className={styles.status} role="status">
            {status.kind === 'saved' ? profileMessages.saved : ''}
          </p>
        </div>
      </form>
    </Section>
  );
}
