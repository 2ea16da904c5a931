import { type InputHTMLAttributes, type ReactNode, useId, useState } from 'react';
import styles from './field.module.css';
import { EyeIcon, EyeOffIcon } from './icons.tsx';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** A validation message; shown under the field and announced (aria-describedby, role alert). */
  error?: string;
  hint?: ReactNode;
  /** Visually hides the label (it stays the accessible name). */
  hideLabel?: boolean;
}

/** The ids of a field's hint and message, for its `aria-describedby` (a screen reader reads them with it). */
export function describedBy(
  id: string,
  hint: ReactNode,
  error: string | null | undefined,
): string | undefined {
  return [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
}

/** The hint and the validation message under the field `id`; the message is announced when it appears. */
export function FieldNotes({
  id,
  hint,
  error,
}: {
  id: string;
  hint: ReactNode;
  error: string | null | undefined;
}) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </>
  );
}

/** A labelled input with its validation message; every field of the app goes through this. */
export function TextField({ label, error, hint, hideLabel, className, ...rest }: TextFieldProps) {
  const id = useId();
  return (
    <div className={`${styles.field} ${className ?? ''}`}>
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : styles.label}>
        {label}
      </label>
      <div className={styles.control}>
        <input
          id={id}
          className={styles.input}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, hint, error)}
          {...rest}
        />
      </div>
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

/** An e-mail input: the e-mail keyboard on phones and the browser's e-mail autofill. */
export function EmailField(props: Omit<TextFieldProps, 'type' | 'inputMode'>) {
  return <TextField type="email" inputMode="email" autoComplete="email" {...props} />;
}

/** A password input with the show/hide toggle every password field has (spec 5). */
export function PasswordField({ label, error, hint, className, ...rest }: Omit<TextFieldProps, 'type'>) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  return (
    <div className={`${styles.field} ${className ?? ''}`}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <div className={styles.control}>
        <input
          id={id}
          type={visible ? 'text' : 'password'}
          className={`${styles.input} ${styles.withToggle}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, hint, error)}
          {...rest}
        />
        <button
          type="button"
          className={styles.toggle}
          onClick={() => setVisible((shown) => !shown)}
          aria-label={visible ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
          aria-pressed={visible}
          aria-controls={id}
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      </div>
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

export function Checkbox({
  label,
  ...rest
}: { label: ReactNode } & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  return (
    <label className={styles.checkbox}>
      <input type="checkbox" {...rest} />
      <span>{label}</span>
    </label>
  );
}

/** A form-level error (e.g. 'Incorrect e-mail or password'), announced when it appears. */
export function FormError({ children }: { children: ReactNode }) {
  return (
    <p className={styles.formError} role="alert">
      {children}
    </p>
  );
}
