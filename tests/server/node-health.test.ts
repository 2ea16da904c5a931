import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NodeHealthAnswer, NodeHealthEvent } from '../../contracts/node-health.schema.ts';
import { HEALTH_EVENT, HEALTH_TRANSITIONS_SHOWN, healthPath } from '../../contracts/node-health.ts';
import { sessions } from '../../server/db/schema.ts';
import { SSE_COOKIE } from '../../server/lib/authenticate.ts';
import type { LiveEvent } from '../../server/lib/events.ts';
import { registerNode, signedNodeCall } from '../helpers/nodes.ts';
import {
  createSignedInUser,
  type SignedInUser,
  startTestServer,
  type TestServer,
} from '../helpers/server.ts';
import { activeNode, anotherProcess, pastThreshold, setLastSeen } from './health-fixtures.ts';

const list = async (server: TestServer, user: SignedInUser) =>
  (
    await server.app.inject({
      method: 'POST',
      url: `/api/v1/nodres/team/${user.teamId}`,
      headers: user.headers,
    })
  ).json() as Record<string, unknown>[];

const health = (server: TestServer, user: SignedInUser, teamId: number, nodeId: number | string) =>
  server.app.inject({
    method: 'GET',
    url: `/api/${healthPath(teamId, nodeId as number)}`,
    headers: user.headers,
  });

describe('node liveness: lastSeenAt, the list fields and the health call', () => {
  let server: TestServer;
  let user: SignedInUser;

  beforeAll(async () => {
    server = await startTestServer({ nodeOfflineAfterS: 60 });
    user = await createSignedInUser(server);
  });
  afterAll(() => server.close());

  it('moves lastSeenAt on every signed request (check, heartbeat, telemetry) and adds the health fields to the list', async () => {
    const { node, keys } = await registerNode(server, user);
    const fieldsOf = async () => {
      const row = (await list(server, user)).find((item) => item.id === node.id)!;
      return {
        lastSeenAt: row.lastSeenAt,
        online: row.online,
        offlineSince: row.offlineSince,
        status: row.status,
      };
    };
    expect(await fieldsOf()).toEqual({ lastSeenAt: null, online: null, offlineSince: null, status: 1 });

    server.clock.advance(10_000);
    await signedNodeCall(server, 'v1/check', node, keys.privateKey, {
      storage: 600e9,
      ram: 16e9,
      ip: '1.2.3.4',
      os: 10,
      bandwidth: 1e9,
    });
    const afterCheck = server.clock.now().toISOString();
    // Not active yet: online is for status 10 only.
    expect(await fieldsOf()).toEqual({ lastSeenAt: afterCheck, online: null, offlineSince: null, status: 1 });

    server.clock.advance(10_000);
    await signedNodeCall(server, 'v1/heartbeat', node, keys.privateKey);
    const afterBeat = server.clock.now().toISOString();
    expect(await fieldsOf()).toEqual({ lastSeenAt: afterBeat, online: true, offlineSince: null, status: 10 });

    server.clock.advance(10_000);
    const minute = Math.floor(server.clock.now().getTime() / 60_000) * 60 - 60;
    const point = { ts: minute, uplink: 1, delivered: 2, input: 1, viewers: 1, quality: 90 };
    const telemetry = await signedNodeCall(server, 'v1/telemetry', node, keys.privateKey, {
      points: [point],
    });
    expect(telemetry.statusCode, telemetry.body).toBe(200);
    expect((await fieldsOf()).lastSeenAt).toBe(server.clock.now().toISOString());

    // A refused (replayed) request is not a sign of life.
    const seen = (await fieldsOf()).lastSeenAt;
    server.clock.advance(10_000);
    const replay = await signedNodeCall(server, 'v1/heartbeat', node, keys.privateKey, {}, 1);
    expect(replay.statusCode).toBe(401);
    expect((await fieldsOf()).lastSeenAt).toBe(seen);
  });

  it('answers the health call to team members only; outsiders, stale sessions and bad ids get 4xx', async () => {
    const { node } = await activeNode(server, user);
    const ok = await health(server, user, user.teamId, node.id);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({
      lastSeenAt: server.clock.now().toISOString(),
      online: true,
      transitions: [],
    });

    const outsider = await createSignedInUser(server);
    expect((await health(server, outsider, user.teamId, node.id)).statusCode).toBe(403);
    const foreign = await health(server, outsider, outsider.teamId, node.id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ error: 'not_found' });

    const stale = await createSignedInUser(server, { teamId: user.teamId });
    await server.db.update(sessions).set({ revokedAt: server.clock.now() });
    expect((await health(server, stale, user.teamId, node.id)).statusCode).toBe(401);
  });

  it('refuses malformed ids and NUL bytes with 400', async () => {
    const fresh = await createSignedInUser(server);
    for (const id of ['abc', '0', '1%00', '99999999999']) {
      const response = await health(server, fresh, fresh.teamId, id);
      expect(response.statusCode, id).toBe(400);
      expect(response.json()).toHaveProperty('error');
    }
  });
});

