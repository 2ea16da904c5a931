import type { Db } from '../db/database.ts';
import { badRequest } from '../lib/errors.ts';
import { hashToken, randomToken } from '../lib/tokens.ts';
import { lockUser } from './accounts.repository.ts';
import { linkStateAt } from './link-state.ts';
import { type EmailLink, findLink, insertLink, markLinkUsed, revokeUnusedLinks } from './links.repository.ts';
import { setDeleteProgress, setPendingEmail } from './profile.repository.ts';

export type LinkPurpose =
  | 'create_password'
  | 'reset_password'
  | 'change_email'
  /** Mailed to the old address with the change request; one click ends the pending change. */
  | 'cancel_email_change'
  | 'delete_account';

const HOUR_MS = 3_600_000;

/** A create-password link lives 24 h, a reset-password link 1 h. */
export const LINK_TTL_MS = { create_password: 24 * HOUR_MS, reset_password: HOUR_MS } as const;

export type { EmailLink };

export const invalidLink = () => badRequest('invalid_link', 'This link is expired or has already been used.');

/**
 * Issues a single-use e-mail link and returns its raw hash (256 bits) for the mail; only its SHA-256 is stored.
 * Every older unused link of the same user and purpose stops working. Call it inside a transaction.
 */
export async function issueLink(
  tx: Db,
  options: { userId: number; purpose: LinkPurpose; ttlMs: number; now: Date; payload?: string },
): Promise<string> {
  const { userId, purpose, ttlMs, now } = options;
  // Locks the user so that two concurrent issues cannot both stay live: the later one revokes the earlier.
  await lockUser(tx, userId);
  await revokeLinks(tx, userId, purpose, now);
  const hash = randomToken();
  await insertLink(tx, {
    userId,
    purpose,
    tokenHash: hashToken(hash),
    payload: options.payload ?? null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + ttlMs),
  });
  return hash;
}

/** The live link of this hash and purpose without using it, or undefined. */
export async function peekLink(
  db: Db,
  hash: string,
  purpose: LinkPurpose,
  now: Date,
): Promise<EmailLink | undefined> {
  const row = await findLink(db, hashToken(hash), purpose);
  return row && linkStateAt(row, now) === 'valid' ? row : undefined;
}

/**
 * Uses a link. A wrong purpose, an expired, used or revoked link is a 400 'invalid_link'. The use is one conditional
 * UPDATE (still unused and unrevoked), so of any number of concurrent redemptions or a revocation exactly one wins.
 */
export async function redeemLink(tx: Db, hash: string, purpose: LinkPurpose, now: Date): Promise<EmailLink> {
  const link = await peekLink(tx, hash, purpose, now);
  if (!link) throw invalidLink();
  const row = await markLinkUsed(tx, link.id, now);
  if (!row) throw invalidLink();
  return row;
}

/**
 * Uses a link after locking its user, so it queues behind (instead of deadlocking with) any other transaction on the
 * same user's links: redemption and revokeAllLinks touch several link rows of one user.
 */
export async function redeemLinkLocked(
  tx: Db,
  hash: string,
  purpose: LinkPurpose,
  now: Date,
): Promise<EmailLink> {
  const link = await peekLink(tx, hash, purpose, now);
  if (!link) throw invalidLink();
  await lockUser(tx, link.userId);
  return redeemLink(tx, hash, purpose, now);
}

/**
 * A password change (Settings or a link), a confirmed e-mail change and an account deletion end every
 * outstanding link of the account, so that a link mailed to someone who no longer should hold it (an intruder's
 * new address, an old mailbox) stops working. A pending e-mail change goes back to 0 and a pending deletion ends:
 * their links are gone, and a deletion left pending without a link would only keep the team locked (spec 2).
 * Call it inside the transaction of the change.
 */
export async function revokeAllLinks(tx: Db, userId: number, now: Date): Promise<void> {
  await lockUser(tx, userId);
  await revokeUnusedLinks(tx, userId, now);
  await setPendingEmail(tx, userId, null);
  await setDeleteProgress(tx, userId, false);
}

/** Revokes every unused link of the user and purpose. */
export async function revokeLinks(tx: Db, userId: number, purpose: LinkPurpose, now: Date): Promise<void> {
  await revokeUnusedLinks(tx, userId, now, purpose);
}
