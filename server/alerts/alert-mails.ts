import { ALERT_CHANNEL_LIMITS } from '../../contracts/alert-channels.ts';
import { oneClickUnsubscribePath } from '../../contracts/notifications.ts';
import type { Config } from '../config.ts';
import { LINK_PAGES } from '../lib/link-secrets.ts';
import type { MailMessage } from '../lib/mail.ts';
import type { DueAlert } from './alerts.repository.ts';

/** "2 h 5 min", "3 min", "under a minute": how long a node was down. */
export function formatDuration(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return 'under a minute';
  const hours = Math.floor(minutes / 60);
  const days = Math.floor(hours / 24);
  if (days > 0) return `${days} d ${hours % 24} h`;
  if (hours > 0) return `${hours} h ${minutes % 60} min`;
  return `${minutes} min`;
}

const utc = (date: Date | null) =>
  date ? `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC` : 'never';
/** What one line of an alert mail needs: a person's due alert, or a node of an E-mail channel's message. */
export type MailedAlert = Pick<
  DueAlert,
  'kind' | 'nodeName' | 'domain' | 'lastSeenAt' | 'at' | 'offlineSince'
>;

const nodeLabel = (alert: MailedAlert) => alert.nodeName || alert.domain;

function line(alert: MailedAlert): string {
  const who = `${nodeLabel(alert)} (${alert.domain})`;
  if (alert.kind === 'offline') return `${who} is offline. Last seen: ${utc(alert.lastSeenAt)}.`;
  if (alert.kind === 'online') {
    // A channel's online message does not carry when the node went down, so it cannot say for how long.
    if (!alert.offlineSince) return `${who} is back online.`;
    const down = formatDuration(alert.at.getTime() - (alert.offlineSince ?? alert.at).getTime());
    return `${who} is back online after being down for ${down}.`;
  }
  if (alert.kind === 'outdated') return `${who} runs an older agent: an update is available.`;
  return `${who} failed its hardware check (Misconfigured). Last seen: ${utc(alert.lastSeenAt)}.`;
}

function subject(alerts: readonly MailedAlert[]): string {
  const [first] = alerts;
  if (alerts.length > 1) {
    const kinds = new Set(alerts.map((alert) => alert.kind));
    return kinds.size === 1 && first?.kind === 'offline'
      ? `${alerts.length} NODRs are offline`
      : `NODR alerts: ${alerts.length} changes`;
  }
  const name = first ? nodeLabel(first) : '';
  if (first?.kind === 'offline') return `NODR ${name} is offline`;
  if (first?.kind === 'online') return `NODR ${name} is back online`;
  if (first?.kind === 'outdated') return `NODR ${name}: agent update available`;
  return `NODR ${name} is misconfigured`;
}

/**
 * One alert mail for one user: every alert of the batch, a link to My NODR, and a one-click unsubscribe link with
 * the List-Unsubscribe headers of RFC 2369 and RFC 8058 (the https one-click POST target of the auth service).
 */
export function alertMail(
  config: Config,
  to: string,
  alerts: readonly MailedAlert[],
  unsubscribeToken: string,
): MailMessage {
  return unsubscribableMail(config, to, subject(alerts), alerts.map(line), unsubscribeToken);
}

/** The "Send test" mail of an E-mail channel, with the links and headers of every alert mail. */
export function alertTestMail(config: Config, to: string, teamName: string, unsubscribeToken: string) {
  const says = `NODR test alert: the E-mail channel of ${teamName} receives its alerts.`;
  return unsubscribableMail(config, to, 'NODR test alert', [says], unsubscribeToken);
}

function unsubscribableMail(
  config: Config,
  to: string,
  subject: string,
  lines: readonly string[],
  unsubscribeToken: string,
): MailMessage {
  const page = `${config.publicUrl}${LINK_PAGES.unsubscribe}/${unsubscribeToken}`;
  const authBase = new URL(config.serviceBases.auth, `${config.publicUrl}/`).toString();
  const oneClick = new URL(oneClickUnsubscribePath(unsubscribeToken), authBase).toString();
  const text = [
    'Hello,',
    '',
    ...lines,
    '',
    `See your NODRs: ${config.publicUrl}/myNodr`,
    '',
    'You get these alerts as an admin of the team. To stop them, open this link (no sign-in needed):',
    page,
    `You can turn alerts back on in Settings > Alerts: ${config.publicUrl}/settings/alerts`,
  ].join('\n');
  return {
    to,
    subject,
    text,
    headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

/** The mail to each admin of a team whose alert channel was switched off after failing for a day. */
export function channelSwitchedOffMail(
  config: Config,
  to: string,
  channel: { name: string; teamName: string; lastError: string | null },
): MailMessage {
  const hours = ALERT_CHANNEL_LIMITS.switchOffAfterHours;
  const text = [
    'Hello,',
    '',
    `The alert channel “${channel.name}” of ${channel.teamName} has been failing for ${hours} hours, so it has been switched off: it gets no alerts now.`,
    ...(channel.lastError ? [`Its last error: ${channel.lastError}`] : []),
    '',
    `Fix its address, then switch it on again in Settings > Alerts: ${config.publicUrl}/settings/alerts`,
  ].join('\n');
  return { to, subject: `Alert channel “${channel.name}” switched off`, text };
}
