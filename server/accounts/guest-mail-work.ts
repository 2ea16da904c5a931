import type { Deps } from '../deps.ts';
import { findUserByEmail, insertUserWithTeam } from './accounts.repository.ts';
import { issueLink, LINK_TTL_MS } from './links.ts';
import { accountExistsMail, createPasswordMail, resetPasswordMail } from './mail-templates.ts';

/**
 * The part of registration and recovery that depends on whether the address has an account.
 * It runs after the answer (Mailer.defer), so the answer takes the same time for every address.
 */
export function createGuestMailWork(deps: Deps) {
  const { db, clock, mailer, config } = deps;
  return {
    /** Makes the account (or finds it) and mails the create-password link, or the already-registered hint. */
    async register(email: string, input: { offer: boolean; subscription: boolean }) {
      const now = clock.now();
      await db.transaction(async (tx) => {
        const user =
          (await findUserByEmail(tx, email)) ??
          (await insertUserWithTeam(tx, { email, offer: input.offer, subscription: input.subscription })) ??
          // A concurrent registration of the same address won the insert.
          (await findUserByEmail(tx, email));
        if (!user) throw new Error('registration found no user');
        if (user.passwordHash) {
          await mailer.send(accountExistsMail(user.email, config.publicUrl), tx);
          return;
        }
        const purpose = 'create_password';
        const hash = await issueLink(tx, { userId: user.id, purpose, ttlMs: LINK_TTL_MS[purpose], now });
        await mailer.send(createPasswordMail(user.email, config.publicUrl, hash), tx);
      });
    },

    /** Mails a reset link to a completed account; nothing otherwise. */
    async recover(email: string) {
      const user = await findUserByEmail(db, email);
      if (!user?.passwordHash) return;
      const now = clock.now();
      await db.transaction(async (tx) => {
        const purpose = 'reset_password';
        const hash = await issueLink(tx, { userId: user.id, purpose, ttlMs: LINK_TTL_MS[purpose], now });
        await mailer.send(resetPasswordMail(user.email, config.publicUrl, hash), tx);
      });
    },
  };
}
