import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { SOON_TITLE } from '../../lib/node-messages.ts';
import type { configUpdateMachine } from '../../machines/node-config-update.machine.ts';
import type { reconfigureMachine } from '../../machines/node-reconfigure.machine.ts';
import { Button } from '../../ui/button.tsx';
import { Modal } from '../../ui/modal.tsx';
import { FormError, TextField } from '../../ui/text-field.tsx';
import { ConfigCarousel } from './config-carousel.tsx';
import { CopyButton } from './copy-button.tsx';
import styles from './node-modals.module.css';
import { PublicKeyField } from './public-key-field.tsx';

export function DeactivateModal({ onConfirm, onCancel }: { onConfirm: () => void; onCancel: () => void }) {
  return (
    <Modal
      title="Deactivate this NODR?"
      onClose={onCancel}
      actions={
        <>
          <Button variant="secondary" onClick={onCancel} data-autofocus>
            Cancel
          </Button>
          <Button variant="danger" onClick={onConfirm}>
            Deactivate
          </Button>
        </>
      }
    >
      <p className={styles.text}>It stops delivering traffic until you activate it again.</p>
    </Modal>
  );
}

export function DeleteModal({
  name,
  onConfirm,
  onCancel,
}: {
  name: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal
      title="Delete this NODR?"
      onClose={onCancel}
      actions={
        <>
          <Button variant="secondary" onClick={onCancel} data-autofocus>
            Cancel
          </Button>
          <Button variant="danger" onClick={onConfirm}>
            Delete
          </Button>
        </>
      }
    >
      <p className={styles.text}>
        <strong>{name || 'Untitled'}</strong> leaves your list and stops delivering traffic. Its statistics
        are kept.
      </p>
    </Modal>
  );
}

/** spec 2 and 9: at 3 nodes the add action opens this. */
export function SoonModal({ onClose }: { onClose: () => void }) {
  return (
    <Modal
      title={SOON_TITLE}
      onClose={onClose}
      actions={
        <Button onClick={onClose} data-autofocus>
          OK
        </Button>
      }
    >
      <p className={styles.text}>
        A workspace can run up to 3 NODRs for now. We will let you know when you can add more.
      </p>
    </Modal>
  );
}

/** spec 2: the public key view, with copy. */
export function PublicKeyModal({ publicKey, onClose }: { publicKey: string; onClose: () => void }) {
  return (
    <Modal title="Public key" onClose={onClose} actions={<CopyButton text={publicKey} label="Copy key" />}>
      <p className={styles.text}>The key this NODR signs its reports with.</p>
      <pre className={styles.code}>{publicKey}</pre>
    </Modal>
  );
}

/** spec 2, 4, 5: type the license key to confirm; the button is enabled only on an exact match. */
export function ReconfigureModal({ actor }: { actor: ActorRefFrom<typeof reconfigureMachine> }) {
  const state = useSelector(actor, (snapshot) => snapshot);
  const { node, licenseInput, error } = state.context;
  const cancel = () => actor.send({ type: 'reconfigure.cancel' });
  const matches = licenseInput === node.licenseKey;
  return (
    <Modal
      title="Reconfigure NODR"
      onClose={cancel}
      actions={
        <>
          <Button variant="secondary" onClick={cancel}>
            Cancel
          </Button>
          <Button
            type="submit"
            form="reconfigure-form"
            disabled={!matches}
            loading={state.matches('submitting')}
          >
            Reconfigure
          </Button>
        </>
      }
    >
      <form
        id="reconfigure-form"
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'reconfigure.submit' });
        }}
      >
        <p className={styles.text}>
          The NODR stops and goes back to hardware verification, so you can choose another configuration or
          key. To confirm, type its license key:
        </p>
        <code className={styles.license}>{node.licenseKey}</code>
        <TextField
          label="License key"
          value={licenseInput}
          onChange={(event) => actor.send({ type: 'reconfigure.input', text: event.target.value })}
          autoComplete="off"
          spellCheck={false}
          data-autofocus
        />
        {error && <FormError>{error}</FormError>}
      </form>
    </Modal>
  );
}

/** spec 2, 4, 5: the configuration carousel plus an optional new public key. */
export function ConfigUpdateModal({ actor }: { actor: ActorRefFrom<typeof configUpdateMachine> }) {
  const state = useSelector(actor, (snapshot) => snapshot);
  const { configs, configId, keyInput, error } = state.context;
  const cancel = () => actor.send({ type: 'config.cancel' });
  return (
    <Modal
      title="Update configuration"
      wide
      onClose={cancel}
      actions={
        <>
          <Button variant="secondary" onClick={cancel}>
            Cancel
          </Button>
          <Button type="submit" form="config-update-form" loading={state.matches('submitting')}>
            Save
          </Button>
        </>
      }
    >
      <form
        id="config-update-form"
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'config.submit' });
        }}
      >
        <ConfigCarousel
          legend="Configuration"
          configs={configs}
          selectedId={configId}
          onSelect={(id) => actor.send({ type: 'config.select', configId: id })}
        />
        <PublicKeyField
          label="New public key (optional)"
          hint="Leave it empty to keep the current key."
          value={keyInput}
          error={error}
          onChange={(text) => actor.send({ type: 'config.keyInput', text })}
        />
      </form>
    </Modal>
  );
}
