import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database.ts';
import { rateCounters } from '../../server/db/schema.ts';
import type { Clock } from '../../server/lib/clock.ts';
import { createMailBudget, MAIL_LIMITS, mailBudgetOf } from '../../server/lib/mail-limits.ts';
import {
  deleteExpiredCounters,
  lockedKeys,
  recordFailure,
} from '../../server/lib/rate-counters.repository.ts';
import { RateLimiter } from '../../server/lib/rate-limiter.ts';
import { freshDatabase } from '../helpers/database.ts';

// The counters live in the database, so every replica on it counts against the same limits.
let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());
beforeEach(async () => {
  await database.db.delete(rateCounters);
});
const db = () => database.db;

function manualClock(start = 1_800_000_000_000) {
  let time = start;
  const clock = { now: () => new Date(time) } as Clock;
  return { clock, now: () => time, advance: (ms: number) => (time += ms) };
}

describe('a fixed-window limit', async () => {
  it('takes max attempts per key in a window, refuses the next, and takes them again once the window ends', async () => {
    const time = manualClock();
    const limiter = new RateLimiter(db(), 'test', 3, 60_000, time.now);
    for (const _ of [1, 2, 3]) expect(await limiter.hit('a')).toBe(true);
    expect(await limiter.take('a')).toBeNull();
    expect(await limiter.hit('a')).toBe(false);
    // Another key has its own count.
    expect(await limiter.hit('b')).toBe(true);
    time.advance(59_999);
    expect(await limiter.hit('a')).toBe(false);
    time.advance(1);
    expect(await limiter.take('a')).not.toBeNull();
    expect(await limiter.hit('a')).toBe(true);
  });

  it('takes an attempt only while under the limit, gives it back on request, and forgets a key when reset', async () => {
    const time = manualClock();
    const limiter = new RateLimiter(db(), 'test', 1, 1000, time.now);
    const giveBack = await limiter.take('a');
    expect(giveBack).toBeTypeOf('function');
    // At the limit, a refused take counts nothing: the window still holds one hit, so giving that back frees it.
    expect(await limiter.take('a')).toBeNull();
    await giveBack?.();
    const again = await limiter.take('a');
    expect(again).not.toBeNull();
    // A give-back from a window that has ended leaves the next window's count alone.
    time.advance(1000);
    expect(await limiter.take('a')).not.toBeNull();
    await again?.();
    expect(await limiter.take('a')).toBeNull();
    await limiter.reset('a');
    expect(await limiter.hit('a')).toBe(true);
  });

  it('lets exactly the limit through when 20 attempts arrive at once', async () => {
    const limiter = new RateLimiter(db(), 'test', 3, 60_000, manualClock().now);
    const taken = await Promise.all(Array.from({ length: 20 }, () => limiter.take('burst')));
    expect(taken.filter((giveBack) => giveBack !== null)).toHaveLength(3);
  });
});

describe('the mail budget', async () => {
  it('sends one change mail a minute per user and names the limit that refused', async () => {
    const time = manualClock();
    const budget = createMailBudget(db(), time.clock);
    expect(await budget.changeMail(1, '198.51.100.1')).toBeNull();
    expect(await budget.changeMail(1, '198.51.100.1')).toBe('minute');
    expect(await budget.changeMail(2, '198.51.100.1')).toBeNull();
    time.advance(MAIL_LIMITS.changeUserMinute.windowMs);
    expect(await budget.changeMail(1, '198.51.100.1')).toBeNull();
  });

  it('stops a user at 10 change mails a day, minute after minute', async () => {
    const time = manualClock();
    const budget = createMailBudget(db(), time.clock);
    const answers: (string | null)[] = [];
    for (let i = 0; i < 11; i += 1) {
      answers.push(await budget.changeMail(1, `198.51.100.${i}`));
      time.advance(MAIL_LIMITS.changeUserMinute.windowMs);
    }
    expect(answers.slice(0, 10)).toEqual(Array(10).fill(null));
    expect(answers[10]).toBe('day');
  });

  it('counts nothing for a refused guest mail, so another kind to the same address still goes', async () => {
    const time = manualClock();
    const budget = createMailBudget(db(), time.clock);
    expect(await budget.guestMail('register', 'op@example.com', '198.51.100.1')).toBe(true);
    expect(await budget.guestMail('register', 'op@example.com', '198.51.100.1')).toBe(false);
    expect(await budget.guestMail('recovery', 'op@example.com', '198.51.100.1')).toBe(true);
  });

  it('stops one client address at 30 account mails an hour, across addresses', async () => {
    const time = manualClock();
    const budget = createMailBudget(db(), time.clock);
    const sent: boolean[] = [];
    for (let i = 0; i < 31; i += 1)
      sent.push(await budget.guestMail('register', `u${i}@example.com`, '198.51.100.9'));
    expect(sent.filter(Boolean)).toHaveLength(30);
    expect(sent[30]).toBe(false);
    expect(await budget.guestMail('register', 'other@example.com', '198.51.100.10')).toBe(true);
  });

  it('names the client limit when one address asks for change mails for many users', async () => {
    const time = manualClock();
    const budget = createMailBudget(db(), time.clock);
    const answers: (string | null)[] = [];
    for (let user = 0; user < 31; user += 1) answers.push(await budget.changeMail(user, '198.51.100.7'));
    expect(answers.slice(0, 30)).toEqual(Array(30).fill(null));
    expect(answers[30]).toBe('ip');
  });

  it('is one budget per database: a second app (another replica) on it spends the same budget', async () => {
    const time = manualClock();
    const deps = { db: db(), clock: time.clock };
    expect(await mailBudgetOf(deps).changeMail(1, '198.51.100.1')).toBeNull();
    expect(await mailBudgetOf(deps).changeMail(1, '198.51.100.1')).toBe('minute');
    expect(await mailBudgetOf({ db: db(), clock: time.clock }).changeMail(1, '198.51.100.1')).toBe('minute');
    expect(await mailBudgetOf(deps).changeMail(2, '198.51.100.1')).toBeNull();
  });
});

