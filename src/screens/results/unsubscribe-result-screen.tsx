import { useParams } from 'react-router-dom';
import { unsubscribeLinkMachine } from '../../machines/settings/unsubscribe.actors.ts';
import { useAppActor } from '../../shared/app-actor.ts';
import { paths } from '../../shared/paths.ts';
import { LinkResult, linkOutcome } from './link-result.tsx';

/** /unsubscribe/{token}: turns the alert e-mails off on opening; no sign-in needed. */
export function UnsubscribeResultScreen() {
  const { token = '' } = useParams();
  const [snapshot] = useAppActor(unsubscribeLinkMachine, { input: { hash: token } });
  return (
    <LinkResult
      outcome={linkOutcome(snapshot)}
      loadingLabel="Turning off alert e-mails"
      successTitle="You will no longer receive alert e-mails"
      successBody={<p>You can turn them on again at any time in Settings, under Alerts.</p>}
      next={{ to: paths.login, label: 'Go to login' }}
    />
  );
}
