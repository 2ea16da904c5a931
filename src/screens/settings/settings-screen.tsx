import { useSession } from '../../shared/session-context.tsx';
import { ActivitySection } from './activity-section.tsx';
import { ApiTokensSection } from './api-tokens-section.tsx';
import { DeleteAccountSection } from './delete-account-section.tsx';
import { EmailSection } from './email-section.tsx';
import { InvitationsSection } from './invitations-section.tsx';
import { NotificationsSection } from './notifications-section.tsx';
import { PasskeysSection } from './passkeys-section.tsx';
import { PasswordSection } from './password-section.tsx';
import { ProfileDetailsSection } from './profile-details-section.tsx';
import { ProfileImageSection } from './profile-image-section.tsx';
import { SessionsSection } from './sessions-section.tsx';
import styles from './settings.module.css';
import { TeamSection } from './team/team-section.tsx';
import { TwoFactorSection } from './two-factor-section.tsx';

/**
 * spec 2, Settings at /settings, inside the main layout (whose <main> holds it): profile details, profile image,
 * change password, two-factor sign-in, change e-mail, delete account, the invitations (issue 11), the team (issue 11), and (issue 10) the
 * signed-in browsers and the account's recent activity, (issue 9) the alert e-mails, and (issue 13) API tokens.
 */
export function SettingsScreen() {
  const { user, teamId } = useSession();
  // issue 9: an e-mail change confirmed or revoked in another tab reaches this one through the session check (on
  // focus, or on reconnect); the section starts again from the server's state, as a reload would.
  const emailState = `${user.email}|${user.statusChangeEmail}|${user.newChangeEmail ?? ''}`;
  return (
    <div className={styles.page}>
      <header className={styles.pageHead}>
        <h1>Settings</h1>
        <p>Your profile, sign-in details and account.</p>
      </header>
      <div className={styles.columns}>
        <div className={styles.column}>
          <ProfileDetailsSection />
          <ProfileImageSection />
          <NotificationsSection />
          <InvitationsSection />
        </div>
        <div className={styles.column}>
          <PasswordSection />
          <TwoFactorSection />
          <PasskeysSection />
          <EmailSection key={emailState} />
          <DeleteAccountSection />
        </div>
      </div>
      {/* issue 11: a switch of workspace starts the section again on the new team. */}
      <TeamSection key={teamId} />
      <div className={styles.columns}>
        <SessionsSection />
        <ActivitySection />
      </div>
      <ApiTokensSection />
    </div>
  );
}
