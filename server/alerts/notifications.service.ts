import type { NotificationSettings } from '../../contracts/notifications.schema.ts';
import type { Deps } from '../deps.ts';
import type { Caller } from '../lib/authenticate.ts';
import { badRequest, unauthorized } from '../lib/errors.ts';
import { hashToken } from '../lib/tokens.ts';
import * as repo from './notifications.repository.ts';

/** An unsubscribe token as alert mails carry it: a base64url HMAC-SHA256 (server/lib/unsubscribe-token.ts). */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const invalidUnsubscribeLink = () => badRequest('invalid_link', 'This unsubscribe link is not valid.');

/** Settings > Notifications and the unsubscribe link of alert mails. */
export function createNotificationsService(deps: Deps) {
  const service = {
    async getSettings(caller: Caller): Promise<NotificationSettings> {
      const settings = await repo.find(deps.db, caller.userId);
      // The account went between the session check and this read.
      if (!settings) throw unauthorized();
      return settings;
    },

    async saveSettings(caller: Caller, settings: NotificationSettings): Promise<NotificationSettings> {
      await repo.save(deps.db, caller.userId, settings);
      return service.getSettings(caller);
    },

    /**
     * The one-click unsubscribe of alert mails: no sign-in, and only the token's own user is affected. A
     * repeated click answers the same (mail clients may send the one-click POST more than once).
     */
    async unsubscribe(token: string): Promise<{ ok: true }> {
      if (!TOKEN.test(token)) throw invalidUnsubscribeLink();
      if (!(await repo.unsubscribe(deps.db, hashToken(token)))) throw invalidUnsubscribeLink();
      return { ok: true };
    },
  };
  return service;
}
