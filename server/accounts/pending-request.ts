import type { Db } from '../db/database.ts';
import type { Deps } from '../deps.ts';
import type { HttpError } from '../lib/errors.ts';
import type { MailMessage } from '../lib/mail.ts';
import { findUserById, type UserRow } from './accounts.repository.ts';
import { type ActivityKind, type Client, recordActivity } from './activity.ts';
import { invalidLink, issueLink, type LinkPurpose, redeemLinkLocked, revokeLinks } from './links.ts';

/** Where a pending request's link goes, and what its link row carries (null: nothing). */
export interface PendingTarget {
  to: string;
  payload: string | null;
}

/**
 * One kind of request that waits for an e-mail link (spec 4: an e-mail change, an account deletion; later a team
 * invitation): what the account holds while it waits, its link, its mail and the limit of its resends.
 */
export interface PendingRequestKind {
  purpose: LinkPurpose;
  ttlMs: number;
  /** The account's request as it stands, or null when none waits (spec 3: statusChangeEmail 10, deleteProgress). */
  pendingOf(user: UserRow): PendingTarget | null;
  /** The 400 of a resend when nothing waits. */
  notPending(): HttpError;
  /** Throws the 429 when the account (or the client's address) may not be sent another link yet. */
  spendResend(userId: number, ip: string): Promise<void>;
  /** Marks the request pending on the account, in the transaction that issues its link. */
  markPending(tx: Db, userId: number, target: PendingTarget): Promise<void>;
  /** Ends it on the account; the links of `purpose` are revoked beside it. */
  clearPending(tx: Db, userId: number, now: Date): Promise<void>;
  linkMail(to: string, publicUrl: string, hash: string): MailMessage;
}

interface Activity {
  kind: ActivityKind;
  client: Client;
}

/**
 * The lifecycle every pending request shares: send (mark pending, record, issue a single-use link, queue its mail, in
 * one transaction), resend under the kind's limit, revoke, and redeem a link of the request still pending. Each
 * changes what the session check answers (statusChangeEmail, e-mail, deleteProgress, the account itself), so each
 * tells the hub once it has committed.
 */
export function pendingRequests(deps: Deps, kind: PendingRequestKind) {
  const { db, clock, mailer, config } = deps;

  /** Ends the request and its links; call it inside the transaction of the change. */
  async function end(tx: Db, userId: number, now: Date): Promise<void> {
    await kind.clearPending(tx, userId, now);
    await revokeLinks(tx, userId, kind.purpose, now);
  }

  /**
   * Marks the request pending, records the activity and mails a new link, in one transaction; `alsoInTx` adds to
   * that transaction (e.g. a second link to another mailbox).
   */
  async function send(
    userId: number,
    target: PendingTarget,
    activity: Activity,
    alsoInTx?: (tx: Db, now: Date) => Promise<void>,
  ): Promise<void> {
    const now = clock.now();
    await db.transaction(async (tx) => {
      await kind.markPending(tx, userId, target);
      await recordActivity(tx, { userId, kind: activity.kind, at: now, ...activity.client });
      // issueLink revokes the older links of this purpose: only the newest link works (superseded).
      const hash = await issueLink(tx, {
        userId,
        purpose: kind.purpose,
        ttlMs: kind.ttlMs,
        now,
        payload: target.payload ?? undefined,
      });
      await mailer.send(kind.linkMail(target.to, config.publicUrl, hash), tx);
      await alsoInTx?.(tx, now);
    });
    deps.hub.viewsChanged({ userIds: [userId] });
    mailer.drain().catch(() => {});
  }

  return {
    send,
    end,

    /** The same link again, to the same place: only while the request waits, and within the kind's limit. */
    async resend(userId: number, activity: Activity): Promise<void> {
      const user = await findUserById(db, userId);
      const target = user ? kind.pendingOf(user) : null;
      if (!target) throw kind.notPending();
      await kind.spendResend(userId, activity.client.ip);
      await send(userId, target, activity);
    },

    async revoke(userId: number, activity: Activity): Promise<void> {
      const now = clock.now();
      await db.transaction(async (tx) => {
        await end(tx, userId, now);
        await recordActivity(tx, { userId, kind: activity.kind, at: now, ...activity.client });
      });
      deps.hub.viewsChanged({ userIds: [userId] });
    },

    /**
     * Uses a link of the request (of `purpose`, by default the request's own) in one transaction with `use`. Single
     * use, and only for the request still pending: an expired, used or revoked link, or one issued for a request
     * that has since ended or changed, is a 400 invalid_link and changes nothing.
     */
    async redeem<T>(
      hash: string,
      use: (tx: Db, user: UserRow, target: PendingTarget, now: Date) => Promise<T>,
      purpose: LinkPurpose = kind.purpose,
    ): Promise<T> {
      const now = clock.now();
      let userId = 0;
      const result = await db.transaction(async (tx) => {
        const link = await redeemLinkLocked(tx, hash, purpose, now);
        const user = await findUserById(tx, link.userId);
        const target = user ? kind.pendingOf(user) : null;
        if (!user || !target || target.payload !== link.payload) throw invalidLink();
        userId = user.id;
        return use(tx, user, target, now);
      });
      deps.hub.viewsChanged({ userIds: [userId] });
      return result;
    },
  };
}
