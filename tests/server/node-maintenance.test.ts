import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlertPayloadBody } from '../../contracts/alert-channels.ts';
import { alertChannelsPath } from '../../contracts/alert-channels.ts';
import { MAINTENANCE_MESSAGES, maintenancePath } from '../../contracts/node-maintenance.ts';
import { ALERT_BATCH_WINDOW_MS } from '../../contracts/notifications.ts';
import { VIEWER_ROLE } from '../../contracts/team-body.ts';
import { startReceiver } from '../helpers/receiver.ts';
import {
  createSignedInUser,
  type SignedInUser,
  startTestServer,
  type TestServer,
} from '../helpers/server.ts';
import { activeNode, pastThreshold, sweepAndMails } from './health-fixtures.ts';

const MINUTE = 60_000;

describe('node maintenance windows', () => {
  let server: TestServer;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    receiver = await startReceiver();
    server = await startTestServer({ nodeOfflineAfterS: 60, webhookAllowPrivate: true });
  });
  afterAll(async () => {
    await server.close();
    await receiver.close();
  });

  const at = (offsetMs: number) => new Date(server.clock.now().getTime() + offsetMs).toISOString();
  const setWindow = (user: SignedInUser, nodeId: number, payload: unknown) =>
    server.app.inject({
      method: 'PUT',
      url: `/api/${maintenancePath(user.teamId, nodeId)}`,
      headers: user.headers,
      payload: payload as object,
    });
  const endWindow = (user: SignedInUser, nodeId: number) =>
    server.app.inject({
      method: 'DELETE',
      url: `/api/${maintenancePath(user.teamId, nodeId)}`,
      headers: user.headers,
    });
  const listed = async (user: SignedInUser, nodeId: number) => {
    const answer = await server.app.inject({
      method: 'POST',
      url: `/api/v1/nodres/team/${user.teamId}`,
      headers: user.headers,
      payload: {},
    });
    return (answer.json() as { id: number; maintenance: unknown }[]).find((node) => node.id === nodeId);
  };
  const webhookTo = async (admin: SignedInUser, name: string) => {
    const answer = await server.app.inject({
      method: 'POST',
      url: `/auth/${alertChannelsPath(admin.teamId)}`,
      headers: admin.headers,
      payload: { type: 'webhook', name, url: `${receiver.url}/${name}` },
    });
    expect(answer.statusCode).toBe(201);
    return (path: number) =>
      receiver.received
        .slice(path)
        .filter((request) => request.path === `/${name}`)
        .map((request) => (JSON.parse(request.body) as AlertPayloadBody).type);
  };

  it('sets a window from now, lists it on the node, and ends it', async () => {
    const admin = await createSignedInUser(server);
    const { node } = await activeNode(server, admin);
    expect((await listed(admin, node.id))?.maintenance).toBeNull();

    const set = await setWindow(admin, node.id, { endsAt: at(30 * MINUTE) });
    expect(set.statusCode).toBe(200);
    const window = { startsAt: server.clock.now().toISOString(), endsAt: at(30 * MINUTE) };
    expect(set.json().maintenance).toEqual(window);
    expect((await listed(admin, node.id))?.maintenance).toEqual(window);

    const ended = await endWindow(admin, node.id);
    expect(ended.statusCode).toBe(200);
    expect(ended.json().maintenance).toBeNull();
    expect((await listed(admin, node.id))?.maintenance).toBeNull();
  });

  it('keeps one window per node: a scheduled start replaces the current one, and is listed until it ends', async () => {
    const admin = await createSignedInUser(server);
    const { node } = await activeNode(server, admin);
    await setWindow(admin, node.id, { endsAt: at(MINUTE * 60) });
    const scheduled = { startsAt: at(2 * 60 * MINUTE), endsAt: at(3 * 60 * MINUTE) };
    expect((await setWindow(admin, node.id, scheduled)).json().maintenance).toEqual(scheduled);
    expect((await listed(admin, node.id))?.maintenance).toEqual(scheduled);
    server.clock.advance(3 * 60 * MINUTE);
    expect((await listed(admin, node.id))?.maintenance).toBeNull();
  });

  it("refuses a viewer (403 read_only) and another team's node (404)", async () => {
    const admin = await createSignedInUser(server);
    const viewer = await createSignedInUser(server, { teamId: admin.teamId, role: VIEWER_ROLE });
    const outsider = await createSignedInUser(server);
    const { node } = await activeNode(server, admin);
    const byViewer = await setWindow(viewer, node.id, { endsAt: at(MINUTE) });
    expect(byViewer.statusCode).toBe(403);
    expect(byViewer.json().error).toBe('read_only');
    expect((await endWindow(viewer, node.id)).statusCode).toBe(403);
    expect((await setWindow({ ...outsider }, node.id, { endsAt: at(MINUTE) })).statusCode).toBe(404);
  });

  it('refuses bad windows with a clear 400', async () => {
    const admin = await createSignedInUser(server);
    const { node } = await activeNode(server, admin);
    const cases: [unknown, string | undefined][] = [
      [{ endsAt: at(-MINUTE) }, MAINTENANCE_MESSAGES.endInPast],
      [{ startsAt: at(2 * MINUTE), endsAt: at(MINUTE) }, MAINTENANCE_MESSAGES.endBeforeStart],
      [{ endsAt: at(8 * 24 * 60 * MINUTE) }, MAINTENANCE_MESSAGES.tooLong],
      [{ startsAt: 'NaN', endsAt: at(MINUTE) }, MAINTENANCE_MESSAGES.invalidTime],
      [{ endsAt: 'NaN' }, MAINTENANCE_MESSAGES.invalidTime],
      [{ endsAt: '2026-13-45T99:99:00Z' }, MAINTENANCE_MESSAGES.invalidTime],
      [{ endsAt: 'tomorrow' }, MAINTENANCE_MESSAGES.invalidTime],
      [{ endsAt: `${at(MINUTE)}\u0000` }, undefined],
      [{ endsAt: 1_800_000 }, undefined],
      [{}, undefined],
      [{ endsAt: at(MINUTE), extra: 1 }, undefined],
    ];
    for (const [payload, message] of cases) {
      const answer = await setWindow(admin, node.id, payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      const body = answer.json();
      expect(typeof body.error).toBe('string');
      expect(typeof body.message).toBe('string');
      if (message) expect(body.message).toBe(message);
    }
    expect((await listed(admin, node.id))?.maintenance).toBeNull();
  });

  it('holds the offline alert (mail and channel) of a node that goes down in a window and comes back inside it', async () => {
    const admin = await createSignedInUser(server, { teamName: 'Flap' });
    const { node, heartbeat } = await activeNode(server, admin);
    const messages = await webhookTo(admin, 'flap');
    const before = receiver.received.length;
    await setWindow(admin, node.id, { endsAt: at(30 * MINUTE) });

    server.clock.advance(pastThreshold(server));
    expect(await sweepAndMails(server, admin.email)).toEqual([]);
    server.clock.advance(ALERT_BATCH_WINDOW_MS * 2);
    expect(await sweepAndMails(server, admin.email)).toEqual([]);
    expect((await heartbeat()).statusCode).toBe(200);
    expect(await sweepAndMails(server, admin.email)).toEqual([]);
    // The window ends with the node up (still beating): nothing is told, neither offline nor back online.
    server.clock.advance(30 * MINUTE);
    await heartbeat();
    expect(await sweepAndMails(server, admin.email)).toEqual([]);
    expect(messages(before)).toEqual([]);
  });

  it('tells of a node still down when its window ends, as a normal offline alert', async () => {
    const admin = await createSignedInUser(server, { teamName: 'Down' });
    const { node } = await activeNode(server, admin);
    const messages = await webhookTo(admin, 'down');
    const before = receiver.received.length;
    await setWindow(admin, node.id, { endsAt: at(30 * MINUTE) });

    server.clock.advance(pastThreshold(server));
    expect(await sweepAndMails(server, admin.email)).toEqual([]);
    server.clock.advance(20 * MINUTE);
    expect(await sweepAndMails(server, admin.email)).toEqual([]);
    expect(messages(before)).toEqual([]);

    server.clock.advance(10 * MINUTE);
    const mails = await sweepAndMails(server, admin.email);
    expect(mails.map((mail) => mail.subject)).toEqual([`NODR ${node.domain} is offline`]);
    expect(messages(before)).toEqual(['node.offline']);
    server.clock.advance(ALERT_BATCH_WINDOW_MS * 2);
    expect(await sweepAndMails(server, admin.email)).toEqual([]);
  });

  it('tells at once of a node still down when an admin ends the window early', async () => {
    const admin = await createSignedInUser(server, { teamName: 'Early' });
    const { node } = await activeNode(server, admin);
    await setWindow(admin, node.id, { endsAt: at(4 * 60 * MINUTE) });
    server.clock.advance(pastThreshold(server));
    expect(await sweepAndMails(server, admin.email)).toEqual([]);
    await endWindow(admin, node.id);
    const mails = await sweepAndMails(server, admin.email);
    expect(mails.map((mail) => mail.subject)).toEqual([`NODR ${node.domain} is offline`]);
  });

  it('holds nothing before a scheduled window starts', async () => {
    const admin = await createSignedInUser(server, { teamName: 'Later' });
    const { node } = await activeNode(server, admin);
    await setWindow(admin, node.id, { startsAt: at(60 * MINUTE), endsAt: at(90 * MINUTE) });
    server.clock.advance(pastThreshold(server));
    const mails = await sweepAndMails(server, admin.email);
    expect(mails.map((mail) => mail.subject)).toEqual([`NODR ${node.domain} is offline`]);
  });
});
