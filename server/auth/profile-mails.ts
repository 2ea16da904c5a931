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