describe('the counters in the database', () => {
  it('counts every one of many concurrent hits on one key exactly once', async () => {
    const time = manualClock();
    const limiters = [1, 2].map(() => new RateLimiter(db(), 'test', 25, 60_000, time.now));
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => limiters[i % 2]!.hit('shared')));
    expect(answers.filter(Boolean)).toHaveLength(25);
  });

  it('keeps limits of different names apart for the same key', async () => {
    const time = manualClock();
    const first = new RateLimiter(db(), 'first', 1, 60_000, time.now);
    const second = new RateLimiter(db(), 'second', 1, 60_000, time.now);
    expect(await first.hit('k')).toBe(true);
    expect(await second.hit('k')).toBe(true);
    expect(await first.hit('k')).toBe(false);
  });

  it('deletes the rows whose window has ended, and only those', async () => {
    const time = manualClock();
    await new RateLimiter(db(), 'short', 1, 1_000, time.now).hit('k');
    const long = new RateLimiter(db(), 'long', 1, 60_000, time.now);
    await long.hit('k');
    time.advance(1_001);
    expect(await deleteExpiredCounters(db(), time.now())).toBe(1);
    expect(await long.hit('k')).toBe(false);
  });
});

describe('the sign-in lockouts in the database', () => {
  const rule = { free: 3, baseDelayMs: 1_000, maxDelayMs: 8_000, forgetAfterMs: 60_000 };

  it('locks from the free-th failure, twice as long each time up to the cap, and never overflows', async () => {
    const time = manualClock();
    const locks: number[] = [];
    for (let failure = 1; failure <= 8; failure += 1) {
      await recordFailure(db(), 'lock', time.now(), rule);
      const [row] = await db().select().from(rateCounters);
      locks.push(row!.lockedUntil - time.now());
    }
    expect(locks).toEqual([0, 0, 1_000, 2_000, 4_000, 8_000, 8_000, 8_000]);
    // 2 to the power of thousands is past what a double holds; the count goes on, the lock stays at the cap.
    await db().update(rateCounters).set({ hits: 5_000 });
    await recordFailure(db(), 'lock', time.now(), rule);
    const [long] = await db().select().from(rateCounters);
    expect([long!.hits, long!.lockedUntil - time.now()]).toEqual([5_001, 8_000]);
    expect(await lockedKeys(db(), ['lock', 'other'], time.now())).toEqual(new Set(['lock']));
    time.advance(8_000);
    expect(await lockedKeys(db(), ['lock'], time.now())).toEqual(new Set());
  });

  it('starts counting again after a quiet forgetAfterMs', async () => {
    const time = manualClock();
    for (let i = 0; i < 3; i += 1) await recordFailure(db(), 'quiet', time.now(), rule);
    time.advance(rule.forgetAfterMs);
    await recordFailure(db(), 'quiet', time.now(), rule);
    expect(await lockedKeys(db(), ['quiet'], time.now())).toEqual(new Set());
  });
});
