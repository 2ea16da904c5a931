import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BusMessage, createMemoryBus } from '../../server/lib/event-bus.ts';
import { createSignedInUser, startTestServer, type TestServer } from '../helpers/server.ts';
import { createActiveNode, ingest, minutes, NOW_SECONDS } from '../helpers/telemetry.ts';

/**
 * Statistics notifications (the bus message that makes every replica drop its cached answers about nodes) go out at
 * most once per team per second per replica, or once per ingest batch; never once per point.
 */
describe('statistics notifications', () => {
  let server: TestServer;
  const heard: number[][] = [];

  beforeAll(async () => {
    const bus = createMemoryBus();
    bus.subscribe((message: BusMessage) => {
      if (message.kind === 'stats') heard.push([...message.nodeIds].sort((a, b) => a - b));
    });
    server = await startTestServer({}, { bus });
    server.clock.set(new Date(NOW_SECONDS * 1000));
  });
  afterAll(() => server.close());

  /** Waits until `count` notifications were heard, then a second and a half more, so that a late extra one shows. */
  async function settle(count: number) {
    await expect.poll(() => heard.length, { timeout: 5000 }).toBeGreaterThanOrEqual(count);
    await new Promise((resolve) => setTimeout(resolve, 1500));
  }

  it('tells of a catch-up batch of many points once', async () => {
    const owner = await createSignedInUser(server);
    const node = await createActiveNode(server, owner.teamId);
    heard.length = 0;
    expect(await ingest(node, minutes(NOW_SECONDS - 24 * 3600, 1440))).toBe(1440);
    await settle(1);
    expect(heard).toEqual([[node.node.id]]);
  });

  it('tells once per team of the reports its nodes sent within a second, with every node named', async () => {
    const first = await createSignedInUser(server);
    const second = await createSignedInUser(server);
    const a1 = await createActiveNode(server, first.teamId);
    const a2 = await createActiveNode(server, first.teamId);
    const b1 = await createActiveNode(server, second.teamId);
    heard.length = 0;
    for (const node of [a1, a2, b1, a1]) {
      const response = await node.post({ points: minutes(NOW_SECONDS - 600 + heard.length * 60, 2) });
      expect(response.statusCode, response.body).toBe(200);
    }
    await settle(2);
    expect(heard).toHaveLength(2);
    expect(heard).toContainEqual([a1.node.id, a2.node.id].sort((x, y) => x - y));
    expect(heard).toContainEqual([b1.node.id]);
  });

  it('tells nothing of a report that stored no new minute', async () => {
    const owner = await createSignedInUser(server);
    const node = await createActiveNode(server, owner.teamId);
    const points = minutes(NOW_SECONDS - 1200, 5);
    await ingest(node, points);
    await settle(1);
    heard.length = 0;
    await ingest(node, points);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(heard).toEqual([]);
  });
});
