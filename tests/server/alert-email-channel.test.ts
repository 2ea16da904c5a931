import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AlertDeliveryBody, alertChannelsPath } from '../../contracts/alert-channels.ts';
import { NOTIFICATIONS_PATH } from '../../contracts/notifications.ts';
import {
  createSignedInUser,
  type SignedInUser,
  startTestServer,
  type TestServer,
} from '../helpers/server.ts';
import { activeNode, pastThreshold, sweepAndMails, unsubscribeTokenIn } from './health-fixtures.ts';

describe('the E-mail alert channel', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ nodeOfflineAfterS: 60 });
  });
  afterAll(() => server.close());

  const call = (user: SignedInUser, method: 'GET' | 'POST' | 'PUT', path = '', payload?: object) =>
    server.app.inject({
      method,
      url: `/auth/${alertChannelsPath(user.teamId)}${path}`,
      headers: user.headers,
      ...(payload ? { payload } : {}),
    });

  async function addEmailChannel(user: SignedInUser, extra: object = {}) {
    const answer = await call(user, 'POST', '', { type: 'email', name: 'Admins', ...extra });
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json() as { channel: { id: number; url: string | null }; secret: string | null };
  }

  async function alertsOff(user: SignedInUser) {
    const answer = await server.app.inject({
      method: 'PUT',
      url: `/auth/${NOTIFICATIONS_PATH}`,
      headers: user.headers,
      payload: { alerts: false, offlineDelayMin: 0 },
    });
    expect(answer.statusCode, answer.body).toBe(200);
  }

  async function mailsTo(...users: SignedInUser[]) {
    await server.app.deps.mailer.drain();
    const addresses = users.map((user) => user.email);
    return server.mails.filter((mail) => addresses.includes(mail.to));
  }

  it('needs no target, and its test mails each admin whose alerts are on, logging the mail outbox’s acceptance', async () => {
    const admin = await createSignedInUser(server, { teamName: 'Mailers' });
    const quiet = await createSignedInUser(server, { teamId: admin.teamId });
    const viewer = await createSignedInUser(server, { teamId: admin.teamId, role: 20 });
    await alertsOff(quiet);
    const { channel, secret } = await addEmailChannel(admin);
    expect(channel.url).toBeNull();
    expect(secret).toBeNull();

    const test = await call(admin, 'POST', `/${channel.id}/test`);
    expect(test.statusCode, test.body).toBe(200);
    expect(test.json()).toMatchObject({
      event: 'alert.test',
      ok: true,
      status: null,
      detail: 'Mail queued for 1 admin',
      nextAttemptAt: null,
    });
    const mails = await mailsTo(admin, quiet, viewer);
    expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([[admin.email, 'NODR test alert']]);
    expect(mails[0]?.text).toContain('Mailers');
    expect(unsubscribeTokenIn(mails[0])).toBeTruthy();
  });

  it('sends the alert mail once per admin when the team has an E-mail channel, never also the per-admin mail', async () => {
    const admin = await createSignedInUser(server, { teamName: 'Once' });
    const node = await activeNode(server, admin);
    const { channel } = await addEmailChannel(admin);
    server.clock.advance(pastThreshold(server));

    const down = await sweepAndMails(server, admin.email);
    expect(down.map((mail) => mail.subject)).toEqual([`NODR ${node.node.domain} is offline`]);
    expect(down[0]?.text).toContain(`${node.node.domain} (${node.node.domain}) is offline. Last seen:`);
    expect(down[0]?.headers?.['List-Unsubscribe']).toMatch(/^<https?:\/\/.+\/unsubscribe\/.+>$/);
    server.clock.advance(5 * 60_000);
    expect(await sweepAndMails(server, admin.email)).toEqual([]);

    await node.heartbeat();
    const back = await sweepAndMails(server, admin.email);
    expect(back.map((mail) => mail.subject)).toEqual([`NODR ${node.node.domain} is back online`]);
    expect(back[0]?.text).toContain(`${node.node.domain} (${node.node.domain}) is back online.`);

    const log = (await call(admin, 'GET', `/${channel.id}/deliveries`)).json() as AlertDeliveryBody[];
    expect(log.map((row) => [row.event, row.ok, row.detail])).toEqual([
      ['node.online', true, 'Mail queued for 1 admin'],
      ['node.offline', true, 'Mail queued for 1 admin'],
    ]);
  });

  it('keeps the per-admin mail for a team whose E-mail channel is switched off', async () => {
    const admin = await createSignedInUser(server);
    const node = await activeNode(server, admin);
    const { channel } = await addEmailChannel(admin);
    const { alertChannels } = await import('../../server/db/schema.ts');
    const { eq } = await import('drizzle-orm');
    await server.db
      .update(alertChannels)
      .set({ switchedOffAt: server.clock.now() })
      .where(eq(alertChannels.id, channel.id));
    server.clock.advance(pastThreshold(server));

    const down = await sweepAndMails(server, admin.email);
    expect(down.map((mail) => mail.subject)).toEqual([`NODR ${node.node.domain} is offline`]);
  });

  it('logs a try the mail outbox refused as failed, queues no mail, and delivers on a later try', async () => {
    const admin = await createSignedInUser(server, { teamName: 'Refused' });
    const node = await activeNode(server, admin);
    const { channel } = await addEmailChannel(admin);
    // The outbox refuses every mail to this admin, as a database that cannot write would.
    await server.db.execute(
      sql.raw(`create function refuse_mail() returns trigger language plpgsql as $$
        begin
          if new.recipient = '${admin.email}' then raise exception 'mail outbox unavailable'; end if;
          return new;
        end $$`),
    );
    await server.db.execute(
      sql.raw(
        'create trigger refuse_mail before insert on mail_outbox for each row execute function refuse_mail()',
      ),
    );
    try {
      server.clock.advance(pastThreshold(server));
      expect(await sweepAndMails(server, admin.email)).toEqual([]);
      const [failed] = (await call(admin, 'GET', `/${channel.id}/deliveries`)).json() as AlertDeliveryBody[];
      // Said in words: the database's error would show the query, the mails and their unsubscribe links.
      expect(failed).toMatchObject({
        event: 'node.offline',
        ok: false,
        status: null,
        detail: 'The mail outbox could not take the mails.',
      });
      expect(failed?.nextAttemptAt).not.toBeNull();
    } finally {
      await server.db.execute(sql.raw('drop trigger refuse_mail on mail_outbox'));
      await server.db.execute(sql.raw('drop function refuse_mail()'));
    }

    server.clock.advance(5 * 60_000);
    const delivered = await sweepAndMails(server, admin.email);
    expect(delivered.map((mail) => mail.subject)).toEqual([`NODR ${node.node.domain} is offline`]);
    const log = (await call(admin, 'GET', `/${channel.id}/deliveries`)).json() as AlertDeliveryBody[];
    expect(log.map((row) => [row.event, row.ok])).toEqual([
      ['node.offline', true],
      ['node.offline', false],
    ]);
    expect(await sweepAndMails(server, admin.email)).toEqual([]);
  });

  it('refuses no field, and is listed with its type', async () => {
    const admin = await createSignedInUser(server);
    await addEmailChannel(admin, { offlineDelayMinutes: 15 });
    const list = await call(admin, 'GET');
    expect(list.json().channels).toEqual([
      expect.objectContaining({
        type: 'email',
        name: 'Admins',
        url: null,
        chatId: null,
        offlineDelayMinutes: 15,
      }),
    ]);
  });
});
