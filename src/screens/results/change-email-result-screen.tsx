import { useParams } from 'react-router-dom';
import { emailChangeLinkMachine } from '../../machines/settings/email-change.actors.ts';
import { useAppActor } from '../../shared/app-actor.ts';
import { paths } from '../../shared/paths.ts';
import { LinkResult, linkOutcome } from './link-result.tsx';

/** spec 2, /changeEmail/{hash}: confirms the e-mail change on opening; a loader, then success or the expired texts. */
export function ChangeEmailResultScreen() {
  const { hash = '' } = useParams();
  const [snapshot] = useAppActor(emailChangeLinkMachine, { input: { hash } });
  const outcome = linkOutcome(snapshot);
  return (
    <LinkResult
      outcome={outcome}
      loadingLabel="Confirming your new e-mail"
      successTitle="You have successfully changed your account e-mail"
      successBody={<p>From now on, sign in with your new e-mail address.</p>}
      next={{ to: paths.login, label: 'Go to login' }}
    />
  );
}
