import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NodeUptime } from '../../contracts/node-uptime.schema.ts';
import { UPTIME_DAYS } from '../../contracts/node-uptime.ts';
import { registerNode } from '../helpers/nodes.ts';
import {
  createSignedInUser,
  type SignedInUser,
  startTestServer,
  type TestServer,
} from '../helpers/server.ts';
import { activeNode, pastThreshold } from './health-fixtures.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('uptime in the node list: time online over time active, inactive time left out', () => {
  let server: TestServer;
  let user: SignedInUser;

  beforeAll(async () => {
    server = await startTestServer({ nodeOfflineAfterS: 60 });
  });
  afterAll(() => server.close());

  const now = () => server.clock.now().getTime();
  const sweep = () => server.app.deps.health.sweep();
  const uptimeOf = async (nodeId: number) => {
    const response = await server.app.inject({
      method: 'POST',
      url: `/api/v1/nodres/team/${user.teamId}`,
      headers: user.headers,
    });
    expect(response.statusCode).toBe(200);
    const node = (response.json() as { id: number; uptime: NodeUptime }[]).find((item) => item.id === nodeId);
    return node?.uptime;
  };
  const toggle = async (nodeId: number) => {
    const response = await server.app.inject({
      method: 'PUT',
      url: `/api/v1/nodres/team/${user.teamId}/update_active_nodres/${nodeId}`,
      headers: user.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
  };

  /** Moves the clock to tomorrow's UTC `hour` (past the server's start grace) and signs a user in (for 24 h). */
  async function tomorrowAt(hour: number) {
    server.clock.set(new Date((Math.floor(now() / DAY) + 1) * DAY + hour * HOUR));
    user = await createSignedInUser(server);
  }

  it('a node still configuring has no uptime: every figure null', async () => {
    user = await createSignedInUser(server);
    const { node } = await registerNode(server, user);
    expect(await uptimeOf(node.id)).toEqual({
      day: null,
      week: null,
      month: null,
      days: Array(UPTIME_DAYS).fill(null),
    });
  });

  it('counts an offline episode, leaves out a deactivated stretch and the time before the node was created', async () => {
    // Every change below falls on one UTC day, from 09:00 to 23:00.
    await tomorrowAt(9);
    const { node, heartbeat } = await activeNode(server, user);
    const activeAt = now();

    server.clock.advance(pastThreshold(server));
    const [wentOffline] = await sweep();
    expect(wentOffline?.online).toBe(false);
    const offlineAt = now();

    server.clock.set(new Date(activeAt + HOUR));
    await heartbeat();
    const [cameBack] = await sweep();
    expect(cameBack?.online).toBe(true);
    const onlineAt = now();

    server.clock.set(new Date(activeAt + 2 * HOUR));
    await toggle(node.id);
    const inactiveAt = now();
    // Ten hours switched off, silent: the sweep passes it by and none of it counts.
    server.clock.advance(10 * HOUR);
    await sweep();
    await toggle(node.id);
    const reactivatedAt = now();
    await heartbeat();

    server.clock.set(new Date(activeAt + 14 * HOUR));
    const activeMs = inactiveAt - activeAt + (now() - reactivatedAt);
    const onlineMs = activeMs - (onlineAt - offlineAt);
    const uptime = await uptimeOf(node.id);
    expect(uptime?.day).toBeCloseTo(onlineMs / activeMs, 12);
    expect(uptime?.day).toBeCloseTo(1 - (HOUR - pastThreshold(server)) / (4 * HOUR), 6);
    // Created today: the week and the month count only the same active time, and earlier days have no figure.
    expect(uptime?.week).toBe(uptime?.day);
    expect(uptime?.month).toBe(uptime?.day);
    expect(uptime?.days).toHaveLength(UPTIME_DAYS);
    expect(uptime?.days.at(-1)).toBe(uptime?.day);
    expect(uptime?.days.slice(0, -1)).toEqual(Array(UPTIME_DAYS - 1).fill(null));

    // Online until past midnight: the new day so far is 1, the first one gains its last online hour.
    server.clock.set(new Date(activeAt + 16 * HOUR));
    await heartbeat();
    const nextDay = await uptimeOf(node.id);
    expect(nextDay?.days.at(-1)).toBe(1);
    expect(nextDay?.days.at(-2)).toBeCloseTo((onlineMs + HOUR) / (activeMs + HOUR), 6);
    expect(nextDay?.day).toBeGreaterThan(uptime?.day ?? 1);
    expect(nextDay?.day).toBeLessThan(1);
  });

  it('a node switched off counts only its active time up to then', async () => {
    await tomorrowAt(0);
    const { node } = await activeNode(server, user);
    server.clock.advance(HOUR);
    await toggle(node.id);
    server.clock.advance(5 * HOUR);
    // Switched off since: the last hour of activity counts, the five since do not.
    expect((await uptimeOf(node.id))?.day).toBe(1);
  });

  it('a reconfigured node counts as inactive from then on, until it is verified again', async () => {
    await tomorrowAt(0);
    const { node } = await activeNode(server, user);
    const activeAt = now();
    // Silent: the sweep marks it offline a threshold later.
    server.clock.advance(pastThreshold(server));
    await sweep();
    const offlineAt = now();
    server.clock.set(new Date(activeAt + 2 * HOUR));
    const reset = await server.app.inject({
      method: 'PUT',
      url: `/api/v1/nodres/team/${user.teamId}/reset_settings_nodr/${node.id}`,
      headers: { ...user.headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        teamId: String(user.teamId),
        id: String(node.id),
        configId: String(node.configId),
        licenseKey: node.licenseKey,
      }).toString(),
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const reconfiguredAt = now();
    server.clock.advance(3 * HOUR);
    // Two hours active, online until the sweep marked it offline; the three hours configuring are left out.
    const activeMs = reconfiguredAt - activeAt;
    expect((await uptimeOf(node.id))?.day).toBeCloseTo((offlineAt - activeAt) / activeMs, 9);
  });
});
