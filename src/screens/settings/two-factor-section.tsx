import { type FormEvent, useId, useState } from 'react';
import { twoFactorSettingsMachine } from '../../machines/settings/two-factor-settings.machine.ts';
import { useAppActor } from '../../shared/app-actor.ts';
import { Button, IconButton } from '../../ui/button.tsx';
import { CheckCircleIcon, ChevronDownIcon } from '../../ui/icons.tsx';
import { FormError, PasswordField } from '../../ui/text-field.tsx';
import { QrCode } from './qr-code.tsx';
import { Section } from './section.tsx';
import styles from './settings.module.css';
import { CodeField, RecoveryCodes } from './two-factor-parts.tsx';
import own from './two-factor-section.module.css';

/**
 * Settings: two-factor sign-in. Turning on shows a QR code (drawn here) and the secret as
 * text, takes a first code, then shows the 10 recovery codes once; turning off takes the password and a code, and
 * so does making new recovery codes (shown once as well; the old ones stop working).
 */
export function TwoFactorSection() {
  const [snapshot, send] = useAppActor(twoFactorSettingsMachine);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const bodyId = useId();
  const { errors, secret, uri, recoveryCodes, changed } = snapshot.context;
  const edit = (field: 'code' | 'password', set: (value: string) => void) => (value: string) => {
    set(value);
    send({ type: 'twoFactor.edit', field });
  };
  const reset = () => {
    setCode('');
    setPassword('');
  };
  const confirm = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'twoFactor.confirm', code });
  };
  // Turning off and making new recovery codes both take the password and a code.
  const passwordAndCode = (type: 'twoFactor.disable' | 'twoFactor.renew') => (event: FormEvent) => {
    event.preventDefault();
    send({ type, password, code });
  };
  const cancel = () => {
    reset();
    send({ type: 'twoFactor.cancel' });
  };

  const passwordAndCodeForm = (form: {
    label: string;
    submit: string;
    danger: boolean;
    busy: boolean;
    onSubmit: (event: FormEvent) => void;
  }) => (
    <form className={styles.form} onSubmit={form.onSubmit} noValidate aria-label={form.label}>
      <PasswordField
        label="Password"
        name="current-password"
        autoComplete="current-password"
        value={password}
        error={errors.password}
        onChange={(event) => edit('password', setPassword)(event.target.value)}
      />
      <CodeField
        label="Code from the app or a recovery code"
        value={code}
        error={errors.code}
        onChange={edit('code', setCode)}
      />
      {errors.form && <FormError>{errors.form}</FormError>}
      <div className={styles.actions}>
        <Button type="submit" variant={form.danger ? 'danger' : 'primary'} loading={form.busy}>
          {form.submit}
        </Button>
        <Button variant="ghost" onClick={cancel} disabled={form.busy}>
          Cancel
        </Button>
      </div>
    </form>
  );

  const open = !snapshot.matches('collapsed');
  const busy =
    snapshot.matches({ off: 'settingUp' }) ||
    snapshot.matches({ off: 'enabling' }) ||
    snapshot.matches({ on: 'disabling' }) ||
    snapshot.matches({ on: 'renewing' });
  return (
    <Section
      title="Two-factor sign-in"
      description="Ask for a code from an authenticator app when you sign in, in addition to your password."
      aside={
        <IconButton
          label={open ? 'Hide the two-factor sign-in settings' : 'Show the two-factor sign-in settings'}
          aria-expanded={open}
          aria-controls={bodyId}
          className={styles.toggle}
          onClick={() => {
            reset();
            send({ type: 'twoFactor.toggle' });
          }}
          disabled={busy || snapshot.matches('showingCodes')}
        >
          <ChevronDownIcon />
        </IconButton>
      }
    >
      <div id={bodyId} hidden={!open} className={styles.form}>
        {snapshot.matches('loading') && <p className={styles.meta}>Loading…</p>}
        {snapshot.matches('loadFailed') && (
          <div className={styles.actions}>
            <FormError>Could not load the two-factor settings.</FormError>
            <Button variant="secondary" onClick={() => send({ type: 'twoFactor.retry' })}>
              Retry
            </Button>
          </div>
        )}

        {(snapshot.matches({ off: 'idle' }) || snapshot.matches({ off: 'settingUp' })) && (
          <>
            {changed === 'off' ? (
              <p className={styles.success} role="status">
                <CheckCircleIcon />
                Two-factor sign-in is off
              </p>
            ) : (
              <p className={styles.meta}>Two-factor sign-in is off.</p>
            )}
            {errors.form && <FormError>{errors.form}</FormError>}
            <div className={styles.actions}>
              <Button
                onClick={() => {
                  reset();
                  send({ type: 'twoFactor.start' });
                }}
                loading={snapshot.matches({ off: 'settingUp' })}
              >
                Set up two-factor sign-in
              </Button>
            </div>
          </>
        )}

        {(snapshot.matches({ off: 'scanning' }) || snapshot.matches({ off: 'enabling' })) && (
          <form className={styles.form} onSubmit={confirm} noValidate aria-label="Set up two-factor sign-in">
            <ol className={own.steps}>
              <li>
                Scan this QR code with an authenticator app.
                <QrCode text={uri} label="QR code for your authenticator app" />
              </li>
              <li>
                Or enter this key in the app by hand:
                <br />
                <code className={own.secret}>{secret.replace(/(.{4})/g, '$1 ').trim()}</code>
              </li>
              <li>Enter the 6-digit code the app shows.</li>
            </ol>
            <CodeField
              label="Code from the app"
              value={code}
              error={errors.code}
              onChange={edit('code', setCode)}
            />
            {errors.form && <FormError>{errors.form}</FormError>}
            <div className={styles.actions}>
              <Button type="submit" loading={snapshot.matches({ off: 'enabling' })}>
                Turn on
              </Button>
              <Button variant="ghost" onClick={cancel} disabled={snapshot.matches({ off: 'enabling' })}>
                Cancel
              </Button>
            </div>
          </form>
        )}

        {snapshot.matches('showingCodes') && (
          <RecoveryCodes codes={recoveryCodes} onDone={() => send({ type: 'twoFactor.finish' })} />
        )}

        {snapshot.matches({ on: 'idle' }) && (
          <>
            {changed === 'on' && (
              <p className={styles.success} role="status">
                <CheckCircleIcon />
                Two-factor sign-in is on
              </p>
            )}
            {changed === 'codes' && (
              <p className={styles.success} role="status">
                <CheckCircleIcon />
                New recovery codes made: the old ones no longer work
              </p>
            )}
            {changed !== 'on' && changed !== 'codes' && (
              <p className={styles.meta}>
                Two-factor sign-in is on: signing in asks for a code after your password.
              </p>
            )}
            <div className={styles.actions}>
              <Button
                variant="secondary"
                onClick={() => {
                  reset();
                  send({ type: 'twoFactor.newCodes' });
                }}
              >
                Make new recovery codes
              </Button>
              <Button
                variant="secondary"
                onClick={() => {
                  reset();
                  send({ type: 'twoFactor.turnOff' });
                }}
              >
                Turn off two-factor sign-in
              </Button>
            </div>
          </>
        )}

        {(snapshot.matches({ on: 'confirming' }) || snapshot.matches({ on: 'disabling' })) &&
          passwordAndCodeForm({
            label: 'Turn off two-factor sign-in',
            submit: 'Turn off',
            danger: true,
            busy: snapshot.matches({ on: 'disabling' }),
            onSubmit: passwordAndCode('twoFactor.disable'),
          })}

        {(snapshot.matches({ on: 'confirmingNewCodes' }) || snapshot.matches({ on: 'renewing' })) &&
          passwordAndCodeForm({
            label: 'Make new recovery codes',
            submit: 'Make new codes',
            danger: false,
            busy: snapshot.matches({ on: 'renewing' }),
            onSubmit: passwordAndCode('twoFactor.renew'),
          })}
      </div>
    </Section>
  );
}
