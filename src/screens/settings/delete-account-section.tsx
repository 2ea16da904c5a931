import { accountDeletionMachine } from '../../machines/settings/account-deletion.machine.ts';
import { useAppActor } from '../../shared/app-actor.ts';
import { useSession } from '../../shared/session-context.tsx';
import { Button } from '../../ui/button.tsx';
import { FormError } from '../../ui/text-field.tsx';
import { ConfirmDeletionModal, UnableToDeleteModal } from './deletion-modals.tsx';
import { PendingRequest } from './pending-request.tsx';
import { Section } from './section.tsx';
import styles from './settings.module.css';
import { useRecheckSession } from './use-recheck-session.ts';

/**
 * spec 2, Delete account: with deleteProgress 'Deleting in progress!', Resend link and Revoke; otherwise the delete
 * action runs the pre-check (spec 4) and opens the modal its code calls for.
 */
export function DeleteAccountSection() {
  const { user } = useSession();
  const recheckSession = useRecheckSession();
  const [snapshot, send] = useAppActor(accountDeletionMachine.provide({ actions: { recheckSession } }), {
    input: { userId: user.id, deleteProgress: user.deleteProgress },
  });
  const { precheck, errors } = snapshot.context;
  const request = snapshot.children.pendingRequest;

  return (
    <Section
      title="Delete account"
      tone="danger"
      description="Deleting your account removes your profile and your access to every team."
    >
      {request ? (
        <PendingRequest title="Deleting in progress!" resendLabel="Resend link" request={request}>
          We sent a confirmation link to <span className={styles.address}>{user.email}</span>. Your account is
          deleted when you open it; until then your services stay active.
        </PendingRequest>
      ) : (
        <>
          {errors.form && <FormError>{errors.form}</FormError>}
          <div className={styles.actions}>
            <Button
              variant="danger"
              loading={snapshot.matches('checking')}
              onClick={() => send({ type: 'deletion.start' })}
            >
              Delete account
            </Button>
          </div>
        </>
      )}
      {snapshot.matches('blocked') && precheck && (
        <UnableToDeleteModal precheck={precheck} onOk={() => send({ type: 'deletion.dismiss' })} />
      )}
      {(snapshot.matches('confirming') || snapshot.matches('deleting')) && precheck && (
        <ConfirmDeletionModal
          precheck={precheck}
          error={errors.password}
          deleting={snapshot.matches('deleting')}
          onEdit={() => send({ type: 'deletion.edit' })}
          onSubmit={(password) => send({ type: 'deletion.submit', password })}
          onCancel={() => send({ type: 'deletion.cancel' })}
        />
      )}
    </Section>
  );
}
