import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { TEAM_ERRORS } from '../../../contracts/team-body.ts';
import { tokenStore } from '../../api/token-store.ts';
import { formatDate } from '../../lib/format.ts';
import { roleName } from '../../lib/role-name.ts';
import { teamMessage } from '../../lib/team-messages.ts';
import { invitationMachine } from '../../machines/teams/invitation.machine.ts';
import { useAppActor } from '../../shared/app-actor.ts';
import { paths } from '../../shared/paths.ts';
import { pendingInvitation } from '../../shared/pending-invitation.ts';
import type { RouteState } from '../../shared/route-state.ts';
import { Button } from '../../ui/button.tsx';
import { CheckCircleIcon, WarningIcon } from '../../ui/icons.tsx';
import { Loader } from '../../ui/loader.tsx';
import { FormError } from '../../ui/text-field.tsx';
import { AuthLayout } from '../auth/auth-layout.tsx';
import { expiredTexts } from './link-result.tsx';
import styles from './results.module.css';

/**
 * /invitation?hash=…: a public link page. The invited address accepts or declines; another signed-in
 * address is told so and may sign out; a signed-out person sees the team, role and who invited, and signs in or
 * creates an account with the link kept, so the app accepts it once they are signed in.
 */
export function InvitationScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const hash = params.get('hash') ?? '';
  const [snapshot, send] = useAppActor(
    invitationMachine.provide({
      actions: {
        rememberInvitation: ({ context }) => pendingInvitation.set(context.hash),
        clearToken: () => tokenStore.clear(),
        // The team is now the current workspace on the server: the guarded route checks the session afresh, so
        // TeamsRender's first team is it.
        enterTeam: () => navigate(paths.myNodr),
      },
    }),
    { input: { hash, hasToken: tokenStore.get() !== null } },
  );
  const { invitation, signedInAs, error } = snapshot.context;
  const remember = () => send({ type: 'invitation.continue' });

  if (snapshot.matches('gone')) {
    return (
      <AuthLayout title={expiredTexts.title}>
        <div className={styles.result}>
          <div className={`${styles.badge} ${styles.bad}`} aria-hidden="true">
            <WarningIcon size={32} />
          </div>
          <div className={styles.body}>
            <p>{TEAM_ERRORS.invitationGone.message}</p>
            <p>Ask the team's admin to invite you again.</p>
          </div>
          <Link className={styles.next} to={paths.login}>
            Go to login
          </Link>
        </div>
      </AuthLayout>
    );
  }
  if (snapshot.matches('failed')) {
    return (
      <AuthLayout title="The invitation could not be opened">
        <div className={styles.result}>
          <FormError>{error ? teamMessage(error) : 'Something went wrong.'}</FormError>
          <Button onClick={() => send({ type: 'invitation.retry' })}>Try again</Button>
        </div>
      </AuthLayout>
    );
  }
  if (snapshot.matches('declined')) {
    return (
      <AuthLayout title="Invitation declined">
        <div className={styles.result}>
          <div className={styles.body}>
            <p>
              You declined the invitation to {invitation?.teamName}. The team's admin can invite you again.
            </p>
          </div>
          <Link className={styles.next} to={paths.myNodr}>
            Go to My NODR
          </Link>
        </div>
      </AuthLayout>
    );
  }
  if (snapshot.matches('accepted')) {
    return (
      <AuthLayout title={`Welcome to ${invitation?.teamName ?? 'the team'}`}>
        <div className={styles.result}>
          <div className={`${styles.badge} ${styles.ok}`} aria-hidden="true">
            <CheckCircleIcon size={32} />
          </div>
          <Loader label="Opening the team" />
        </div>
      </AuthLayout>
    );
  }
  if (!invitation || snapshot.matches('checkingSession')) {
    return (
      <AuthLayout title="Opening the invitation">
        <Loader label="Opening the invitation" />
      </AuthLayout>
    );
  }

  const summary = (
    <dl className={styles.facts}>
      <dt>Team</dt>
      <dd>{invitation.teamName}</dd>
      <dt>Role</dt>
      <dd>{roleName(invitation.role)}</dd>
      <dt>Invited by</dt>
      <dd>{invitation.invitedBy}</dd>
      <dt>For</dt>
      <dd>{invitation.email}</dd>
      <dt>Valid until</dt>
      <dd>{formatDate(invitation.expiresAt)}</dd>
    </dl>
  );
  const title = `Join ${invitation.teamName}`;
  // Sign in and Create an account start with the invited address filled in.
  const invited: RouteState = { email: invitation.email };

  if (snapshot.matches('otherAddress') || snapshot.matches('signingOut')) {
    return (
      <AuthLayout title={title}>
        <div className={styles.result}>
          {summary}
          <p className={styles.warn} role="alert">
            {TEAM_ERRORS.otherAddress.message}
          </p>
          {signedInAs && <p className={styles.body}>You are signed in as {signedInAs}.</p>}
          {error && <FormError>{teamMessage(error)}</FormError>}
          <Button
            loading={snapshot.matches('signingOut')}
            onClick={() => send({ type: 'invitation.signOut' })}
          >
            Sign out
          </Button>
        </div>
      </AuthLayout>
    );
  }
  if (snapshot.matches('signedOut') || (snapshot.matches('declining') && !signedInAs)) {
    return (
      <AuthLayout title={title} subtitle="Sign in or create an account with the invited address to join.">
        <div className={styles.result}>
          {summary}
          {error && <FormError>{teamMessage(error)}</FormError>}
          <div className={styles.choices}>
            <Link className={styles.next} to={paths.login} state={invited} onClick={remember}>
              Sign in
            </Link>
            <Link className={styles.secondary} to={paths.register} state={invited} onClick={remember}>
              Create an account
            </Link>
            <Button
              variant="ghost"
              loading={snapshot.matches('declining')}
              onClick={() => send({ type: 'invitation.decline' })}
            >
              Decline
            </Button>
          </div>
        </div>
      </AuthLayout>
    );
  }
  const sending = snapshot.matches('accepting') || snapshot.matches('declining');
  return (
    <AuthLayout title={title}>
      <div className={styles.result}>
        {summary}
        {error && <FormError>{teamMessage(error)}</FormError>}
        <div className={styles.choices}>
          <Button
            loading={snapshot.matches('accepting')}
            disabled={sending}
            onClick={() => send({ type: 'invitation.accept' })}
          >
            Accept
          </Button>
          <Button
            variant="secondary"
            loading={snapshot.matches('declining')}
            disabled={sending}
            onClick={() => send({ type: 'invitation.decline' })}
          >
            Decline
          </Button>
        </div>
      </div>
    </AuthLayout>
  );
}
