import type { AlertEvent, AlertPayloadBody } from '../../contracts/alert-channels.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { Mailer } from '../lib/mail.ts';
import { hashToken } from '../lib/tokens.ts';
import { unsubscribeToken } from '../lib/unsubscribe-token.ts';
import { teamAlertRecipients } from './alert-channels.repository.ts';
import { alertMail, alertTestMail, type MailedAlert } from './alert-mails.ts';
import { type AlertKind, storeUnsubscribeHash } from './alerts.repository.ts';
import type { PostOutcome } from './channel-http.ts';

export interface EmailChannelDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  /** The server key the unsubscribe tokens are derived from. */
  unsubscribeKey: () => Promise<Buffer>;
}

const KIND_OF: Record<Exclude<AlertEvent, 'alert.test'>, AlertKind> = {
  'node.offline': 'offline',
  'node.online': 'online',
  'node.misconfigured': 'misconfigured',
  'node.outdated': 'outdated',
};

/** The message's nodes as the lines of today's alert mail. */
function mailedAlerts(payload: AlertPayloadBody, kind: AlertKind): MailedAlert[] {
  const at = new Date(payload.timestamp);
  const date = (value: string | null) => (value === null ? null : new Date(value));
  return payload.data.nodes.map((node) => ({
    kind,
    nodeName: node.name,
    domain: node.domain,
    lastSeenAt: date(node.lastSeenAt),
    at,
    offlineSince: date(node.offlineSince),
  }));
}

/** The detail of a try the mail outbox did not take. */
const OUTBOX_REFUSED = 'The mail outbox could not take the mails.';

const accepted = (admins: number) => `Mail queued for ${admins} admin${admins === 1 ? '' : 's'}`;

/**
 * An E-mail channel's "delivery": the alert mail to each admin of the team whose alerts are on, each with their own
 * unsubscribe link, queued in the mail outbox in one transaction. The try succeeds when the outbox accepts them; the
 * mail outbox then sends and retries on its own.
 */
export async function mailTeamAdmins(
  deps: EmailChannelDeps,
  teamId: number,
  payload: AlertPayloadBody,
): Promise<PostOutcome> {
  try {
    return await queueMails(deps, teamId, payload);
  } catch {
    // The outbox refused (the database is unreachable): a failed try like any other, retried later. The team's admins
    // read the detail, so it says what happened in words: the database's own error names the query and its
    // parameters, the mails with their unsubscribe links among them.
    return { ok: false, status: null, detail: OUTBOX_REFUSED };
  }
}

async function queueMails(
  deps: EmailChannelDeps,
  teamId: number,
  payload: AlertPayloadBody,
): Promise<PostOutcome> {
  const key = await deps.unsubscribeKey();
  const { type } = payload;
  return deps.db.transaction(async (tx) => {
    const admins = await teamAlertRecipients(tx, teamId);
    for (const admin of admins) {
      const token = unsubscribeToken(key, admin.userId, admin.unsubscribeGeneration);
      const hash = hashToken(token);
      if (admin.unsubscribeTokenHash !== hash) await storeUnsubscribeHash(tx, admin.userId, hash);
      const mail =
        type === 'alert.test'
          ? alertTestMail(deps.config, admin.email, payload.data.team.name, token)
          : alertMail(deps.config, admin.email, mailedAlerts(payload, KIND_OF[type]), token);
      await deps.mailer.send(mail, tx);
    }
    return { ok: true, status: null, detail: accepted(admins.length) };
  });
}
