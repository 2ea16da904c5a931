import { useEffect, useRef } from 'react';
import { Button } from '../../ui/button.tsx';
import styles from './sessions.module.css';

export interface ConfirmProps {
  question: string;
  confirmLabel: string;
  sending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The inline "are you sure" of Settings (sign out, revoke, remove a member, leave); its confirm button takes the focus so Enter or Escape decide. */
export function ConfirmInline({ question, confirmLabel, sending, onConfirm, onCancel }: ConfirmProps) {
  const group = useRef<HTMLFieldSetElement>(null);
  useEffect(() => group.current?.querySelector('button')?.focus(), []);
  return (
    // Escape cancels, as it closes a dialog.
    <fieldset
      ref={group}
      className={styles.confirm}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !sending) onCancel();
      }}
    >
      <legend className={styles.question}>{question}</legend>
      <div className={styles.confirmActions}>
        <Button variant="danger" loading={sending} onClick={onConfirm}>
          {confirmLabel}
        </Button>
        <Button variant="secondary" disabled={sending} onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </fieldset>
  );
}
