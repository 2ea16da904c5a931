import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALERT_CHANNEL_ERRORS,
  ALERT_CHANNEL_LIMITS,
  ALERT_RETRY_DELAYS_S,
  type AlertDeliveryBody,
  type AlertPayloadBody,
  alertChannelsPath,
} from '../../contracts/alert-channels.ts';
import { VIEWER_ROLE } from '../../contracts/team-body.ts';
import { webhookSignature } from '../../server/alerts/webhook-signing.ts';
import { OPENAPI_PATH } from '../../server/openapi-routes.ts';
import { startReceiver } from '../helpers/receiver.ts';
import {
  createSignedInUser,
  type SignedInUser,
  startTestServer,
  type TestServer,
} from '../helpers/server.ts';
import { activeNode, anotherProcess, pastThreshold } from './health-fixtures.ts';

/** The receiver's side: the Standard Webhooks library's own verifier (signature and timestamp). */
function verifies(secret: string, headers: Record<string, unknown>, body: string): boolean {
  try {
    new Webhook(secret).verify(body, headers as Record<string, string>);
    return true;
  } catch (error) {
    if (error instanceof WebhookVerificationError) return false;
    throw error;
  }
}

describe('Standard Webhooks signing', () => {
  it("matches the spec's test vector", () => {
    expect(
      webhookSignature(
        'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
        'msg_p5jXN8AQM9LWM0D4loKWxJek',
        1614265330,
        '{"test": 2432232314}',
      ),
    ).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });
});

