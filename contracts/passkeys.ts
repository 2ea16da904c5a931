import { accountMessages } from './account-rules.ts';
import { hasInvisibleCharacters, INVISIBLE_CHARACTERS } from './visible-text.ts';

/**
 * Passkeys (WebAuthn): sign-in without a password, and a stand-in for the two-factor code. The limits and texts
 * both the server and the web app use (docs/api-auth.md, "Passkeys").
 *
 * Calls (auth service, prefix /auth):
 * - GET    v1/passkeys                              → PasskeyBody[] (the caller's passkeys, oldest first)
 * - POST   v1/passkeys/options   {password}         → creation options for the browser
 * - POST   v1/passkeys           {name, response}   → PasskeyBody (201)
 * - DELETE v1/passkeys/{id}      {password}         → { ok: true }
 * - POST   guest/passkeys/options {challenge?}      → request options (discoverable, or the two-factor step's user)
 * - POST   guest/passkeys/auth   {response}         → a session, like guest/auth
 */
export const PASSKEY_LIMITS = {
  /** Passkeys one person may hold. */
  perUser: 10,
  nameLength: 64,
  /** How long a ceremony's challenge is good for: the browser's own timeout, and a little slack. */
  ceremonyTtlMs: 5 * 60_000,
  /** What the browser is told to wait for the person (milliseconds). */
  browserTimeoutMs: 4 * 60_000,
  /** The longest answer of an authenticator the server reads (base64url fields together). */
  responseLength: 16_384,
} as const;

/** The `error` code of each refusal and the message a person reads. */
export const PASSKEY_ERRORS = {
  nameRequired: { error: 'name_required', message: 'Give the passkey a name.' },
  nameTooLong: {
    error: 'name_too_long',
    message: `A passkey name has at most ${PASSKEY_LIMITS.nameLength} characters.`,
  },
  tooMany: {
    error: 'passkey_limit',
    message: `You already have ${PASSKEY_LIMITS.perUser} passkeys. Remove one before you add another.`,
  },
  notFound: { error: 'not_found', message: 'No such passkey.' },
  incorrectPassword: { error: 'incorrect_password', message: accountMessages.incorrectPassword },
  /** Registration did not verify: wrong origin, a spent or expired challenge, a broken answer. */
  notAdded: {
    error: 'passkey_not_added',
    message: 'The passkey could not be added. Please try again.',
  },
  alreadyAdded: { error: 'passkey_exists', message: 'This passkey is already added.' },
  /** Sign-in did not verify: unknown passkey, spent challenge, wrong origin, a counter going back. */
  signInFailed: {
    error: 'passkey_failed',
    message: 'Signing in with this passkey did not work. Please try again or use your password.',
  },
} as const;

/** Why a passkey name (trimmed) is refused, or null: the web app's form and the server read the same rule. */
export function passkeyNameProblem(name: string): { error: string; message: string } | null {
  const trimmed = name.trim();
  if (trimmed === '') return PASSKEY_ERRORS.nameRequired;
  if (trimmed.length > PASSKEY_LIMITS.nameLength) return PASSKEY_ERRORS.nameTooLong;
  if (hasInvisibleCharacters(trimmed)) return INVISIBLE_CHARACTERS.name;
  return null;
}

/** What Settings and the sign-in screen say around the browser's own dialogs. */
export const PASSKEY_TEXTS = {
  cancelled: 'The passkey request was cancelled.',
  unsupported: 'This browser cannot use passkeys.',
  passwordRequired: 'Enter your password.',
} as const;
