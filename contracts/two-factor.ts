import { accountMessages } from './account-rules.ts';

/**
 * Two-factor sign-in with TOTP (RFC 6238): the rules and texts both the server and the web
 * app use (docs/api-auth.md, "Two-factor sign-in").
 */
export const TWO_FACTOR = {
  digits: 6,
  periodSeconds: 30,
  /** Codes one step before or after now are accepted too, for clocks a little apart. */
  window: 1,
  recoveryCodes: 10,
  /** How long the password step's challenge can be exchanged for a session. */
  challengeTtlMs: 5 * 60_000,
  /** Wrong codes one challenge takes before it is spent. */
  attemptsPerChallenge: 5,
  /** Wrong codes one account takes in `accountWindowMs`, across challenges, before code checks answer 429. */
  attemptsPerAccount: 10,
  accountWindowMs: 15 * 60_000,
} as const;

/** The longest code field taken (spaces allowed in a typed code): the form's limit and the server's. */
export const TYPED_CODE_MAX = 32;

/** A code as typed: 6 digits from the app, or a recovery code (`xxxxx-xxxxx`, lower-case letters and digits). */
export const TOTP_CODE = /^[0-9]{6}$/;
export const RECOVERY_CODE = /^[a-z0-9]{5}-[a-z0-9]{5}$/;

/** Spaces and case do not matter when a code is typed. */
export function normalizeCode(code: string): string {
  const compact = code.replace(/\s+/g, '').toLowerCase();
  return /^[a-z0-9]{10}$/.test(compact) ? `${compact.slice(0, 5)}-${compact.slice(5)}` : compact;
}

export const twoFactorMessages = {
  codeRequired: 'Enter the 6-digit code from your authenticator app or a recovery code',
  invalidCode: 'Incorrect code',
  challengeExpired: 'This sign-in has expired. Please enter your e-mail and password again.',
  alreadyEnabled: 'Two-factor sign-in is already on',
  notEnabled: 'Two-factor sign-in is off',
  incorrectPassword: accountMessages.incorrectPassword,
} as const;
