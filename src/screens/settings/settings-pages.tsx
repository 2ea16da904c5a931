import type { ComponentType } from 'react';
import { useSession } from '../../shared/session-context.tsx';
import { ActivitySection } from './activity-section.tsx';
import { AlertChannelsSection } from './alert-channels-section.tsx';
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
import { TeamSection } from './team/team-section.tsx';
import { TwoFactorSection } from './two-factor-section.tsx';

/** One page of Settings: its address under /settings, its name in the menu, and its sections in order. */
export interface SettingsPage {
  slug: string;
  label: string;
  sections: readonly ComponentType[];
}

/**
 * An e-mail change confirmed or revoked in another tab reaches this one through the session check (on focus, or on
 * reconnect); the section starts again from the server's state, as a reload would.
 */
function CurrentEmailSection() {
  const { user } = useSession();
  return <EmailSection key={`${user.email}|${user.statusChangeEmail}|${user.newChangeEmail ?? ''}`} />;
}

/** A switch of workspace starts the section again on the new team. */
function CurrentTeamSection() {
  const { teamId } = useSession();
  return <TeamSection key={teamId} />;
}

/** A switch of workspace lists the new team's alert channels. */
function CurrentTeamAlertChannels() {
  const { teamId } = useSession();
  return <AlertChannelsSection key={teamId} />;
}

/**
 * The pages of Settings, in menu order; the first is what /settings opens. A new section is one more entry in a
 * page's `sections`.
 */
export const settingsPages: readonly SettingsPage[] = [
  { slug: 'profile', label: 'Profile', sections: [ProfileDetailsSection, ProfileImageSection] },
  {
    slug: 'security',
    label: 'Security',
    sections: [PasswordSection, TwoFactorSection, PasskeysSection, SessionsSection],
  },
  { slug: 'team', label: 'Team', sections: [CurrentTeamSection, InvitationsSection] },
  { slug: 'alerts', label: 'Alerts', sections: [NotificationsSection, CurrentTeamAlertChannels] },
  { slug: 'api-tokens', label: 'API tokens', sections: [ApiTokensSection] },
  { slug: 'activity', label: 'Activity', sections: [ActivitySection] },
  { slug: 'account', label: 'Account', sections: [CurrentEmailSection, DeleteAccountSection] },
];

/** The page an address names; /settings itself opens the first. */
export function settingsPageOf(slug: string | undefined): SettingsPage | undefined {
  return slug === undefined ? settingsPages[0] : settingsPages.find((page) => page.slug === slug);
}