describe('alert channels', () => {
  let server: TestServer;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    receiver = await startReceiver();
    server = await startTestServer({
      nodeOfflineAfterS: 60,
      webhookAllowPrivate: true,
      telegramApiUrl: `${receiver.url}/telegram`,
    });
  });
  afterAll(async () => {
    await server.close();
    await receiver.close();
  });

  const call = (user: SignedInUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path = '', payload?: object) =>
    server.app.inject({
      method,
      url: `/auth/${alertChannelsPath(user.teamId)}${path}`,
      headers: user.headers,
      ...(payload ? { payload } : {}),
    });

  async function addChannel(user: SignedInUser, body: object) {
    const answer = await call(user, 'POST', '', body);
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json() as { channel: { id: number }; secret: string | null };
  }

  const since = (count: number) => receiver.received.slice(count);

  it('signs a webhook test per Standard Webhooks with the secret shown once, and shows the result in the list', async () => {
    const admin = await createSignedInUser(server, { teamName: 'Signed' });
    const { channel, secret } = await addChannel(admin, {
      type: 'webhook',
      name: 'Ops',
      url: `${receiver.url}/hook`,
    });
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    const before = receiver.received.length;

    const test = await call(admin, 'POST', `/${channel.id}/test`);
    expect(test.statusCode, test.body).toBe(200);
    expect(test.json()).toMatchObject({ event: 'alert.test', ok: true, status: 200, nextAttemptAt: null });
    const [request] = since(before);
    expect(request?.path).toBe('/hook');
    expect(verifies(secret!, request!.headers, request!.body)).toBe(true);
    expect(verifies('whsec_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', request!.headers, request!.body)).toBe(false);
    const payload = JSON.parse(request!.body) as AlertPayloadBody;
    expect(payload).toMatchObject({ type: 'alert.test', data: { team: { name: 'Signed' }, nodes: [] } });

    const list = await call(admin, 'GET');
    expect(list.json().channels).toEqual([
      expect.objectContaining({
        id: channel.id,
        name: 'Ops',
        lastDelivery: expect.objectContaining({ ok: true }),
      }),
    ]);
    expect(list.body).not.toContain(secret);

    const rotated = await call(admin, 'POST', `/${channel.id}/secret`);
    const fresh = rotated.json().secret as string;
    expect(fresh).not.toBe(secret);
    await call(admin, 'POST', `/${channel.id}/test`);
    const last = receiver.received.at(-1)!;
    expect(verifies(fresh, last.headers, last.body)).toBe(true);
    expect(verifies(secret!, last.headers, last.body)).toBe(false);
  });

  it("sends each chat channel's own body: Slack { text, blocks }, Discord { content, embeds }, Telegram sendMessage", async () => {
    const admin = await createSignedInUser(server);
    const slack = await addChannel(admin, { type: 'slack', name: 'Slack', url: `${receiver.url}/slack` });
    const discord = await addChannel(admin, {
      type: 'discord',
      name: 'Discord',
      url: `${receiver.url}/discord`,
    });
    const telegram = await addChannel(admin, {
      type: 'telegram',
      name: 'Telegram',
      botToken: '123456:ABCdefGhIJKlmNoPQRsTUVwxyZ012345',
      chatId: '-1001234',
    });
    expect(slack.secret).toBeNull();

    const before = receiver.received.length;
    for (const { channel } of [slack, discord, telegram]) await call(admin, 'POST', `/${channel.id}/test`);
    const [toSlack, toDiscord, toTelegram] = since(before).map((request) => ({
      path: request.path,
      body: JSON.parse(request.body),
    }));
    expect(toSlack?.path).toBe('/slack');
    expect(toSlack?.body).toEqual({ text: expect.stringContaining('test'), blocks: [expect.any(Object)] });
    expect(toDiscord?.path).toBe('/discord');
    expect(toDiscord?.body).toEqual({ content: expect.stringContaining('test'), embeds: [] });
    expect(toTelegram?.path).toBe('/telegram/bot123456:ABCdefGhIJKlmNoPQRsTUVwxyZ012345/sendMessage');
    expect(toTelegram?.body).toEqual({ chat_id: '-1001234', text: expect.stringContaining('test') });
    expect((await call(admin, 'GET')).body).not.toContain('ABCdefGhIJ');
  });

  it('sends one message per channel for nodes going down together, then "back online"', async () => {
    const admin = await createSignedInUser(server, { teamName: 'Batch' });
    const first = await activeNode(server, admin);
    const second = await activeNode(server, admin);
    const third = await activeNode(server, admin);
    const { channel } = await addChannel(admin, {
      type: 'webhook',
      name: 'Batch',
      url: `${receiver.url}/batch`,
    });
    const before = receiver.received.length;

    server.clock.advance(40_000);
    await third.heartbeat();
    server.clock.advance(pastThreshold(server) - 40_000);
    await server.app.deps.health.sweep(); // first and second go down; third is still online, so the message waits
    expect(since(before)).toHaveLength(0);
    server.clock.advance(20_000);
    await second.heartbeat();
    await server.app.deps.health.sweep(); // second is back within the window: it leaves the message, unsaid
    server.clock.advance(20_000);
    await server.app.deps.health.sweep(); // third goes down within the window and joins the message
    expect(since(before)).toHaveLength(0);
    server.clock.advance(20_000);
    await server.app.deps.health.sweep(); // the window has passed: one message
    const offline = since(before).map((request) => JSON.parse(request.body) as AlertPayloadBody);
    expect(offline.map((message) => message.type)).toEqual(['node.offline']);
    expect(offline[0]?.data.nodes.map((node) => node.id).sort()).toEqual(
      [first.node.id, third.node.id].sort(),
    );
    expect(offline[0]?.data.channel.id).toBe(channel.id);

    const back = receiver.received.length;
    await first.heartbeat();
    await server.app.deps.health.sweep();
    const online = since(back).map((request) => JSON.parse(request.body) as AlertPayloadBody);
    expect(online.map((message) => [message.type, message.data.nodes.map((node) => node.id)])).toEqual([
      ['node.online', [first.node.id]],
    ]);
  });

  it("waits each channel's own offline delay: a node back within it sends nothing to that channel", async () => {
    const admin = await createSignedInUser(server, { teamName: 'Delays' });
    const node = await activeNode(server, admin);
    const now = await addChannel(admin, { type: 'webhook', name: 'Now', url: `${receiver.url}/now` });
    const later = await addChannel(admin, {
      type: 'webhook',
      name: 'Later',
      url: `${receiver.url}/later`,
      offlineDelayMinutes: 5,
    });
    const listed = (await call(admin, 'GET')).json().channels as {
      id: number;
      offlineDelayMinutes: number;
    }[];
    expect(listed.map((row) => [row.id, row.offlineDelayMinutes])).toEqual([
      [now.channel.id, 0],
      [later.channel.id, 5],
    ]);
    const at = (path: string, before: number) =>
      since(before)
        .filter((request) => request.path === path)
        .map((request) => (JSON.parse(request.body) as AlertPayloadBody).type);

    const flap = receiver.received.length;
    server.clock.advance(pastThreshold(server));
    await server.app.deps.health.sweep(); // offline: "Now" is told at once, "Later" waits 5 minutes
    server.clock.advance(4 * 60_000);
    await server.app.deps.health.sweep();
    await node.heartbeat(); // back within Later's delay
    await server.app.deps.health.sweep();
    for (const _ of [1, 2]) {
      // Past Later's 5 minutes, the node beating within the offline threshold.
      server.clock.advance(50_000);
      await node.heartbeat();
      await server.app.deps.health.sweep();
    }
    expect(at('/now', flap)).toEqual(['node.offline', 'node.online']);
    expect(at('/later', flap)).toEqual([]);

    const down = receiver.received.length;
    server.clock.advance(pastThreshold(server));
    await server.app.deps.health.sweep();
    server.clock.advance(5 * 60_000 - 1000);
    await server.app.deps.health.sweep();
    expect(at('/later', down)).toEqual([]);
    server.clock.advance(1000);
    await server.app.deps.health.sweep(); // still down after 5 minutes: "Later" is told
    expect(at('/now', down)).toEqual(['node.offline']);
    expect(at('/later', down)).toEqual(['node.offline']);

    const changed = await call(admin, 'PUT', `/${later.channel.id}`, { offlineDelayMinutes: 15 });
    expect(changed.json()).toMatchObject({ name: 'Later', offlineDelayMinutes: 15 });
    const refused = await call(admin, 'PUT', `/${later.channel.id}`, { offlineDelayMinutes: 7 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
  });

  it('retries a failed delivery with growing delays, the first within 15 s, logging each try', async () => {
    const admin = await createSignedInUser(server);
    const { channel } = await addChannel(admin, {
      type: 'webhook',
      name: 'Flaky',
      url: `${receiver.url}/flaky`,
    });
    receiver.reply(503, 'x'.repeat(5000));
    const first = (await call(admin, 'POST', `/${channel.id}/test`)).json() as AlertDeliveryBody;
    expect(first).toMatchObject({ ok: false, status: 503 });
    expect(first.detail).toHaveLength(1024);
    const gaps = [Date.parse(first.nextAttemptAt!) - Date.parse(first.at)];
    for (const delay of ALERT_RETRY_DELAYS_S) {
      server.clock.advance(delay * 1000 - 1000);
      await server.app.deps.health.sweep(); // not due yet
      server.clock.advance(1000);
      await server.app.deps.health.sweep();
      const [latest] = (await call(admin, 'GET', `/${channel.id}/deliveries`)).json() as AlertDeliveryBody[];
      if (latest?.nextAttemptAt) gaps.push(Date.parse(latest.nextAttemptAt) - Date.parse(latest.at));
    }
    receiver.reply(200, 'ok');
    const log = (await call(admin, 'GET', `/${channel.id}/deliveries`)).json() as AlertDeliveryBody[];
    expect(log).toHaveLength(ALERT_RETRY_DELAYS_S.length + 1);
    expect(log[0]?.nextAttemptAt).toBeNull(); // given up after the last
    expect(gaps[0]).toBeLessThanOrEqual(15_000);
    expect(gaps).toEqual([...gaps].sort((a, b) => a - b));
    expect(gaps.reduce((sum, gap) => sum + gap, 0)).toBeGreaterThanOrEqual(3600_000);
  });

  it('switches a channel off after 24 hours of failing, mails the admins, sends it nothing more, and switches it on again', async () => {
    const admin = await createSignedInUser(server, { teamName: 'Broken' });
    const node = await activeNode(server, admin);
    const { channel } = await addChannel(admin, {
      type: 'webhook',
      name: 'Dead',
      url: `${receiver.url}/dead`,
    });
    receiver.reply(503, 'down');
    const test = () => call(admin, 'POST', `/${channel.id}/test`);
    await test();
    server.clock.advance(ALERT_CHANNEL_LIMITS.switchOffAfterHours * 3600_000 - 60_000);
    await test(); // failing for a minute less than 24 hours: still on
    expect((await call(admin, 'GET')).json().channels[0]).toMatchObject({ switchedOffAt: null });
    server.clock.advance(60_000);
    // The first admin's test session has ended by now; a second admin of the team carries on.
    const other = await createSignedInUser(server, { teamId: admin.teamId });
    const mailsBefore = server.mails.length;
    await call(other, 'POST', `/${channel.id}/test`);
    await server.app.deps.mailer.drain();
    receiver.reply(200, 'ok');
    const answer = await call(other, 'GET');
    expect(answer.statusCode, answer.body).toBe(200);
    const [listed] = answer.json().channels;
    expect(listed.switchedOffAt).toBe(server.clock.now().toISOString());
    const mails = server.mails.slice(mailsBefore);
    expect(mails.map((mail) => [mail.to, mail.subject]).sort()).toEqual(
      [admin.email, other.email].map((to) => [to, 'Alert channel “Dead” switched off']).sort(),
    );
    expect(mails[0]?.text).toContain('failing for 24 hours');

    const before = receiver.received.length;
    server.clock.advance(pastThreshold(server));
    await server.app.deps.health.sweep(); // the node goes down: a switched-off channel is not told
    expect(since(before).filter((request) => request.path === '/dead')).toEqual([]);

    const on = await call(other, 'POST', `/${channel.id}/switch-on`);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ id: channel.id, switchedOffAt: null });
    await node.heartbeat();
    await server.app.deps.health.sweep();
    server.clock.advance(pastThreshold(server));
    await server.app.deps.health.sweep(); // down again: the channel, on again, is told
    const told = since(before).filter((request) => request.path === '/dead');
    expect(told.map((request) => (JSON.parse(request.body) as AlertPayloadBody).type)).toContain(
      'node.offline',
    );
  });

  it("documents each channel's body in OpenAPI's webhooks section, with an example, and sends what it documents", async () => {
    type Hook = {
      post: { requestBody: { content: { 'application/json': { schema: object; example: unknown } } } };
    };
    const document = (await server.app.inject({ method: 'GET', url: OPENAPI_PATH })).json() as {
      webhooks: Record<string, Hook>;
    };
    expect(Object.keys(document.webhooks)).toEqual([
      'alert-webhook',
      'alert-slack',
      'alert-discord',
      'alert-telegram',
    ]);
    const ajv = new Ajv2020({ strict: false });
    addFormats.default(ajv);
    const checks = Object.fromEntries(
      Object.entries(document.webhooks).map(([name, hook]) => {
        const { schema, example } = hook.post.requestBody.content['application/json'];
        const check = ajv.compile(schema);
        expect(check(example), `${name}: ${ajv.errorsText(check.errors)}`).toBe(true);
        return [name, check];
      }),
    );

    const admin = await createSignedInUser(server);
    receiver.reply(200, 'ok');
    const before = receiver.received.length;
    for (const type of ['webhook', 'slack', 'discord', 'telegram']) {
      const telegram = { botToken: '123456:ABCdefGhIJklmnOPqrstUVwxyz', chatId: '-100123' };
      const { channel } = await addChannel(admin, {
        type,
        name: type,
        ...(type === 'telegram' ? telegram : { url: `${receiver.url}/${type}` }),
      });
      await call(admin, 'POST', `/${channel.id}/test`);
    }
    const sent = since(before).map((request) => JSON.parse(request.body) as unknown);
    expect(sent).toHaveLength(4);
    ['alert-webhook', 'alert-slack', 'alert-discord', 'alert-telegram'].forEach((name, index) => {
      const check = checks[name]!;
      expect(check(sent[index]), `${name}: ${ajv.errorsText(check.errors)}`).toBe(true);
    });
  });

  it('does not follow redirects', async () => {
    const admin = await createSignedInUser(server);
    const { channel } = await addChannel(admin, {
      type: 'slack',
      name: 'Moved',
      url: `${receiver.url}/moved`,
    });
    receiver.reply(302, '', { location: `${receiver.url}/elsewhere` });
    const before = receiver.received.length;
    const answer = (await call(admin, 'POST', `/${channel.id}/test`)).json() as AlertDeliveryBody;
    receiver.reply(200, 'ok');
    expect(answer).toMatchObject({ ok: false, status: 302 });
    expect(since(before).map((request) => request.path)).toEqual(['/moved']);
  });

  it('sends each message once when two processes deliver from one database', async () => {
    const admin = await createSignedInUser(server);
    await activeNode(server, admin);
    await addChannel(admin, { type: 'webhook', name: 'Once', url: `${receiver.url}/once` });
    const other = await anotherProcess(server);
    try {
      server.clock.advance(pastThreshold(server));
      // The receiver answers slowly, so the first delivery is still in flight when the other process looks.
      receiver.slow(300);
      const later = () =>
        new Promise((resolve) => setTimeout(resolve, 100)).then(() => other.deps.health.sweep());
      await Promise.all([server.app.deps.health.sweep(), later(), other.deps.health.sweep()]);
      receiver.slow(0);
      expect(receiver.received.filter((request) => request.path === '/once')).toHaveLength(1);
    } finally {
      await other.close();
    }
  });

  it('lets viewers read channels but not change them', async () => {
    const admin = await createSignedInUser(server);
    const viewer = await createSignedInUser(server, { teamId: admin.teamId, role: VIEWER_ROLE });
    const { channel } = await addChannel(admin, { type: 'slack', name: 'Read', url: `${receiver.url}/read` });
    expect((await call(viewer, 'GET')).json().channels).toHaveLength(1);
    for (const [method, path] of [
      ['POST', ''],
      ['PUT', `/${channel.id}`],
      ['DELETE', `/${channel.id}`],
      ['POST', `/${channel.id}/test`],
    ] as const) {
      const answer = await call(viewer, method, path, { name: 'x', type: 'slack', url: `${receiver.url}/x` });
      expect(answer.statusCode).toBe(403);
      expect(answer.json().error).toBe('read_only');
    }
    expect((await call(admin, 'DELETE', `/${channel.id}`)).statusCode).toBe(200);
    expect((await call(admin, 'GET')).json().channels).toHaveLength(0);
  });

  it('refuses incomplete channels with a clear 400', async () => {
    const admin = await createSignedInUser(server);
    const missing = await call(admin, 'POST', '', { type: 'webhook', name: 'No URL' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual(ALERT_CHANNEL_ERRORS.missingField);
    const telegram = await call(admin, 'POST', '', {
      type: 'telegram',
      name: 'T',
      botToken: 'nope',
      chatId: '1',
    });
    expect(telegram.json()).toEqual(ALERT_CHANNEL_ERRORS.badTelegram);
    const ftp = await call(admin, 'POST', '', { type: 'webhook', name: 'F', url: 'ftp://example.com/x' });
    expect(ftp.json()).toEqual(ALERT_CHANNEL_ERRORS.badUrl);
  });

  it('refuses a field in a call that takes no body with a clear 400', async () => {
    const admin = await createSignedInUser(server);
    const { channel } = await addChannel(admin, {
      type: 'webhook',
      name: 'Hook',
      url: `${receiver.url}/hook`,
    });
    const stray = await call(admin, 'POST', `/${channel.id}/switch-on`, { stray: 1 });
    expect(stray.statusCode).toBe(400);
    expect(stray.json()).toMatchObject({
      error: 'invalid_request',
      message: 'Invalid request: body must NOT have additional properties',
    });
  });
});

