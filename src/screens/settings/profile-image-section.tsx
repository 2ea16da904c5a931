import { useState } from 'react';
import { saveUser } from '../../api/settings.ts';
import { toRequestFailure } from '../../machines/request-error.ts';
import { useSession } from '../../shared/session-context.tsx';
import { Button } from '../../ui/button.tsx';
import { Avatar } from './avatar.tsx';
import { predefinedAvatar } from './avatars/avatars.tsx';
import { ProfileImageModal } from './profile-image-modal.tsx';
import { Section } from './section.tsx';
import styles from './settings.module.css';

type State = { open: false } | { open: true; saving: boolean; error: string | null };

/** spec 2, Settings 2 and spec 4 Profile image: the chosen index is saved as a string, then the modal closes. */
export function ProfileImageSection() {
  const { user, recheck } = useSession();
  const [state, setState] = useState<State>({ open: false });
  const fullName = [user.name, user.surname].filter(Boolean).join(' ');
  const picture = predefinedAvatar(user.image);

  const save = async (image: string) => {
    setState({ open: true, saving: true, error: null });
    try {
      await saveUser(user, { image });
      // The header avatar follows the session's user (spec 2).
      await recheck();
      setState({ open: false });
    } catch (error) {
      setState({ open: true, saving: false, error: toRequestFailure(error).message });
    }
  };

  return (
    <Section title="Profile image" description="Pick the picture shown beside your name.">
      <div className={styles.imageRow}>
        <Avatar image={user.image} size={80} name={fullName} label="Your current profile image" />
        <div className={styles.form}>
          <p className={styles.meta}>
            {picture ? (
              <>
                Current image: <strong>{picture.label}</strong>
              </>
            ) : (
              'You are using the default image.'
            )}
          </p>
          <div className={styles.actions}>
            <Button variant="secondary" onClick={() => setState({ open: true, saving: false, error: null })}>
              Change image
            </Button>
          </div>
        </div>
      </div>
      {state.open && (
        <ProfileImageModal
          current={user.image}
          saving={state.saving}
          error={state.error}
          onSave={save}
          onCancel={() => setState({ open: false })}
        />
      )}
    </Section>
  );
}
