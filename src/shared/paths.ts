import { UNSUBSCRIBE_PAGE } from '../../contracts/notifications.ts';
import { INVITATION_PATH } from '../../contracts/team-body.ts';

/** The route table of spec 2, by name (spec 2 "Named routes referenced in navigation"). */
export const paths = {
  login: '/',
  register: '/register',
  createPassword: (hash: string) => `/createPassword/${encodeURIComponent(hash)}`,
  createAccount: '/createAccount',
  forgotPassword: '/forgotPassword',
  resetPassword: (hash: string) => `/resPassword/${encodeURIComponent(hash)}`,
  passwordRecovery: '/passwordRecovery',
  pendingRegistration: '/pendingRegistration',
  changeEmail: (hash: string) => `/changeEmail/${encodeURIComponent(hash)}`,
  /** The one-click link mailed to the old address when an e-mail change is requested. */
  cancelEmailChange: (hash: string) => `/cancelEmailChange/${encodeURIComponent(hash)}`,
  deleteUserAccount: (hash: string) => `/deleteUserAccount/${encodeURIComponent(hash)}`,
  /** The one-click unsubscribe link of every alert e-mail (contracts/notifications.ts UNSUBSCRIBE_PAGE). */
  unsubscribe: (token: string) => `${UNSUBSCRIBE_PAGE}/${encodeURIComponent(token)}`,
  /** The invitation link of the e-mail (contracts/team-body.ts INVITATION_PATH). */
  invitation: (hash: string) => `${INVITATION_PATH}?hash=${encodeURIComponent(hash)}`,
  integration: '/integration',
  myNodr: '/myNodr',
  /** The add-node flow at its first step (spec 2 named route). */
  addNodr: '/addNodr',
  /** A later step of the add-node flow, e.g. /addNodr/installer (src/machines/nodes/add-node-draft.ts). */
  addNodrStep: (step: string) => `/addNodr/${step}`,
  statistics: '/statistics',
  settings: '/settings',
  /** One page of Settings (src/screens/settings/settings-pages.tsx), e.g. /settings/security. */
  settingsPage: (slug: string) => `/settings/${slug}`,
} as const;
