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
  hint?: string;
}

/** The public-key textarea of the add flow and the config update (spec 5), with its message under it. */
export function PublicKeyField({ label, value, onChange, error, hint, ...rest }: PublicKeyFieldProps) {
  const id = useId();
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
        aria-describedby={describedBy(id, hint, error)}
        {...rest}
      />
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}