describe('the health sweep', () => {
  let server: TestServer;
  let user: SignedInUser;
  let events: LiveEvent[];

  beforeAll(async () => {
    server = await startTestServer({ nodeOfflineAfterS: 60 });
    user = await createSignedInUser(server);
    events = [];
    server.app.deps.hub.subscribe(user.teamId, (event) => events.push(event));
  });
  afterAll(() => server.close());

  it('marks a silent active node offline and a returning one online, records both and publishes health events', async () => {
    const { node, heartbeat } = await activeNode(server, user);
    const lastSeenAt = server.clock.now().toISOString();
    events.length = 0;

    server.clock.advance(59_000);
    expect(await server.app.deps.health.sweep()).toEqual([]);

    server.clock.advance(2_000);
    const wentAt = server.clock.now().toISOString();
    const offline = await server.app.deps.health.sweep();
    expect(offline.map((change) => [change.nodeId, change.online])).toEqual([[node.id, false]]);
    expect(events).toEqual([
      {
        id: expect.any(Number),
        teamId: user.teamId,
        value: HEALTH_EVENT,
        health: { nodeId: node.id, online: false, lastSeenAt, at: wentAt } satisfies NodeHealthEvent,
      },
    ]);
    const row = (await list(server, user)).find((item) => item.id === node.id)!;
    expect(row).toMatchObject({ status: 10, online: false, offlineSince: wentAt, lastSeenAt });
    // Once: the next pass finds nothing new.
    expect(await server.app.deps.health.sweep()).toEqual([]);

    server.clock.advance(30_000);
    await heartbeat();
    const backSeen = server.clock.now().toISOString();
    server.clock.advance(1_000);
    const backAt = server.clock.now().toISOString();
    const online = await server.app.deps.health.sweep();
    expect(online.map((change) => [change.nodeId, change.online])).toEqual([[node.id, true]]);
    expect(events.at(-1)).toMatchObject({
      value: HEALTH_EVENT,
      health: { nodeId: node.id, online: true, lastSeenAt: backSeen, at: backAt },
    });

    const answer = (await health(server, user, user.teamId, node.id)).json() as NodeHealthAnswer;
    expect(answer).toEqual({
      lastSeenAt: backSeen,
      online: true,
      transitions: [
        { online: true, at: backAt },
        { online: false, at: wentAt },
      ],
    });
    expect((await list(server, user)).find((item) => item.id === node.id)).toMatchObject({
      online: true,
      offlineSince: null,
    });
  });

  it('leaves inactive nodes alone: a switched-off node is neither offline nor online', async () => {
    const fresh = await createSignedInUser(server);
    const { node } = await activeNode(server, fresh);
    await server.app.inject({
      method: 'PUT',
      url: `/api/v1/nodres/team/${fresh.teamId}/update_active_nodres/${node.id}`,
      headers: fresh.headers,
    });
    server.clock.advance(pastThreshold(server));
    const changes = await server.app.deps.health.sweep();
    expect(changes.some((change) => change.nodeId === node.id)).toBe(false);
    expect((await list(server, fresh))[0]).toMatchObject({ status: 20, online: null, offlineSince: null });
  });

  it('shows at most HEALTH_TRANSITIONS_SHOWN transitions, newest first', async () => {
    const fresh = await createSignedInUser(server);
    const { node, heartbeat } = await activeNode(server, fresh);
    for (let flap = 0; flap < 6; flap += 1) {
      server.clock.advance(pastThreshold(server));
      await server.app.deps.health.sweep();
      await heartbeat();
      await server.app.deps.health.sweep();
    }
    const { transitions } = (await health(server, fresh, fresh.teamId, node.id)).json() as NodeHealthAnswer;
    expect(transitions).toHaveLength(HEALTH_TRANSITIONS_SHOWN);
    expect(transitions[0]!.online).toBe(true);
    const times = transitions.map((transition) => Date.parse(transition.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });
});

describe('grace after a start, and the event stream', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ nodeOfflineAfterS: 60 });
  });
  afterAll(() => server.close());

  it('marks no node offline until one threshold after the process started, then does', async () => {
    const user = await createSignedInUser(server);
    const { node } = await activeNode(server, user);
    // Silent for an hour while the dashboard itself was down; then it starts again.
    await setLastSeen(server, node.id, new Date(server.clock.now().getTime() - 3_600_000));
    const restarted = await anotherProcess(server);
    try {
      expect(await restarted.deps.health.sweep()).toEqual([]);
      server.clock.advance(59_000);
      expect(await restarted.deps.health.sweep()).toEqual([]);
      expect((await list(server, user))[0]).toMatchObject({ online: true });
      server.clock.advance(1_000);
      expect((await restarted.deps.health.sweep()).map((change) => change.online)).toEqual([false]);
    } finally {
      await restarted.close();
    }
  });

  it("writes `event: health` with the JSON body to the team members' streams", async () => {
    const base = await server.app.listen({ port: 0, host: '127.0.0.1' });
    const controller = new AbortController();
    try {
      const user = await createSignedInUser(server);
      const { node } = await activeNode(server, user);
      const response = await fetch(`${base}/api/v1/sse/handle`, {
        headers: { cookie: `${SSE_COOKIE}=${user.token}` },
        signal: controller.signal,
      });
      const reader = response.body!.getReader();
      const decoder = new TextDecoder();
      let text = '';
      await reader.read();
      server.clock.advance(pastThreshold(server));
      await server.app.deps.health.sweep();
      while (!text.includes(`event: ${HEALTH_EVENT}`) || !text.endsWith('\n\n')) {
        const { value } = await reader.read();
        text += decoder.decode(value);
      }
      const block = text.split('\n\n').find((part) => part.includes(`event: ${HEALTH_EVENT}`))!;
      const data = JSON.parse(
        block
          .split('\n')
          .find((line) => line.startsWith('data: '))!
          .slice(6),
      );
      expect(block).toMatch(/^id: \d+\nevent: health\ndata: /);
      expect(data).toEqual({
        nodeId: node.id,
        online: false,
        lastSeenAt: expect.any(String),
        at: server.clock.now().toISOString(),
      });
    } finally {
      controller.abort();
    }
  });
});
