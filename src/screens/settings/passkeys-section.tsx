import type { FormEvent } from 'react';
import type { PasskeyBody } from '../../../contracts/passkeys.schema.ts';
import { PASSKEY_LIMITS } from '../../../contracts/passkeys.ts';
import { formatDate } from '../../lib/format.ts';
import { passkeysMachine } from '../../machines/settings/passkeys.machine.ts';
import { useAppActor } from '../../shared/app-actor.ts';
import { Button } from '../../ui/button.tsx';
import { Loader } from '../../ui/loader.tsx';
import { Modal } from '../../ui/modal.tsx';
import { FormError, PasswordField, TextField } from '../../ui/text-field.tsx';
import { TimeAgo } from './browser-time.tsx';
import styles from './passkeys-section.module.css';
import { Section } from './section.tsx';
import list from './sessions.module.css';

function PasskeyRow({ passkey, onRemove }: { passkey: PasskeyBody; onRemove: () => void }) {
  return (
    <li className={list.item}>
      <div className={list.row}>
        <div className={list.what}>
          <p className={list.device}>{passkey.name}</p>
          <p className={list.details}>
            <span>Added {formatDate(passkey.createdAt)}</span>
            <span>
              {passkey.lastUsedAt ? (
                <>
                  Last used <TimeAgo value={passkey.lastUsedAt} />
                </>
              ) : (
                'Never used'
              )}
            </span>
          </p>
        </div>
        <Button variant="secondary" aria-label={`Remove ${passkey.name}`} onClick={onRemove}>
          Remove
        </Button>
      </div>
    </li>
  );
}

/**
 * Settings > Passkeys: sign in with a fingerprint, face or screen lock instead of the password (docs/web-app.md).
 * Adding asks for the password, then a name, then the browser's own passkey dialog; removing asks for the password.
 */
export function PasskeysSection() {
  const [snapshot, send] = useAppActor(passkeysMachine);
  const { passkeys, password, name, removeId, fieldError, error } = snapshot.context;
  const listed = !snapshot.matches('loading') && !snapshot.matches('failed');
  const removing = passkeys.find((passkey) => passkey.id === removeId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'passkeys.submit' });
  };
  const close = () => send({ type: 'passkeys.close' });
  const dialogError = error && <FormError>{error.message}</FormError>;
  const passwordField = (busy: boolean) => (
    <PasswordField
      label="Current password"
      autoComplete="current-password"
      data-autofocus
      value={password}
      error={fieldError ?? undefined}
      disabled={busy}
      onChange={(event) => send({ type: 'passkeys.password', value: event.target.value })}
    />
  );

  return (
    <Section
      title="Passkeys"
      description="Sign in with your fingerprint, face or device screen lock instead of your password. A passkey cannot be phished: it only works on this site."
      aside={
        listed && (
          <Button
            variant="secondary"
            disabled={passkeys.length >= PASSKEY_LIMITS.perUser}
            onClick={() => send({ type: 'passkeys.add' })}
          >
            Add a passkey
          </Button>
        )
      }
    >
      {snapshot.matches('loading') && <Loader label="Loading passkeys" />}
      {snapshot.matches('failed') && (
        <div className={list.failed}>
          <FormError>{error?.message ?? 'The passkeys could not be loaded.'}</FormError>
          <Button variant="secondary" onClick={() => send({ type: 'passkeys.retry' })}>
            Try again
          </Button>
        </div>
      )}
      {passkeys.length > 0 && (
        <ul className={list.list} aria-label="Passkeys">
          {passkeys.map((passkey) => (
            <PasskeyRow
              key={passkey.id}
              passkey={passkey}
              onRemove={() => send({ type: 'passkeys.remove', id: passkey.id })}
            />
          ))}
        </ul>
      )}
      {listed && passkeys.length === 0 && <p className={list.empty}>You have no passkeys yet.</p>}

      {snapshot.matches({ adding: 'password' }) || snapshot.matches({ adding: 'checking' }) ? (
        <Modal title="Add a passkey" onClose={close}>
          <form className={styles.dialogForm} onSubmit={submit} noValidate>
            <p>Enter your password to add a passkey to your account.</p>
            {passwordField(snapshot.matches({ adding: 'checking' }))}
            {dialogError}
            <Button type="submit" loading={snapshot.matches({ adding: 'checking' })}>
              Continue
            </Button>
          </form>
        </Modal>
      ) : null}
      {snapshot.matches({ adding: 'name' }) || snapshot.matches({ adding: 'registering' }) ? (
        <Modal title="Name your passkey" onClose={close}>
          <form className={styles.dialogForm} onSubmit={submit} noValidate>
            <TextField
              label="Passkey name"
              hint="Where it lives, e.g. Work laptop or Phone."
              autoComplete="off"
              data-autofocus
              maxLength={PASSKEY_LIMITS.nameLength}
              value={name}
              error={fieldError ?? undefined}
              disabled={snapshot.matches({ adding: 'registering' })}
              onChange={(event) => send({ type: 'passkeys.name', value: event.target.value })}
            />
            {dialogError}
            <Button type="submit" loading={snapshot.matches({ adding: 'registering' })}>
              Create passkey
            </Button>
          </form>
        </Modal>
      ) : null}
      {snapshot.matches('removing') && removing ? (
        <Modal title={`Remove “${removing.name}”?`} onClose={close}>
          <form className={styles.dialogForm} onSubmit={submit} noValidate>
            <p>This passkey will no longer sign you in. Enter your password to remove it.</p>
            {passwordField(snapshot.matches({ removing: 'sending' }))}
            {dialogError}
            <Button type="submit" variant="danger" loading={snapshot.matches({ removing: 'sending' })}>
              Remove passkey
            </Button>
          </form>
        </Modal>
      ) : null}
    </Section>
  );
}
