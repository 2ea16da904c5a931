import { isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIEWER_ROLE } from '../../contracts/team-body.ts';
import { INVISIBLE_CHARACTERS } from '../../contracts/visible-text.ts';
import { AUTH_LIMITS } from '../../server/accounts/rate-limits.ts';
import { mailOutbox } from '../../server/db/schema.ts';
import { MAIL_LIMITS } from '../../server/lib/mail-limits.ts';
import {
  createSignedInUser,
  type SignedInUser,
  startTestServer,
  type TestServer,
} from '../helpers/server.ts';
import { freshIp, send, signUp } from './auth-helpers.ts';
import { call, paths } from './profile-fixtures.ts';

// The product cannot be made to flood mailboxes. Each limit: onset exactly at it, reset after.

const MINUTE = 60_000;

// One server for the per-user, per-address and per-client limits: each test uses its own users and client addresses.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
let n = 0;
const address = (label: string) => `${label}-${++n}-${Date.now()}@example.net`;

const mailsTo = (server: TestServer, to: string) =>
  server.mails.filter((mail) => mail.to.toLowerCase() === to.toLowerCase()).length;

async function delivered(server: TestServer, to: string) {
  await server.app.deps.mailer.drain();
  return mailsTo(server, to);
}

function recover(server: TestServer, login: string, ip = freshIp()) {
  return send(server, 'POST', '/auth/guest/recovery-password', { login }, { ip });
}

function register(server: TestServer, login: string, ip = freshIp()) {
  return send(server, 'POST', '/auth/guest/register', { login }, { ip });
}

describe('mail limits per user: e-mail-change confirmations', () => {
  const change = (who: Awaited<ReturnType<typeof signUp>>, email: string) =>
    call(server, 'POST', paths.changeEmail(who), { password: who.password, email }, who);

  it('sends one a minute, request and resend sharing it, with a clear 429 until the minute is over', async () => {
    const owner = await signUp(server, address('minute'));
    const target = address('target');
    expect((await change(owner, target)).statusCode).toBe(200);
    const resend = () => call(server, 'POST', paths.resendEmail(owner), { userId: owner.userId }, owner);
    const tooSoon = await resend();
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json()).toEqual({
      error: 'rate_limited',
      message: 'A new link was sent less than a minute ago. Please wait a minute and try again.',
    });
    expect((await change(owner, address('other'))).statusCode).toBe(429);
    server.clock.advance(MAIL_LIMITS.changeUserMinute.windowMs - 1);
    expect((await resend()).statusCode).toBe(429);
    server.clock.advance(1);
    expect((await resend()).statusCode).toBe(200);
    expect(await delivered(server, target)).toBe(2);
  });

  it('sends at most 10 a day to new addresses; the 11th is refused and mails nothing, the next day works', async () => {
    const owner = await signUp(server, address('day'));
    const { max, windowMs } = MAIL_LIMITS.changeUserDay;
    const start = server.clock.now().getTime();
    for (let i = 0; i < max; i += 1) {
      expect((await change(owner, address(`day${i}`))).statusCode).toBe(200);
      // Past the minute limit, and spread so the password-check limit (10 per 15 min) never counts here.
      server.clock.advance(2 * MINUTE);
    }
    const eleventh = address('eleventh');
    const refused = await change(owner, eleventh);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(
      'You have reached the limit of 10 confirmation e-mails a day. Please try again tomorrow.',
    );
    expect(await delivered(server, eleventh)).toBe(0);
    server.clock.set(new Date(start + windowMs - 1));
    expect((await change(owner, eleventh)).statusCode).toBe(429);
    server.clock.set(new Date(start + windowMs));
    expect((await change(owner, eleventh)).statusCode).toBe(200);
    expect(await delivered(server, eleventh)).toBe(1);
  });
});

