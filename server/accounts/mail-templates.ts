import { INVITATION_PATH } from '../../contracts/team-body.ts';
import { LINK_PAGES } from '../lib/link-secrets.ts';
import type { MailMessage } from '../lib/mail.ts';

// Plain, friendly texts; each link stands on its own line so every mail client makes it clickable.

export function createPasswordMail(to: string, publicUrl: string, hash: string): MailMessage {
  return {
    to,
    subject: 'Confirm your e-mail for NODR Dashboard',
    text: [
      'Hello,',
      '',
      'Thank you for joining the NODR network. To confirm your e-mail and create your password, open this link:',
      '',
      `${publicUrl}${LINK_PAGES.createPassword}/${hash}`,
      '',
      'The link works once and for 24 hours. If you did not sign up, you can ignore this message.',
      '',
      'The NODR team',
    ].join('\n'),
  };
}

export function accountExistsMail(to: string, publicUrl: string): MailMessage {
  return {
    to,
    subject: 'You already have a NODR Dashboard account',
    text: [
      'Hello,',
      '',
      'Someone, hopefully you, tried to sign up with this e-mail, but it already has an account. Sign in here:',
      '',
      `${publicUrl}/`,
      '',
      'Forgot your password? Ask for a new one here:',
      '',
      `${publicUrl}/forgotPassword`,
      '',
      'If it was not you, you can ignore this message: nothing has changed.',
      '',
      'The NODR team',
    ].join('\n'),
  };
}

export function resetPasswordMail(to: string, publicUrl: string, hash: string): MailMessage {
  return {
    to,
    subject: 'Reset your NODR Dashboard password',
    text: [
      'Hello,',
      '',
      'We received a request to reset the password of your NODR Dashboard account. To choose a new one, open this link:',
      '',
      `${publicUrl}${LINK_PAGES.resetPassword}/${hash}`,
      '',
      'The link works once and for 1 hour. If you did not ask for it, you can ignore this message: your password stays the same.',
      '',
      'The NODR team',
    ].join('\n'),
  };
}

/** An invitation to join a team; the link opens the web app's invitation page. */
export function invitationMail(
  to: string,
  publicUrl: string,
  hash: string,
  invite: { teamName: string; inviter: string; roleName: string },
): MailMessage {
  const team = invite.teamName === '' ? 'a team' : `the team “${invite.teamName}”`;
  const by = invite.inviter === '' ? 'A colleague' : invite.inviter;
  return {
    to,
    subject: 'You are invited to a team on NODR Dashboard',
    text: [
      'Hello,',
      '',
      `${by} invited you to join ${team} on NODR Dashboard as ${invite.roleName}. To accept or decline, open this link:`,
      '',
      `${publicUrl}${INVITATION_PATH}?hash=${hash}`,
      '',
      'If you have no account yet, you can create one with this address from that page. The link works once and for 7 days. If you were not expecting it, you can ignore this message.',
      '',
      'The NODR team',
    ].join('\n'),
  };
}
