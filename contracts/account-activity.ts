/**
 * The kinds of security event shown as Recent activity in Settings, and how each reads. The server
 * writes the kind (server/accounts/activity.ts), the web app shows its words.
 */
export const ACTIVITY = {
  signIn: 'sign_in',
  signInFailed: 'sign_in_failed',
  signOut: 'sign_out',
  passwordChanged: 'password_changed',
  passwordSetFromLink: 'password_set_from_link',
  emailChangeRequested: 'email_change_requested',
  emailChangeResent: 'email_change_resent',
  emailChangeConfirmed: 'email_change_confirmed',
  emailChangeCancelled: 'email_change_cancelled',
  deletionRequested: 'deletion_requested',
  deletionResent: 'deletion_resent',
  deletionCancelled: 'deletion_cancelled',
  sessionRevoked: 'session_revoked',
  otherSessionsRevoked: 'other_sessions_revoked',
  apiTokenCreated: 'api_token_created',
  apiTokenRevoked: 'api_token_revoked',
  twoFactorEnabled: 'two_factor_enabled',
  twoFactorDisabled: 'two_factor_disabled',
  recoveryCodesCreated: 'recovery_codes_created',
  signInRecoveryCode: 'sign_in_recovery_code',
  passkeyAdded: 'passkey_added',
  passkeyRemoved: 'passkey_removed',
  passkeySignIn: 'passkey_sign_in',
} as const;

export type ActivityKind = (typeof ACTIVITY)[keyof typeof ACTIVITY];

export const ACTIVITY_WORDS: Record<ActivityKind, string> = {
  sign_in: 'Signed in',
  sign_in_failed: 'Failed sign-in (wrong password)',
  sign_out: 'Signed out',
  password_changed: 'Password changed in Settings',
  password_set_from_link: 'Password set from an e-mail link',
  email_change_requested: 'E-mail change requested',
  email_change_resent: 'E-mail change link sent again',
  email_change_confirmed: 'E-mail change confirmed',
  email_change_cancelled: 'E-mail change cancelled',
  deletion_requested: 'Account deletion requested',
  deletion_resent: 'Account deletion link sent again',
  deletion_cancelled: 'Account deletion cancelled',
  session_revoked: 'A browser was signed out',
  other_sessions_revoked: 'All other browsers were signed out',
  api_token_created: 'API token created',
  api_token_revoked: 'API token revoked',
  two_factor_enabled: 'Two-factor sign-in turned on',
  two_factor_disabled: 'Two-factor sign-in turned off',
  recovery_codes_created: 'New recovery codes made',
  sign_in_recovery_code: 'Signed in with a recovery code',
  passkey_added: 'Passkey added',
  passkey_removed: 'Passkey removed',
  passkey_sign_in: 'Signed in with a passkey',
};

/** Events older than this are pruned. */
export const ACTIVITY_RETENTION_DAYS = 90;

/** At most this many events are listed, newest first. */
export const ACTIVITY_LIST_MAX = 200;
