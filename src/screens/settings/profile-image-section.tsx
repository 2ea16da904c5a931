import { profileMachine } from '../../machines/settings/profile.machine.ts';
import { useAppActor } from '../../shared/app-actor.ts';
import { useSession } from '../../shared/session-context.tsx';
import { Avatar } from '../../ui/avatar.tsx';
import { predefinedAvatar } from '../../ui/avatars/avatars.tsx';
import { Button } from '../../ui/button.tsx';
import { ProfileImageModal } from './profile-image-modal.tsx';
import { Section } from './section.tsx';
import styles from './settings.module.css';
import { useRecheckSessionActor } from './use-recheck-session.ts';

/** spec 2, Settings 2 and spec 4 Profile image: the chosen index is saved as a string, then the modal closes. */
export function ProfileImageSection() {
  const { user } = useSession();
  // The header avatar follows the session's user (spec 2): the modal closes once the recheck brought the new image.
  const recheckSession = useRecheckSessionActor();
  const [snapshot, send] = useAppActor(profileMachine.provide({ actors: { recheckSession } }), {
    input: { user },
  });
  const saving = snapshot.matches('saving') || snapshot.matches('refreshing');
  const open = saving || snapshot.matches('editing') || snapshot.matches('failed');
  const fullName = [user.name, user.surname].filter(Boolean).join(' ');
  const picture = predefinedAvatar(user.image);

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
            <Button variant="secondary" onClick={() => send({ type: 'profile.open' })}>
              Change image
            </Button>
          </div>
        </div>
      </div>
      {open && (
        <ProfileImageModal
          current={user.image}
          saving={saving}
          error={snapshot.context.errors.form ?? null}
          onSave={(image) => send({ type: 'profile.pick', user, image })}
          onCancel={() => send({ type: 'profile.cancel' })}
        />
      )}
    </Section>
  );
}
