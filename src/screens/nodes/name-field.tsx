import { useEffect, useRef, useState } from 'react';
import { MAX_NODE_NAME } from '../../../contracts/node-rules.ts';
import { IconButton } from '../../ui/button.tsx';
import { CheckCircleIcon, PencilIcon } from '../../ui/icons.tsx';
import styles from './name-field.module.css';

export interface NameFieldProps {
  name: string;
  saving: boolean;
  /** A rename just succeeded: 'Saved' is announced. */
  saved: boolean;
  onCommit: (name: string) => void;
}

/**
 * The editable name (spec 2, 5): placeholder 'Untitled', at most 320 characters, saved on blur or Enter, Escape
 * restores it. A pencil button shows that it can be edited, and a polite status confirms 'Saved'.
 */
export function NameField({ name, saving, saved, onCommit }: NameFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState(name);
  // Escape blurs too; the blur that follows must not save the abandoned draft.
  const cancelled = useRef(false);
  // Once a save is over (done or failed) or a live update renamed the node, the saved name replaces the draft.
  useEffect(() => {
    if (!saving) setDraft(name);
  }, [name, saving]);
  return (
    <span className={styles.field}>
      <input
        ref={input}
        className={styles.name}
        aria-label="NODR name"
        placeholder="Untitled"
        maxLength={MAX_NODE_NAME}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={() => {
          const abandoned = cancelled.current;
          cancelled.current = false;
          if (abandoned || draft.trim() === name) setDraft(name);
          else onCommit(draft);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.currentTarget.blur();
          if (event.key === 'Escape') {
            cancelled.current = true;
            setDraft(name);
            event.currentTarget.blur();
          }
        }}
      />
      <IconButton
        label="Rename NODR"
        className={styles.pencil}
        onClick={() => {
          input.current?.focus();
          input.current?.select();
        }}
      >
        <PencilIcon size={16} />
      </IconButton>
      <span className={styles.saved} role="status">
        {saved && !saving && (
          <>
            <CheckCircleIcon size={14} />
            Saved
          </>
        )}
      </span>
    </span>
  );
}
