import { type FormEvent, useState } from 'react';
import { TYPED_CODE_MAX } from '../../../contracts/two-factor.ts';
import { Button } from '../../ui/button.tsx';
import { TextField } from '../../ui/text-field.tsx';
import styles from './auth-form.module.css';

export interface TwoFactorCodeFormProps {
  error: string | undefined;
  busy: boolean;
  onSubmit: (code: string) => void;
  onEdit: () => void;
  onCancel: () => void;
  /** A passkey of the account instead of the code. */
  onPasskey: () => void;
}

/**
 * The code step of sign-in. A 6-digit code from the authenticator app, or one of the recovery
 * codes (letters too, so that choice switches the phone keyboard from digits to text).
 */
export function TwoFactorCodeForm({
  error,
  busy,
  onSubmit,
  onEdit,
  onCancel,
  onPasskey,
}: TwoFactorCodeFormProps) {
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(code);
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Two-factor sign-in">
      <p className={styles.text}>
        {recovery
          ? 'Enter one of your recovery codes. Each code works once.'
          : 'Enter the 6-digit code from your authenticator app.'}
      </p>
      <TextField
        label={recovery ? 'Recovery code' : 'Authentication code'}
        name="code"
        value={code}
        error={error}
        autoComplete="one-time-code"
        inputMode={recovery ? 'text' : 'numeric'}
        autoCapitalize="off"
        spellCheck={false}
        maxLength={TYPED_CODE_MAX}
        // The field is the only thing to do on this step.
        autoFocus
        onChange={(event) => {
          setCode(event.target.value);
          onEdit();
        }}
      />
      <div className={styles.row}>
        <button type="button" className={styles.linkButton} onClick={() => setRecovery((shown) => !shown)}>
          {recovery ? 'Use a code from the app' : 'Use a recovery code'}
        </button>
        <button type="button" className={styles.linkButton} onClick={onPasskey} disabled={busy}>
          Use a passkey instead
        </button>
      </div>
      <Button type="submit" block loading={busy}>
        Verify
      </Button>
      <Button variant="ghost" block onClick={onCancel} disabled={busy}>
        Back to sign-in
      </Button>
    </form>
  );
}
