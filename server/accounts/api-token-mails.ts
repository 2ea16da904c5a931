/**
 * The sentence a password change or reset mail adds when it ended API tokens (docs/api-tokens.md): only when there
 * were any, so an account without tokens reads nothing about them.
 */
export function revokedTokensLines(count: number): string[] {
  if (count === 0) return [];
  const which = count === 1 ? 'Your API token was revoked' : `Your ${count} API tokens were revoked`;
  return [
    `${which} with the old password. Create new ones in Settings for the scripts and tools that still need them.`,
    '',
  ];
}
