import { useParams } from 'react-router-dom';
import { cancelEmailChangeLinkMachine } from '../../machines/settings/email-change.actors.ts';
import { useAppActor } from '../../shared/app-actor.ts';
import { paths } from '../../shared/paths.ts';
import { LinkResult, linkOutcome } from './link-result.tsx';

/** /cancelEmailChange/{hash}: cancels the pending e-mail change on opening; no sign-in needed. */
export function CancelEmailChangeResultScreen() {
  const { hash = '' } = useParams();
  const [snapshot] = useAppActor(cancelEmailChangeLinkMachine, { input: { hash } });
  return (
    <LinkResult
      outcome={linkOutcome(snapshot)}
      loadingLabel="Cancelling the e-mail change"
      successTitle="The e-mail change has been cancelled"
      successBody={
        <>
          <p>
            Your account keeps its current e-mail address, and the link sent to the new address no longer
            works.
          </p>
          <p>If you did not ask for the change, someone knows your password: sign in and change it now.</p>
        </>
      }
      next={{ to: paths.login, label: 'Go to login' }}
    />
  );
}