describe('mail limits per address: registration and recovery', () => {
  it('mails an address at most once a minute with the same answer whether or not a mail went out', async () => {
    const known = await signUp(server, address('known'));
    const unknown = address('unknown');
    const before = await delivered(server, known.email);
    for (const login of [known.email, unknown]) {
      expect((await recover(server, login)).json()).toEqual({ ok: true });
      expect((await recover(server, login)).json()).toEqual({ ok: true });
    }
    expect(await delivered(server, known.email)).toBe(before + 1);
    server.clock.advance(MAIL_LIMITS.addressMinute.windowMs - 1);
    await recover(server, known.email);
    expect(await delivered(server, known.email)).toBe(before + 1);
    server.clock.advance(1);
    await recover(server, known.email);
    expect(await delivered(server, known.email)).toBe(before + 2);

    const fresh = address('register');
    expect((await register(server, fresh)).json()).toEqual({ ok: true });
    expect((await register(server, fresh)).json()).toEqual({ ok: true });
    expect(await delivered(server, fresh)).toBe(1);
    server.clock.advance(MAIL_LIMITS.addressMinute.windowMs);
    await register(server, fresh);
    expect(await delivered(server, fresh)).toBe(2);
  });

  it('mails an address at most 5 times an hour, then again after the hour', async () => {
    const known = await signUp(server, address('hourly'));
    server.clock.advance(MINUTE);
    const before = await delivered(server, known.email);
    const { max, windowMs } = MAIL_LIMITS.addressHour;
    const start = server.clock.now().getTime();
    for (let i = 0; i < max; i += 1) {
      expect((await recover(server, known.email)).statusCode).toBe(200);
      server.clock.advance(MINUTE);
    }
    expect(await delivered(server, known.email)).toBe(before + max);
    // The 6th within the hour: the request limit answers 429 alike for every address, and nothing is mailed.
    expect((await recover(server, known.email)).statusCode).toBe(429);
    expect((await recover(server, address('never-known'))).statusCode).toBe(200);
    expect(await delivered(server, known.email)).toBe(before + max);
    server.clock.set(new Date(start + windowMs));
    expect((await recover(server, known.email)).statusCode).toBe(200);
    expect(await delivered(server, known.email)).toBe(before + max + 1);
  });
});

describe('mail limits per address: invitations', () => {
  const invite = (team: SignedInUser, email: string) =>
    server.app.inject({
      method: 'POST',
      url: `/auth/v1/teams/${team.teamId}/invitations`,
      headers: team.headers,
      payload: { email, role: VIEWER_ROLE },
    });

  it('counts the invitation mail budget per inbox: case, a trailing dot, quotes and +tags are one address', async () => {
    const team = await createSignedInUser(server, { teamName: 'Spellings' });
    const spellings = [
      'Inbox@Example.com',
      'inbox@example.com.',
      '"inbox"@example.com',
      'inbox+one@example.com',
      'INBOX+two@example.com.',
    ];
    for (const email of spellings) expect((await invite(team, email)).statusCode).toBe(201);
    const sixth = await invite(team, 'inbox+three@example.com');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error).toBe('rate_limited');
    // Another inbox of the same domain keeps its own budget.
    expect((await invite(team, 'other-inbox@example.com')).statusCode).toBe(201);
    expect(await delivered(server, 'other-inbox@example.com')).toBe(1);
    await server.app.deps.mailer.drain();
    const toInbox = server.mails.filter((mail) => mail.to.toLowerCase().includes('inbox'));
    expect(toInbox.filter((mail) => !mail.to.includes('other-inbox'))).toHaveLength(spellings.length);
  });

  it('refuses an address holding an invisible or control character with a clear 400, mailing nothing', async () => {
    const team = await createSignedInUser(server, { teamName: 'Invisible' });
    for (const email of [
      'in\u200bvisible@example.com',
      'rtl\u202e@example.com',
      'soft\u00adhyphen@example.com',
    ]) {
      const refused = await invite(team, email);
      expect(refused.statusCode, JSON.stringify(email)).toBe(400);
      expect(refused.json()).toEqual(INVISIBLE_CHARACTERS.email);
    }
    const members = (
      await server.app.inject({
        method: 'GET',
        url: `/auth/v1/teams/${team.teamId}/members`,
        headers: team.headers,
      })
    ).json();
    expect(members.invitations).toEqual([]);
  });
});

