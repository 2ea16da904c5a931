import { useSelector } from '@xstate/react';
import { type ReactNode, useId } from 'react';
import type { ActorRefFrom } from 'xstate';
import { NODE_LIMIT_MESSAGE } from '../../../contracts/node-rules.ts';
import { SOON_DETAIL } from '../../lib/node-messages.ts';
import type { configUpdateMachine } from '../../machines/nodes/node-config-update.machine.ts';
import type { reconfigureMachine } from '../../machines/nodes/node-reconfigure.machine.ts';
import { Button } from '../../ui/button.tsx';
import { Modal } from '../../ui/modal.tsx';
import { FormError, TextField } from '../../ui/text-field.tsx';
import { ConfigCarousel } from './config-carousel.tsx';
import { CopyButton } from './copy-button.tsx';
import styles from './node-modals.module.css';
import { PublicKeyField } from './public-key-field.tsx';

interface ConfirmModalProps {
  title: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  children: ReactNode;
}

/** A destructive question: Cancel has the focus, so Enter does not confirm by accident. */
function ConfirmModal({ title, confirmLabel, onConfirm, onCancel, children }: ConfirmModalProps) {
  return (
    <Modal
      title={title}
      onClose={onCancel}
      actions={
        <>
          <Button variant="secondary" onClick={onCancel} data-autofocus>
            Cancel
          </Button>
          <Button variant="danger" onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <p className={styles.text}>{children}</p>
    </Modal>
  );
}

/** spec 2 and 4: the power icon of an active node asks first. */
export function DeactivateModal({ onConfirm, onCancel }: { onConfirm: () => void; onCancel: () => void }) {
  return (
    <ConfirmModal
      title="Deactivate this NODR?"
      confirmLabel="Deactivate"
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      It stops delivering traffic until you activate it again.
    </ConfirmModal>
  );
}

/** spec 2 and 4: deleting a node needs confirmation. */
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
    <ConfirmModal title="Delete this NODR?" confirmLabel="Delete" onConfirm={onConfirm} onCancel={onCancel}>
      <strong>{name || 'Untitled'}</strong> leaves your list and stops delivering traffic. Its statistics are
      kept.
    </ConfirmModal>
  );
}

/** spec 2 and 9: at 3 nodes the add action opens this. */
export function SoonModal({ onClose }: { onClose: () => void }) {
  return (
    <Modal
      title={NODE_LIMIT_MESSAGE}
      onClose={onClose}
      actions={
        <Button onClick={onClose} data-autofocus>
          OK
        </Button>
      }
    >
      <p className={styles.text}>{SOON_DETAIL}</p>
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

interface FormModalProps {
  title: string;
  wide?: boolean;
  submitLabel: string;
  submitDisabled?: boolean;
  submitting: boolean;
  onSubmit: () => void;
  onCancel: () => void;
  children: ReactNode;
}

/** A modal holding a form, with Cancel and a submit button in its action row (outside the form, tied by its id). */
export function FormModal({
  title,
  wide,
  submitLabel,
  submitDisabled,
  submitting,
  onSubmit,
  onCancel,
  children,
}: FormModalProps) {
  const formId = useId();
  return (
    <Modal
      title={title}
      wide={wide}
      onClose={onCancel}
      actions={
        <>
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={submitDisabled} loading={submitting}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        {children}
      </form>
    </Modal>
  );
}

/** spec 2, 4, 5: type the license key to confirm; the button is enabled only on an exact match. */
export function ReconfigureModal({ actor }: { actor: ActorRefFrom<typeof reconfigureMachine> }) {
  const state = useSelector(actor, (snapshot) => snapshot);
  const { node, licenseInput, error } = state.context;
  return (
    <FormModal
      title="Reconfigure NODR"
      submitLabel="Reconfigure"
      submitDisabled={licenseInput !== node.licenseKey}
      submitting={state.matches('submitting')}
      onSubmit={() => actor.send({ type: 'reconfigure.submit' })}
      onCancel={() => actor.send({ type: 'reconfigure.cancel' })}
    >
      <p className={styles.text}>
        The NODR stops and goes back to hardware verification, so you can choose another configuration or key.
        To confirm, type its license key:
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
    </FormModal>
  );
}

/** spec 2, 4, 5: the configuration carousel plus an optional new public key. */
export function ConfigUpdateModal({ actor }: { actor: ActorRefFrom<typeof configUpdateMachine> }) {
  const state = useSelector(actor, (snapshot) => snapshot);
  const { configs, configId, keyInput, error, errorReason } = state.context;
  return (
    <FormModal
      title="Update configuration"
      wide
      submitLabel="Save"
      submitting={state.matches('submitting')}
      onSubmit={() => actor.send({ type: 'config.submit' })}
      onCancel={() => actor.send({ type: 'config.cancel' })}
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
        reason={errorReason}
        onChange={(text) => actor.send({ type: 'config.keyInput', text })}
      />
    </FormModal>
  );
}
