import { type TextareaHTMLAttributes, useId } from 'react';
import fieldStyles from '../../ui/field.module.css';
import { describedBy, FieldNotes } from '../../ui/text-field.tsx';
import styles from './public-key-field.module.css';

export interface PublicKeyFieldProps
  extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'onChange'> {
  label: string;
  value: string;
  onChange: (text: string) => void;
  error?: string | null;
  /** Why the key was refused, under the error (contracts/public-key-diagnosis.ts). */
  reason?: string | null;
  hint?: string;
}

/** The public-key textarea of the add flow and the config update (spec 5), with its message under it. */
export function PublicKeyField({
  label,
  value,
  onChange,
  error,
  reason,
  hint,
  ...rest
}: PublicKeyFieldProps) {
  const id = useId();
  const shownReason = error && reason ? reason : null;
  const described = [describedBy(id, hint, error), shownReason && `${id}-reason`].filter(Boolean).join(' ');
  return (
    <div className={fieldStyles.field}>
      <label htmlFor={id} className={fieldStyles.label}>
        {label}
      </label>
      <textarea
        id={id}
        className={`${fieldStyles.input} ${styles.key}`}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        spellCheck={false}
        autoComplete="off"
        autoCapitalize="off"
        rows={5}
        placeholder={'-----BEGIN PUBLIC KEY-----\n...\n-----END PUBLIC KEY-----'}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        {...rest}
      />
      <FieldNotes id={id} hint={hint} error={error} />
      {shownReason && (
        <p id={`${id}-reason`} className={styles.reason} aria-live="polite">
          {shownReason}
        </p>
      )}
    </div>
  );
}
