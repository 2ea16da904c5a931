import type { MailMessage } from '../lib/mail.ts';

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

/**
 * A password reset by a mailed link sends no mail of its own; when it ended API tokens, this one tells the owner,
 * whose scripts now get 401.
 */
export function resetRevokedTokensMail(to: string, publicUrl: string, count: number): MailMessage {
  return {
    to,
    subject: 'Your NODR Dashboard password was reset',
    text: [
      'Hello,',
      '',
      'The password of your NODR Dashboard account was reset with the link we mailed, and every signed-in browser was signed out.',
      ...revokedTokensLines(count),
      'If it was not you, reset your password again here and contact support:',
      '',
      `${publicUrl}/forgotPassword`,
      '',
      'The NODR team',
    ].join('\n'),
  };
}
