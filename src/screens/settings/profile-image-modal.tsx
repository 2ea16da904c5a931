import { useId, useState } from 'react';
import { Avatar } from '../../ui/avatar.tsx';
import { AVATARS } from '../../ui/avatars/avatars.tsx';
import { Button } from '../../ui/button.tsx';
import { Modal } from '../../ui/modal.tsx';
import { FormError } from '../../ui/text-field.tsx';
import styles from './profile-image-modal.module.css';

export interface ProfileImageModalProps {
  /** The saved index, '0' or null for the default avatar. */
  current: string | null;
  saving: boolean;
  error: string | null;
  onSave: (image: string) => void;
  onCancel: () => void;
}

/**
 * spec 2, Profile image modal: the tab 'Default images' with a grid of the 12 avatars (one radio group), Cancel and
 * Save. Nothing is saved until Save.
 */
export function ProfileImageModal({ current, saving, error, onSave, onCancel }: ProfileImageModalProps) {
  const [chosen, setChosen] = useState(current && current !== '0' ? current : '');
  const tabId = useId();
  const panelId = useId();
  return (
    <Modal
      title="Profile image"
      onClose={onCancel}
      wide
      actions={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
          <Button onClick={() => onSave(chosen)} loading={saving} disabled={chosen === ''}>
            Save
          </Button>
        </>
      }
    >
      <div role="tablist" aria-label="Image sources" className={styles.tabs}>
        <button
          type="button"
          role="tab"
          id={tabId}
          aria-selected="true"
          aria-controls={panelId}
          className={styles.tab}
        >
          Default images
        </button>
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId} className={styles.panel}>
        <fieldset className={styles.grid}>
          <legend className="visually-hidden">Choose one of the default images</legend>
          {AVATARS.map((avatar) => (
            <label key={avatar.id} className={styles.option}>
              <input
                type="radio"
                name="profile-image"
                value={avatar.id}
                checked={chosen === avatar.id}
                onChange={() => setChosen(avatar.id)}
                className={styles.radio}
              />
              <span className={styles.picture}>
                <Avatar image={avatar.id} size={72} label="" />
              </span>
              <span className={styles.caption}>{avatar.label}</span>
            </label>
          ))}
        </fieldset>
      </div>
      {error && <FormError>{error}</FormError>}
    </Modal>
  );
}
