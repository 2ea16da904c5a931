import type { Db } from '../db/database.ts';
import type { Clock } from './clock.ts';
import { canonicalMailbox } from './mailbox.ts';
import { createLimiters, type RateLimiter } from './rate-limiter.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * How much mail anyone can make the product send, so that it cannot be used to flood outside
 * mailboxes. Every number of the mail budget lives here (docs/api-auth.md, docs/api-profile.md).
 */
export const MAIL_LIMITS = {
  /** E-mail-change confirmations to new addresses, per user; a request and a resend share it. */
  changeUserMinute: { max: 1, windowMs: MINUTE_MS },
  changeUserDay: { max: 10, windowMs: 24 * HOUR_MS },
  /** Registration mail per address, and recovery mail per address (each call kind has its own count). */
  addressMinute: { max: 1, windowMs: MINUTE_MS },
  addressHour: { max: 5, windowMs: HOUR_MS },
  /** Every account mail one client address triggers, across accounts. */
  ipHour: { max: 30, windowMs: HOUR_MS },
  /** Invitation mails (invites and resends) one admin sends, across teams. */
  inviterHour: { max: 50, windowMs: HOUR_MS },
} as const;

/** Deliveries per hour across the whole server; the rest waits in the outbox (MAIL_HOURLY_BUDGET overrides it). */
export const MAIL_HOURLY_BUDGET = 1000;

export type MailRefusal = 'minute' | 'hour' | 'day' | 'ip';

type Limiters = Record<keyof typeof MAIL_LIMITS, RateLimiter>;

/**
 * Counts each check only when every one passes, so a refused attempt spends nothing: each check counts atomically
 * while under its limit (so attempts that arrive together, on one replica or several, never pass a limit), and when
 * a later check refuses, the counts already taken are given back.
 */
async function take(checks: [RateLimiter, string, MailRefusal][]): Promise<MailRefusal | null> {
  const taken: (() => Promise<void>)[] = [];
  for (const [limiter, key, refusal] of checks) {
    const giveBack = await limiter.take(key);
    if (!giveBack) {
      for (const back of taken) await back();
      return refusal;
    }
    taken.push(giveBack);
  }
  return null;
}

/** The mail budget of the app's database, shared by every replica on it. */
export function createMailBudget(db: Db, clock: Clock) {
  const limits: Limiters = createLimiters(db, 'mail', MAIL_LIMITS, () => clock.now().getTime());
  return {
    /** An e-mail-change confirmation for this user from this client; null when it may go, else why not. */
    changeMail(userId: number, ip: string): Promise<MailRefusal | null> {
      return take([
        [limits.changeUserMinute, String(userId), 'minute'],
        [limits.changeUserDay, String(userId), 'day'],
        [limits.ipHour, ip, 'ip'],
      ]);
    },
    /**
     * An invitation mail from this admin to this address; null when it may go. Per address it counts apart
     * from registration and recovery, so an invitation never eats the invitee's sign-up mail. Addresses count per
     * inbox (canonicalMailbox), not per spelling.
     */
    invitationMail(userId: number, email: string): Promise<MailRefusal | null> {
      return take([
        [limits.inviterHour, String(userId), 'hour'],
        [limits.addressHour, `invite:${canonicalMailbox(email)}`, 'hour'],
      ]);
    },
    /** A registration or recovery mail to this address (counted per inbox) from this client: true when it may go. */
    async guestMail(kind: 'register' | 'recovery', email: string, ip: string): Promise<boolean> {
      const key = `${kind}:${canonicalMailbox(email)}`;
      return (
        (await take([
          [limits.addressMinute, key, 'minute'],
          [limits.addressHour, key, 'hour'],
          [limits.ipHour, ip, 'ip'],
        ])) === null
      );
    },
  };
}

export type MailBudget = ReturnType<typeof createMailBudget>;

const budgets = new WeakMap<object, MailBudget>();

/** The one budget of an app (keyed by its `deps`), shared by the guest calls and the profile calls. */
export function mailBudgetOf(deps: { db: Db; clock: Clock }): MailBudget {
  let budget = budgets.get(deps);
  if (!budget) {
    budget = createMailBudget(deps.db, deps.clock);
    budgets.set(deps, budget);
  }
  return budget;
}
