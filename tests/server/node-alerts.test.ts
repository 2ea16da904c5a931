import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationSettings } from '../../contracts/notifications.schema.ts';
import {
  ALERT_BATCH_WINDOW_MS,
  DEFAULT_NOTIFICATION_SETTINGS,
  NOTIFICATIONS_PATH,
  oneClickUnsubscribePath,
  UNSUBSCRIBE_PATH,
} from '../../contracts/notifications.ts';
import { mailOutbox } from '../../server/db/schema.ts';
import { registerNode, signedNodeCall } from '../helpers/nodes.ts';
import {
  createSignedInUser,
  type SignedInUser,
  startTestServer,
  type TestServer,
} from '../helpers/server.ts';
import {
  activeNode,
  anotherProcess,
  outboxFor,
  pastThreshold,
  sweepAndMails,
  unsubscribeTokenIn,
} from './health-fixtures.ts';

const failingReport = {
  storage: 100,
  ram: 8_000_000_000,
  ip: '192.168.1.10',
  os: 20,
  bandwidth: 400_000_000,
};

describe('alert e-mails', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ nodeOfflineAfterS: 60 });
  });
  afterAll(() => server.close());

  const settings = (user: SignedInUser, body?: NotificationSettings) =>
    server.app.inject({
      method: body ? 'PUT' : 'GET',
      url: `/auth/${NOTIFICATIONS_PATH}`,
      headers: user.headers,
      ...(body ? { payload: body } : {}),
    });

  it('mails each admin once when a node goes offline (not viewers), with the node, last seen, links and unsubscribe headers', async () => {
    const admin = await createSignedInUser(server);
    const viewer = await createSignedInUser(server, { teamId: admin.teamId, role: 20 });
    const { node } = await activeNode(server, admin);
    const lastSeen = server.clock.now().toISOString().slice(0, 16).replace('T', ' ');
    server.clock.advance(pastThreshold(server));

    const mails = await sweepAndMails(server, admin.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.subject).toBe(`NODR ${node.domain} is offline`);
    expect(mail!.text).toContain(`(${node.domain}) is offline. Last seen: ${lastSeen} UTC.`);
    expect(mail!.text).toContain(`${server.config.publicUrl}/myNodr`);
    // The Alerts page of Settings has its own address, so the mail can link straight to it.
    expect(mail!.text).toContain(`${server.config.publicUrl}/settings/alerts`);
    const token = unsubscribeTokenIn(mail);
    expect(mail!.text).toContain(`${server.config.publicUrl}/unsubscribe/${token}`);
    expect(mail!.headers).toEqual({
      'List-Unsubscribe': `<${server.config.publicUrl}/auth/${oneClickUnsubscribePath(token)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(await outboxFor(server, viewer.email)).toEqual([]);
    // Nothing more for the same transition.
    server.clock.advance(ALERT_BATCH_WINDOW_MS * 2);
    expect(await sweepAndMails(server, admin.email)).toEqual([]);
  });

  it('mails each transition once with two processes sweeping at the same moment', async () => {
    const admin = await createSignedInUser(server);
    const other = await createSignedInUser(server, { teamId: admin.teamId });
    await activeNode(server, admin);
    const second = await anotherProcess(server);
    try {
      server.clock.advance(pastThreshold(server));
      const [mine, theirs] = await Promise.all([server.app.deps.health.sweep(), second.deps.health.sweep()]);
      expect(mine.length + theirs.length).toBe(1);
      await Promise.all([server.app.deps.health.sweep(), second.deps.health.sweep()]);
      expect(await outboxFor(server, admin.email)).toHaveLength(1);
      expect(await outboxFor(server, other.email)).toHaveLength(1);
    } finally {
      await second.close();
    }
  });

  it('keeps alert work in the database: another process (as after a restart) mails what one queued, once', async () => {
    const admin = await createSignedInUser(server);
    await settings(admin, { alerts: true, offlineDelayMin: 5 });
    await activeNode(server, admin);
    server.clock.advance(pastThreshold(server));
    expect(await sweepAndMails(server, admin.email)).toEqual([]);
    const next = await anotherProcess(server);
    try {
      server.clock.advance(5 * 60_000);
      await next.deps.health.sweep();
      await next.deps.health.sweep();
      await server.app.deps.health.sweep();
      const queued = await outboxFor(server, admin.email);
      expect(queued.map((mail) => mail.subject)).toEqual([expect.stringMatching(/is offline$/)]);
    } finally {
      await next.close();
    }
  });

  it('delivers each outbox message once with two processes draining at the same moment', async () => {
    // Mail queued by earlier tests goes first, so that only this test's messages are counted.
    await server.app.deps.mailer.drain();
    const second = await anotherProcess(server);
    try {
      const delivered: string[] = [];
      const record = (mail: { subject: string }) => delivered.push(mail.subject);
      server.app.deps.mailer.on('delivered', record);
      second.deps.mailer.on('delivered', record);
      await Promise.all(
        ['one', 'two', 'three'].map((subject) =>
          server.db.insert(mailOutbox).values({
            recipient: 'race@example.com',
            subject,
            body: 'x',
            nextAttemptAt: server.clock.now(),
          }),
        ),
      );
      await Promise.all([server.app.deps.mailer.drain(), second.deps.mailer.drain()]);
      expect(delivered.sort()).toEqual(['one', 'three', 'two']);
      server.app.deps.mailer.off('delivered', record);
    } finally {
      await second.close();
    }
  });

  it('waits for the chosen delay, and sends nothing when the node comes back within it (a flap)', async () => {
    const admin = await createSignedInUser(server);
    expect((await settings(admin, { alerts: true, offlineDelayMin: 5 })).statusCode).toBe(200);
    const { heartbeat } = await activeNode(server, admin);

    server.clock.advance(pastThreshold(server));
    expect(await sweepAndMails(server, admin.email)).toEqual([]);
    server.clock.advance(4 * 60_000);
    expect(await sweepAndMails(server, admin.email)).toEqual([]);
    await heartbeat();
    expect(await sweepAndMails(server, admin.email)).toEqual([]);
    server.clock.advance(60 * 60_000);
    await heartbeat();
    expect(await sweepAndMails(server, admin.email)).toEqual([]);
    expect(await outboxFor(server, admin.email)).toEqual([]);

    // Down for longer than the delay: one mail, once the delay has passed.
    server.clock.advance(pastThreshold(server));
    expect(await sweepAndMails(server, admin.email)).toEqual([]);
    server.clock.advance(5 * 60_000);
    expect((await sweepAndMails(server, admin.email)).map((mail) => mail.subject)).toEqual([
      expect.stringMatching(/is offline$/),
    ]);
  });

  it('mails "back online" with how long the node was down, only after an offline alert went out', async () => {
    const admin = await createSignedInUser(server);
    const { node, heartbeat } = await activeNode(server, admin);
    server.clock.advance(pastThreshold(server));
    expect(await sweepAndMails(server, admin.email)).toHaveLength(1);
    server.clock.advance(12 * 60_000);
    await heartbeat();
    const [back, ...more] = await sweepAndMails(server, admin.email);
    expect(more).toEqual([]);
    expect(back!.subject).toBe(`NODR ${node.domain} is back online`);
    expect(back!.text).toContain('is back online after being down for 12 min.');
  });

  it('batches several nodes of a team going down within the window into one mail', async () => {
    const admin = await createSignedInUser(server);
    const first = await activeNode(server, admin);
    const second = await activeNode(server, admin);
    const third = await activeNode(server, admin);
    // The first goes silent; 20 s later the second; the third keeps reporting.
    server.clock.advance(20_000);
    await second.heartbeat();
    await third.heartbeat();
    server.clock.advance(pastThreshold(server) - 20_000);
    await third.heartbeat();
    expect(await sweepAndMails(server, admin.email)).toEqual([]);
    server.clock.advance(20_000);
    await third.heartbeat();
    expect(await sweepAndMails(server, admin.email)).toEqual([]);
    server.clock.advance(ALERT_BATCH_WINDOW_MS - 20_000);
    await third.heartbeat();
    const mails = await sweepAndMails(server, admin.email);
    expect(mails.map((mail) => mail.subject)).toEqual(['2 NODRs are offline']);
    expect(mails[0]!.text).toContain(first.node.domain);
    expect(mails[0]!.text).toContain(second.node.domain);
    expect(mails[0]!.text).not.toContain(third.node.domain);
  });

  it('mails when a hardware check fails (Misconfigured), once for repeated failures', async () => {
    const admin = await createSignedInUser(server);
    const { node, keys } = await registerNode(server, admin);
    await signedNodeCall(server, 'v1/check', node, keys.privateKey, failingReport);
    await signedNodeCall(server, 'v1/check', node, keys.privateKey, failingReport);
    const mails = await sweepAndMails(server, admin.email);
    expect(mails.map((mail) => mail.subject)).toEqual([`NODR ${node.domain} is misconfigured`]);
    expect(mails[0]!.text).toContain('failed its hardware check (Misconfigured)');
    expect(await sweepAndMails(server, admin.email)).toEqual([]);
  });

  it('sends nothing to an admin whose alerts are off, and nothing for a restart', async () => {
    const admin = await createSignedInUser(server);
    const { heartbeat } = await activeNode(server, admin);
    expect((await settings(admin, { alerts: false, offlineDelayMin: 0 })).json()).toEqual({
      alerts: false,
      offlineDelayMin: 0,
    });
    server.clock.advance(pastThreshold(server));
    expect(await sweepAndMails(server, admin.email)).toEqual([]);
    await heartbeat();
    await sweepAndMails(server, admin.email);
    expect(await outboxFor(server, admin.email)).toEqual([]);

    // A restart after a long stop: every node is silent, yet the new process alerts nobody within its grace.
    await settings(admin, DEFAULT_NOTIFICATION_SETTINGS);
    server.clock.advance(10 * 60_000);
    const restarted = await anotherProcess(server);
    try {
      expect(await restarted.deps.health.sweep()).toEqual([]);
      await heartbeat();
      server.clock.advance(pastThreshold(server) - 2_000);
      expect(await restarted.deps.health.sweep()).toEqual([]);
      expect(await outboxFor(server, admin.email)).toEqual([]);
    } finally {
      await restarted.close();
    }
  });

  describe('unsubscribe', () => {
    async function alertToken() {
      const admin = await createSignedInUser(server);
      const { heartbeat } = await activeNode(server, admin);
      server.clock.advance(pastThreshold(server));
      const [mail] = await sweepAndMails(server, admin.email);
      await heartbeat();
      await sweepAndMails(server, admin.email);
      return { admin, token: unsubscribeTokenIn(mail), heartbeat };
    }
    const unsubscribe = (payload: unknown) =>
      server.app.inject({ method: 'POST', url: `/auth/${UNSUBSCRIBE_PATH}`, payload: payload as object });

    it('turns alerts off for that user only, without signing in; replays answer the same; then no more mail', async () => {
      const { admin, token, heartbeat } = await alertToken();
      const bystander = await alertToken();
      const response = await unsubscribe({ token });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ ok: true });
      expect((await unsubscribe({ token })).json()).toEqual({ ok: true });
      expect((await settings(admin)).json()).toEqual({ alerts: false, offlineDelayMin: 0 });
      expect((await settings(bystander.admin)).json()).toEqual({ alerts: true, offlineDelayMin: 0 });

      const before = (await outboxFor(server, admin.email)).length;
      server.clock.advance(pastThreshold(server));
      await bystander.heartbeat();
      await sweepAndMails(server, admin.email);
      await heartbeat();
      await sweepAndMails(server, admin.email);
      expect(await outboxFor(server, admin.email)).toHaveLength(before);
    });

    it('gives a new link when alerts are turned back on: the old one then answers as an unknown link', async () => {
      const { admin, token, heartbeat } = await alertToken();
      expect((await unsubscribe({ token })).statusCode).toBe(200);
      expect((await settings(admin, { alerts: true, offlineDelayMin: 0 })).statusCode).toBe(200);
      const old = await unsubscribe({ token });
      expect(old.statusCode).toBe(400);
      expect(old.json()).toMatchObject({ error: 'invalid_link' });
      const oneClick = await server.app.inject({
        method: 'POST',
        url: `/auth/${oneClickUnsubscribePath(token)}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(oneClick.statusCode).toBe(400);
      expect((await settings(admin)).json()).toMatchObject({ alerts: true });

      // The next alert mail carries a new link, and that one works.
      server.clock.advance(pastThreshold(server));
      const [mail] = await sweepAndMails(server, admin.email);
      await heartbeat();
      const renewed = unsubscribeTokenIn(mail);
      expect(renewed).not.toBe(token);
      expect((await unsubscribe({ token: renewed })).statusCode).toBe(200);
      expect((await settings(admin)).json()).toMatchObject({ alerts: false });
    });

    it('takes the RFC 8058 one-click POST with List-Unsubscribe=One-Click only', async () => {
      const { admin, token } = await alertToken();
      const post = (body: string) =>
        server.app.inject({
          method: 'POST',
          url: `/auth/${oneClickUnsubscribePath(token)}`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: body,
        });
      expect((await post('List-Unsubscribe=Other')).statusCode).toBe(400);
      expect((await post('List-Unsubscribe=One-Click&x=1')).statusCode).toBe(400);
      expect((await settings(admin)).json()).toMatchObject({ alerts: true });
      const response = await post('List-Unsubscribe=One-Click');
      expect(response.statusCode, response.body).toBe(200);
      expect((await post('List-Unsubscribe=One-Click')).statusCode).toBe(200);
      expect((await settings(admin)).json()).toMatchObject({ alerts: false });
    });

    it('answers 400 invalid_link to wrong, malformed, NUL and huge tokens, never touching anyone', async () => {
      const { admin, token } = await alertToken();
      const wrong = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
      for (const bad of [wrong, 'short', `${token}=`]) {
        const response = await unsubscribe({ token: bad });
        expect(response.statusCode, bad).toBe(400);
        expect(response.json()).toMatchObject({ error: 'invalid_link' });
      }
      // A NUL byte is refused by the input rules before the token is looked at.
      const nul = `${token.slice(0, -1)}\u0000`;
      for (const body of [
        {},
        { token: 5 },
        { token, extra: 1 },
        { token: 'x'.repeat(10_000) },
        { token: nul },
      ]) {
        const response = await unsubscribe(body);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toHaveProperty('error');
      }
      const oneClick = await server.app.inject({
        method: 'POST',
        url: `/auth/${UNSUBSCRIBE_PATH}/${wrong}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(oneClick.statusCode).toBe(400);
      expect(oneClick.json()).toMatchObject({ error: 'invalid_link' });
      expect((await settings(admin)).json()).toMatchObject({ alerts: true });
    });
  });

  describe('settings calls', () => {
    it('answers the defaults, saves both fields, and is own-account only', async () => {
      const user = await createSignedInUser(server);
      expect((await settings(user)).json()).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
      const saved = await settings(user, { alerts: false, offlineDelayMin: 60 });
      expect(saved.json()).toEqual({ alerts: false, offlineDelayMin: 60 });
      expect((await settings(user)).json()).toEqual({ alerts: false, offlineDelayMin: 60 });
      const other = await createSignedInUser(server, { teamId: user.teamId });
      expect((await settings(other)).json()).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
    });

    it('refuses signed-out calls with 401 and bad bodies with 400', async () => {
      const user = await createSignedInUser(server);
      for (const method of ['GET', 'PUT'] as const) {
        const response = await server.app.inject({
          method,
          url: `/auth/${NOTIFICATIONS_PATH}`,
          ...(method === 'PUT' ? { payload: { alerts: true, offlineDelayMin: 0 } } : {}),
        });
        expect(response.statusCode).toBe(401);
      }
      const bad: unknown[] = [
        { alerts: true },
        { offlineDelayMin: 5 },
        { alerts: 'true', offlineDelayMin: 5 },
        { alerts: true, offlineDelayMin: '5' },
        { alerts: true, offlineDelayMin: 7 },
        { alerts: true, offlineDelayMin: 5.5 },
        { alerts: true, offlineDelayMin: 5, extra: 1 },
        { alerts: null, offlineDelayMin: 5 },
        [true, 5],
      ];
      for (const payload of bad) {
        const response = await server.app.inject({
          method: 'PUT',
          url: `/auth/${NOTIFICATIONS_PATH}`,
          headers: user.headers,
          payload: payload as object,
        });
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.json()).toHaveProperty('error');
      }
      expect((await settings(user)).json()).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
    });
  });
});
