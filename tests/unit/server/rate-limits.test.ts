import { describe, expect, it } from 'vitest';
import type { Clock } from '../../../server/lib/clock.ts';
import { createMailBudget, MAIL_LIMITS, mailBudgetOf } from '../../../server/lib/mail-limits.ts';
import { RateLimiter } from '../../../server/lib/rate-limiter.ts';

function manualClock(start = 1_800_000_000_000) {
  let time = start;
  const clock = { now: () => new Date(time) } as Clock;
  return { clock, now: () => time, advance: (ms: number) => (time += ms) };
}

describe('a fixed-window limit', () => {
  it('takes max attempts per key in a window, refuses the next, and takes them again once the window ends', () => {
    const time = manualClock();
    const limiter = new RateLimiter(3, 60_000, time.now);
    expect([1, 2, 3].map(() => limiter.hit('a'))).toEqual([true, true, true]);
    expect(limiter.allows('a')).toBe(false);
    expect(limiter.hit('a')).toBe(false);
    // Another key has its own count.
    expect(limiter.hit('b')).toBe(true);
    time.advance(59_999);
    expect(limiter.hit('a')).toBe(false);
    time.advance(1);
    expect(limiter.allows('a')).toBe(true);
    expect(limiter.hit('a')).toBe(true);
  });

  it('asks without counting, and forgets a key when reset', () => {
    const time = manualClock();
    const limiter = new RateLimiter(1, 1000, time.now);
    expect(limiter.allows('a')).toBe(true);
    expect(limiter.allows('a')).toBe(true);
    expect(limiter.hit('a')).toBe(true);
    expect(limiter.allows('a')).toBe(false);
    limiter.reset('a');
    expect(limiter.hit('a')).toBe(true);
  });
});

describe('the mail budget (issue 10 section 5)', () => {
  it('sends one change mail a minute per user and names the limit that refused', () => {
    const time = manualClock();
    const budget = createMailBudget(time.clock);
    expect(budget.changeMail(1, '198.51.100.1')).toBeNull();
    expect(budget.changeMail(1, '198.51.100.1')).toBe('minute');
    expect(budget.changeMail(2, '198.51.100.1')).toBeNull();
    time.advance(MAIL_LIMITS.changeUserMinute.windowMs);
    expect(budget.changeMail(1, '198.51.100.1')).toBeNull();
  });

  it('stops a user at 10 change mails a day, minute after minute', () => {
    const time = manualClock();
    const budget = createMailBudget(time.clock);
    const answers: (string | null)[] = [];
    for (let i = 0; i < 11; i += 1) {
      answers.push(budget.changeMail(1, `198.51.100.${i}`));
      time.advance(MAIL_LIMITS.changeUserMinute.windowMs);
    }
    expect(answers.slice(0, 10)).toEqual(Array(10).fill(null));
    expect(answers[10]).toBe('day');
  });

  it('counts nothing for a refused guest mail, so another kind to the same address still goes', () => {
    const time = manualClock();
    const budget = createMailBudget(time.clock);
    expect(budget.guestMail('register', 'op@example.com', '198.51.100.1')).toBe(true);
    expect(budget.guestMail('register', 'op@example.com', '198.51.100.1')).toBe(false);
    expect(budget.guestMail('recovery', 'op@example.com', '198.51.100.1')).toBe(true);
  });

  it('stops one client address at 30 account mails an hour, across addresses', () => {
    const time = manualClock();
    const budget = createMailBudget(time.clock);
    const sent = Array.from({ length: 31 }, (_, i) =>
      budget.guestMail('register', `u${i}@example.com`, '198.51.100.9'),
    );
    expect(sent.filter(Boolean)).toHaveLength(30);
    expect(sent[30]).toBe(false);
    expect(budget.guestMail('register', 'other@example.com', '198.51.100.10')).toBe(true);
  });

  it('names the client limit when one address asks for change mails for many users', () => {
    const time = manualClock();
    const budget = createMailBudget(time.clock);
    const answers = Array.from({ length: 31 }, (_, user) => budget.changeMail(user, '198.51.100.7'));
    expect(answers.slice(0, 30)).toEqual(Array(30).fill(null));
    expect(answers[30]).toBe('ip');
  });

  it('is one budget per app, shared by every caller of that app', () => {
    const time = manualClock();
    const deps = { clock: time.clock };
    expect(mailBudgetOf(deps).changeMail(1, '198.51.100.1')).toBeNull();
    expect(mailBudgetOf(deps).changeMail(1, '198.51.100.1')).toBe('minute');
    expect(mailBudgetOf({ clock: time.clock }).changeMail(1, '198.51.100.1')).toBeNull();
  });
});
