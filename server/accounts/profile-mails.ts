import { LINK_PAGES } from '../lib/link-secrets.ts';
import type { MailMessage } from '../lib/mail.ts';

// Plain, friendly texts; each link stands on its own line so every mail client makes it clickable.

const sign = ['', 'The NODR team'];

export function confirmEmailChangeMail(to: string, publicUrl: string, hash: string): MailMessage {
  return {
    to,
    subject: 'Confirm your new e-mail for NODR Dashboard',
    text: [
      'Hello,',
      '',
      'You asked to use this address for your NODR Dashboard account. To confirm the change, open this link:',
      '',
      `${publicUrl}${LINK_PAGES.changeEmail}/${hash}`,
      '',
      'The link works once and for 24 hours. If you did not ask for it, you can ignore this message.',
      ...sign,
    ].join('\n'),
  };
}

export function emailChangeNoticeMail(
  to: string,
  newEmail: string,
  publicUrl: string,
  cancelHash: string,
): MailMessage {
  return {
    to,
    subject: 'Your NODR Dashboard e-mail is about to change',
    text: [
      'Hello,',
      '',
      `Someone signed in to your NODR Dashboard account asked to change its e-mail to ${newEmail}.`,
      'The change happens only when the link sent to the new address is opened.',
      '',
      'If it was not you, cancel the change with this link (no sign-in needed; it works once and for 24 hours):',
      '',
      `${publicUrl}${LINK_PAGES.cancelEmailChange}/${cancelHash}`,
      '',
      'Then change your password: whoever asked for the change knows it. Sign in here:',
      '',
      `${publicUrl}/`,
      ...sign,
    ].join('\n'),
  };
}

export function emailChangedMail(to: string, newEmail: string): MailMessage {
  return {
    to,
    subject: 'Your NODR Dashboard e-mail has changed',
    text: [
      'Hello,',
      '',
      `The e-mail of your NODR Dashboard account is now ${newEmail}. This address no longer signs in.`,
      'If you did not make this change, please contact support.',
      ...sign,
    ].join('\n'),
  };
}

export function confirmDeletionMail(to: string, publicUrl: string, hash: string): MailMessage {
  return {
    to,
    subject: 'Confirm the deletion of your NODR Dashboard account',
    text: [
      'Hello,',
      '',
      'You asked to delete your NODR Dashboard account. To confirm, open this link:',
      '',
      `${publicUrl}${LINK_PAGES.deleteAccount}/${hash}`,
      '',
      'The link works once and for 1 hour. Until then your services stay active, and you can cancel the request under',
      'Settings. A team left without members is closed and cannot be restored.',
      ...sign,
    ].join('\n'),
  };
}

export function accountDeletedMail(to: string): MailMessage {
  return {
    to,
    subject: 'Your NODR Dashboard account has been deleted',
    text: [
      'Hello,',
      '',
      'Your NODR Dashboard account has been deleted. We are sorry to see you go.',
      'If you did not ask for this, please contact support.',
      ...sign,
    ].join('\n'),
  };
}

/** Where the owner changes the password: Settings (sign-in with a recovery code works while codes are locked). */
const changePasswordLines = (publicUrl: string) => [
  'If it was not you, change your password in Settings:',
  '',
  `${publicUrl}/settings`,
];

/** Wrong two-factor codes reached the per-account limit: whoever typed them got past the password. */
export function codeGuessingMail(to: string, publicUrl: string): MailMessage {
  return {
    to,
    subject: 'Someone who knows your password tried to sign in to NODR Dashboard',
    text: [
      'Hello,',
      '',
      'Several wrong two-factor codes were just typed for your NODR Dashboard account: someone who knows your password tried to sign in.',
      'Codes from your authenticator app are refused for a few minutes; your recovery codes still work.',
      '',
      ...changePasswordLines(publicUrl),
      ...sign,
    ].join('\n'),
  };
}

export function twoFactorEnabledMail(to: string, publicUrl: string): MailMessage {
  return {
    to,
    subject: 'Two-factor sign-in is on for your NODR Dashboard account',
    text: [
      'Hello,',
      '',
      'Two-factor sign-in was turned on for your NODR Dashboard account: signing in now also asks for a code.',
      '',
      ...changePasswordLines(publicUrl),
      ...sign,
    ].join('\n'),
  };
}

export function twoFactorDisabledMail(to: string, publicUrl: string): MailMessage {
  return {
    to,
    subject: 'Two-factor sign-in is off for your NODR Dashboard account',
    text: [
      'Hello,',
      '',
      'Two-factor sign-in was turned off for your NODR Dashboard account: signing in now asks for the password only.',
      '',
      ...changePasswordLines(publicUrl),
      ...sign,
    ].join('\n'),
  };
}

export function recoveryCodesMadeMail(to: string, publicUrl: string): MailMessage {
  return {
    to,
    subject: 'New recovery codes for your NODR Dashboard account',
    text: [
      'Hello,',
      '',
      'New two-factor recovery codes were made for your NODR Dashboard account; the earlier ones no longer work.',
      '',
      ...changePasswordLines(publicUrl),
      ...sign,
    ].join('\n'),
  };
}

export function recoveryCodeSignInMail(to: string, publicUrl: string, codesLeft: number): MailMessage {
  return {
    to,
    subject: 'A recovery code was used to sign in to NODR Dashboard',
    text: [
      'Hello,',
      '',
      `Someone signed in to your NODR Dashboard account with a recovery code. ${codesLeft} unused recovery code(s) left.`,
      '',
      ...changePasswordLines(publicUrl),
      ...sign,
    ].join('\n'),
  };
}
