import type { MailMessage } from '../lib/mail.ts';
import { revokedTokensLines } from './api-token-mails.ts';

/**
 * After a password reset from an e-mail link. Passkeys keep working, so the owner reads which ones can still sign in
 * and can remove a stranger's in Settings; API tokens ended with the reset, so the owner learns why scripts get 401.
 */
export function passwordResetMail(
  to: string,
  publicUrl: string,
  passkeyNames: string[],
  revokedTokens: number,
): MailMessage {
  const passkeys =
    passkeyNames.length === 0
      ? ['Your account has no passkeys.']
      : [
          'These passkeys can still sign in to your account:',
          '',
          ...passkeyNames.map((name) => `- ${name}`),
          '',
          `If you do not know one of them, remove it in Settings: ${publicUrl}/settings`,
        ];
  return {
    to,
    subject: 'Your NODR Dashboard password was reset',
    text: [
      'Hello,',
      '',
      'The password of your NODR Dashboard account was just reset from an e-mail link, and every browser that was signed in has been signed out.',
      '',
      ...revokedTokensLines(revokedTokens),
      ...passkeys,
      '',
      'If you did not reset it, reset it again now and contact support.',
      '',
      'The NODR team',
    ].join('\n'),
  };
}
