import type { Config } from '../config.ts';
import type { Mailer } from '../lib/mail.ts';
import { alertMail } from './alert-mails.ts';
import type { Channel } from './channel.ts';

/** Alerts by e-mail: one mail per batch, queued in the mail outbox within the alerts' own transaction. */
export function emailChannel(deps: { config: Config; mailer: Mailer }): Channel {
  return {
    type: 'email',
    async deliver(message) {
      await deps.mailer.send(
        alertMail(deps.config, message.email, message.alerts, message.unsubscribeToken),
        message.tx,
      );
      return { delivered: true };
    },
  };
}
