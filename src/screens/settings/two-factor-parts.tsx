import { useState } from 'react';
import { TYPED_CODE_MAX } from '../../../contracts/two-factor.ts';
import { Button } from '../../ui/button.tsx';
import { CheckCircleIcon } from '../../ui/icons.tsx';
import { TextField } from '../../ui/text-field.tsx';
import styles from './settings.module.css';
import own from './two-factor-section.module.css';

/** The code field of both forms: the authenticator app's one-time code. */
export function CodeField(props: {
  value: string;
  error?: string;
  label: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      label={props.label}
      name="code"
      value={props.value}
      error={props.error}
      autoComplete="one-time-code"
      inputMode="numeric"
      autoCapitalize="off"
      spellCheck={false}
      maxLength={TYPED_CODE_MAX}
      onChange={(event) => props.onChange(event.target.value)}
    />
  );
}

/** Copies the recovery codes, saying so (or that the browser refused). */
function CopyCodes({ codes }: { codes: string[] }) {
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const copy = () =>
    navigator.clipboard.writeText(codes.join('\n')).then(
      () => setCopied('yes'),
      () => setCopied('no'),
    );
  return (
    <>
      <Button variant="secondary" onClick={copy}>
        Copy codes
      </Button>
      <span role="status" className={styles.meta}>
        {copied === 'yes' && 'Copied'}
        {copied === 'no' && 'Could not copy: select the codes and copy them by hand'}
      </span>
    </>
  );
}

/** The recovery codes, right after turning on: shown this once, with a copy button. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className={styles.form}>
      <p className={styles.success} role="status">
        <CheckCircleIcon />
        Two-factor sign-in is on
      </p>
      <p>
        Keep these recovery codes somewhere safe. Each one signs you in once if you lose your phone. They are
        shown only now.
      </p>
      <ul className={own.codes} aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className={styles.actions}>
        <CopyCodes codes={codes} />
        <Button onClick={onDone}>I have saved them</Button>
      </div>
    </div>
  );
}