describe('mail limits under concurrent requests', () => {
  // Each check counts atomically and only while under its limit: checking every limit first and counting after let
  // requests that arrived together all pass the look before any of them counted.
  it('mails an address once when 20 recovery requests for it arrive at once, from 20 clients', async () => {
    const known = await signUp(server, address('burst'));
    const before = await delivered(server, known.email);
    const answers = await Promise.all(Array.from({ length: 20 }, () => recover(server, known.email)));
    // The recovery calls' own limit per address answers the rest with 429; of those it lets through, one mails.
    const allowed = AUTH_LIMITS.recoveryAddress.max;
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([
      ...Array(allowed).fill(200),
      ...Array(20 - allowed).fill(429),
    ]);
    expect(await delivered(server, known.email)).toBe(before + 1);
  });

  it('sends one e-mail-change confirmation when 10 requests of one user arrive at once; the refused spend nothing', async () => {
    const owner = await signUp(server, address('burst-change'));
    const targets = Array.from({ length: 10 }, (_, i) => address(`burst-new${i}`));
    const answers = await Promise.all(
      targets.map((email) =>
        call(server, 'POST', paths.changeEmail(owner), { password: owner.password, email }, owner),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([200, ...Array(9).fill(429)]);
    let sent = 0;
    for (const email of targets) sent += await delivered(server, email);
    expect(sent).toBe(1);
    // The nine refused requests counted nothing against the day's 10: nine more minutes give nine more mails (after
    // the password checks' 15-minute window, which the burst filled).
    server.clock.advance(15 * MINUTE);
    for (let i = 0; i < 9; i += 1) {
      server.clock.advance(2 * MINUTE);
      const email = address(`burst-after${i}`);
      expect(
        (await call(server, 'POST', paths.changeEmail(owner), { password: owner.password, email }, owner))
          .statusCode,
      ).toBe(200);
    }
    server.clock.advance(2 * MINUTE);
    const eleventh = address('burst-eleventh');
    const refused = await call(
      server,
      'POST',
      paths.changeEmail(owner),
      { password: owner.password, email: eleventh },
      owner,
    );
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(
      'You have reached the limit of 10 confirmation e-mails a day. Please try again tomorrow.',
    );
  });
});

describe('mail limits per client address, across accounts', () => {
  it('stops mailing after 30 mails an hour from one client, silently for guests and with a 429 when signed in', async () => {
    const known = await signUp(server, address('ip-known'));
    const owner = await signUp(server, address('ip-owner'));
    server.clock.advance(MINUTE);
    const ip = freshIp();
    const { max, windowMs } = MAIL_LIMITS.ipHour;
    const start = server.clock.now().getTime();
    const registered: string[] = [];
    for (let i = 0; i < 20; i += 1) {
      registered.push(address('ip-reg'));
      expect((await register(server, registered.at(-1)!, ip)).statusCode).toBe(200);
    }
    // Unknown addresses spend the budget too: otherwise its onset would tell which addresses have accounts.
    for (let i = 20; i < max; i += 1)
      expect((await recover(server, address('ip-unknown'), ip)).statusCode).toBe(200);
    await server.app.deps.mailer.drain();
    expect(registered.every((to) => mailsTo(server, to) === 1)).toBe(true);

    const before = await delivered(server, known.email);
    expect((await recover(server, known.email, ip)).json()).toEqual({ ok: true });
    expect(await delivered(server, known.email)).toBe(before);
    const change = () =>
      send(
        server,
        'POST',
        `/auth/${paths.changeEmail(owner)}`,
        { password: owner.password, email: address('ip-change') },
        { ip, headers: owner.headers },
      );
    const refused = await change();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(
      'Too many e-mails were sent from your network. Please try again later.',
    );

    // Another client is not held back, and a refused attempt spent nothing of the address's own budget.
    expect((await recover(server, known.email)).statusCode).toBe(200);
    expect(await delivered(server, known.email)).toBe(before + 1);
    server.clock.set(new Date(start + windowMs));
    expect((await change()).statusCode).toBe(200);
  });
});

describe('the global hourly mail budget', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ mailHourlyBudget: 3 });
  });
  afterAll(() => server.close());

  it('delivers up to the budget, keeps the rest queued and delivers it in the next hour', async () => {
    const targets = Array.from({ length: 5 }, () => address('global'));
    for (const to of targets) expect((await register(server, to)).statusCode).toBe(200);
    await server.app.deps.mailer.drain();
    // The deferred registrations may queue in any order: which three go first is not the point, that three do.
    const waiting = targets.filter((to) => mailsTo(server, to) === 0);
    expect(targets.filter((to) => mailsTo(server, to) === 1)).toHaveLength(3);
    const queued = await server.db.select().from(mailOutbox).where(isNull(mailOutbox.sentAt));
    expect(queued.map((row) => row.recipient).sort()).toEqual(waiting.sort());

    server.clock.advance(60 * MINUTE - 1);
    await server.app.deps.mailer.drain();
    expect(waiting.map((to) => mailsTo(server, to))).toEqual([0, 0]);
    server.clock.advance(1);
    await server.app.deps.mailer.drain();
    expect(targets.map((to) => mailsTo(server, to))).toEqual([1, 1, 1, 1, 1]);
  });
});
