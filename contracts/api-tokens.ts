/**
 * API tokens. A token acts for one member in one team, with that member's current role, and
 * never more than its scope: a read-only token, or any token of a viewer, cannot change anything.
 *
 * Calls (auth service, prefix /auth; a browser session only, never a token; docs/api-tokens.md):
 * - GET    v1/tokens                                      → ApiTokenBody[] (the caller's live and expired tokens)
 * - POST   v1/tokens  {name, teamId, scope, expiresInDays?, password} → CreatedApiTokenBody (the secret, shown once)
 * - DELETE v1/tokens/{id}                                 → { ok: true } (404 when not the caller's or revoked)
 * The secret is `nodr_` + base64url of 256 random bits; the server keeps only its SHA-256. Creating one asks for the
 * current password (a stolen session alone cannot mint one), and changing or resetting the password, or deleting the
 * account, ends every token of the account.
 * `Authorization: Bearer nodr_…` works on the main API (/api/) and statistics (/stats/) calls only.
 */

export const API_TOKEN_PREFIX = 'nodr_';

export const API_TOKEN_SCOPES = ['read', 'write'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

export const isApiTokenScope = (value: unknown): value is ApiTokenScope =>
  API_TOKEN_SCOPES.includes(value as ApiTokenScope);

/** What Settings calls each scope. */
export const API_TOKEN_SCOPE_LABELS: Record<ApiTokenScope, string> = {
  read: 'Read-only',
  write: 'Read and write',
};

export const API_TOKEN_LIMITS = {
  nameLength: 100,
  /** Live (not revoked) tokens one person may hold. */
  perUser: 20,
  maxExpiryDays: 365,
  /** The sessions' rule for "last active", kept for tokens: written at most once a minute. */
  lastUsedStepMs: 60_000,
} as const;

/** The expiry choices Settings offers; the API takes any whole number of days up to the maximum. */
export const API_TOKEN_EXPIRY_CHOICES = [7, 30, 90, 365] as const;

/** The `error` code of each refusal and the message a person reads. */
export const API_TOKEN_ERRORS = {
  nameRequired: { error: 'name_required', message: 'Give the token a name.' },
  nameTooLong: { error: 'name_too_long', message: 'A token name has at most 100 characters.' },
  tooMany: {
    error: 'token_limit',
    message: 'You already have 20 API tokens. Revoke one before you create another.',
  },
  notFound: { error: 'not_found', message: 'No such API token.' },
  readOnly: { error: 'read_only_token', message: 'This API token is read-only: it cannot change anything.' },
  notHere: {
    error: 'unauthorized',
    message: 'API tokens work on the main API and statistics calls only. Sign in to manage your account.',
  },
  invalid: { error: 'unauthorized', message: 'This API token is unknown, expired or revoked.' },
} as const;

/** The warning shown with a new token's secret. */
export const API_TOKEN_SHOWN_ONCE =
  'Copy this token now: you will not see it again. Anyone holding it can act for you in this team.';

/** Whether a bearer credential is an API token rather than a session token. */
export const isApiToken = (credential: string): boolean => credential.startsWith(API_TOKEN_PREFIX);
