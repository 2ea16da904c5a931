import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { tokenStore } from '../../api/token-store.ts';
import { deletionLinkMachine } from '../../machines/settings/account-deletion.actors.ts';
import { useAppActor } from '../../shared/app-actor.ts';
import { paths } from '../../shared/paths.ts';
import { LinkResult, linkOutcome, SupportLink } from './link-result.tsx';

/** spec 2, /deleteUserAccount/{hash}: confirms the deletion on opening; a loader, then success or the expired texts. */
export function DeleteAccountResultScreen() {
  const { hash = '' } = useParams();
  const [snapshot] = useAppActor(deletionLinkMachine, { input: { hash } });
  const outcome = linkOutcome(snapshot);

  // The account and its sessions are gone: a token left in this browser would only fail its next check.
  useEffect(() => {
    if (outcome === 'success') tokenStore.clear();
  }, [outcome]);

  return (
    <LinkResult
      outcome={outcome}
      loadingLabel="Deleting your account"
      successTitle="You have successfully deleted your account"
      successBody={
        <>
          <p>We are sorry to see you go. Thank you for running NODR with us.</p>
          <p>
            Questions or second thoughts? Write to <SupportLink />
          </p>
        </>
      }
      next={{ to: paths.login, label: 'Back to the start page' }}
    />
  );
}
