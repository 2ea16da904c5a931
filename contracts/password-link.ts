/**
 * spec 2: the create-password and reset-password pages check their e-mail link when they open, before anyone types
 * a password (POST /auth/guest/link/check, docs/api-auth.md). The check only reads: the link is used on Submit.
 */

/** The link purposes a page can check, one per page: /createPassword/{hash} and /resPassword/{hash}. */
export const PASSWORD_LINK_PURPOSES = ['create_password', 'reset_password'] as const;

export type PasswordLinkPurpose = (typeof PASSWORD_LINK_PURPOSES)[number];

/** What the check sends. */
export interface LinkCheckInput {
  hash: string;
  purpose: PasswordLinkPurpose;
}

/** The 410 of a used, expired, revoked or never issued link: one answer, so it says nothing about which. */
export const LINK_GONE = { error: 'link_gone', message: 'This link is expired' } as const;