describe('outbound safety', () => {
  let server: TestServer;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let admin: SignedInUser;

  beforeAll(async () => {
    receiver = await startReceiver();
    server = await startTestServer();
    admin = await createSignedInUser(server);
  });
  afterAll(async () => {
    await server.close();
    await receiver.close();
  });

  // biome-ignore format: one target a line reads as a table
  const REFUSED = [
    'http://127.0.0.1/hook',              // loopback
    'http://127.1.2.3:8080/hook',
    'http://localhost/hook',              // a name that resolves to loopback
    'http://[::1]/hook',
    'http://0.0.0.0/hook',
    'http://10.1.2.3/hook',               // private
    'http://172.16.0.1/hook',
    'http://172.31.255.255/hook',
    'http://192.168.1.1/hook',
    'http://169.254.169.254/latest/meta-data', // link-local: the cloud metadata service
    'http://100.64.0.1/hook',             // CGNAT
    'http://100.127.255.254/hook',
    'http://[fe80::1]/hook',              // IPv6 link-local
    'http://[fd00:ec2::254]/hook',        // IPv6 unique local (AWS metadata)
    'http://[fc00::1]/hook',
    'http://[::ffff:10.0.0.1]/hook',      // IPv4 inside IPv6
    'http://[::ffff:127.0.0.1]/hook',
    'http://[::ffff:a9fe:a9fe]/hook',
    'http://[::]/hook',
  ];

  it.each(REFUSED)('refuses %s on save', async (url) => {
    const answer = await server.app.inject({
      method: 'POST',
      url: `/auth/${alertChannelsPath(admin.teamId)}`,
      headers: admin.headers,
      payload: { type: 'webhook', name: 'Inside', url },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual(ALERT_CHANNEL_ERRORS.privateTarget);
  });

  it('accepts a public address', async () => {
    const answer = await server.app.inject({
      method: 'POST',
      url: `/auth/${alertChannelsPath(admin.teamId)}`,
      headers: admin.headers,
      payload: { type: 'webhook', name: 'Public', url: 'https://93.184.215.14/hook' },
    });
    expect(answer.statusCode, answer.body).toBe(201);
  });

  it('checks again at delivery: a target saved while private ones were allowed is refused, nothing is sent', async () => {
    const [channel] = await server.db
      .insert((await import('../../server/db/schema.ts')).alertChannels)
      .values({ teamId: admin.teamId, type: 'slack', name: 'Saved before', url: `${receiver.url}/inside` })
      .returning();
    const answer = await server.app.inject({
      method: 'POST',
      url: `/auth/${alertChannelsPath(admin.teamId)}/${channel!.id}/test`,
      headers: admin.headers,
    });
    expect(answer.json()).toMatchObject({
      ok: false,
      status: null,
      detail: ALERT_CHANNEL_ERRORS.privateTarget.message,
    });
    expect(receiver.received).toHaveLength(0);
  });
});
