import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NodeBody } from '../../contracts/node-body.schema.ts';
import { NODE_STATUS } from '../../contracts/node-status.ts';
import { nodes } from '../../server/db/schema.ts';
import {
  createSignedInUser,
  type SignedInUser,
  startTestServer,
  type TestServer,
} from '../helpers/server.ts';
import { createActiveNode, type TestNode } from '../helpers/telemetry.ts';
import { sweepAndMails } from './health-fixtures.ts';

const LATEST = '1.4.2';
let server: TestServer;
let admin: SignedInUser;

beforeAll(async () => {
  server = await startTestServer({ agentLatestVersion: LATEST });
  admin = await createSignedInUser(server);
});

afterAll(async () => {
  await server.close();
});

const heartbeat = (node: TestNode, body?: unknown) => node.post(body ?? '', 'v1/heartbeat');

async function listed(node: TestNode): Promise<NodeBody> {
  const response = await server.app.inject({
    method: 'POST',
    url: `/api/v1/nodres/team/${admin.teamId}`,
    headers: admin.headers,
  });
  expect(response.statusCode).toBe(200);
  const found = response.json<NodeBody[]>().find((each) => each.id === node.node.id);
  if (!found) throw new Error('node not listed');
  return found;
}

const outdatedMails = async () =>
  (await sweepAndMails(server, admin.email)).filter((mail) => mail.text.includes('runs an older agent'));

describe('node versions', () => {
  it('stores the version a heartbeat reports; the list answers it and whether an update is available', async () => {
    const node = await createActiveNode(server, admin.teamId);
    expect(await listed(node)).toMatchObject({ agentVersion: null, updateAvailable: false });
    expect((await heartbeat(node, { agentVersion: '1.4.1', softwareVersion: '7.2.0' })).statusCode).toBe(200);
    expect(await listed(node)).toMatchObject({ agentVersion: '1.4.1', updateAvailable: true });
    expect((await heartbeat(node, { agentVersion: LATEST })).statusCode).toBe(200);
    expect(await listed(node)).toMatchObject({ agentVersion: LATEST, updateAvailable: false });
    const single = await server.app.inject({
      method: 'GET',
      url: `/api/v1/nodres/team/${admin.teamId}/${node.node.id}`,
      headers: admin.headers,
    });
    expect(single.json()).toMatchObject({ agentVersion: LATEST, updateAvailable: false });
  });

  it('takes the version from the hardware check too', async () => {
    const node = await createActiveNode(server, admin.teamId, { status: NODE_STATUS.configuring });
    const report = {
      storage: 1e12,
      ram: 64e9,
      ip: '203.0.113.9',
      os: 10,
      bandwidth: 1e10,
      agentVersion: '1.3.0',
    };
    expect((await node.post(report, 'v1/check')).statusCode).toBe(200);
    expect(await listed(node)).toMatchObject({ agentVersion: '1.3.0', updateAvailable: true });
  });

  it('still accepts agents that send no version, and leaves the nodes row alone on heartbeats', async () => {
    const node = await createActiveNode(server, admin.teamId);
    const [before] = await server.db.select().from(nodes).where(eq(nodes.id, node.node.id));
    expect((await heartbeat(node)).json()).toEqual({ status: NODE_STATUS.active });
    expect((await heartbeat(node, {})).statusCode).toBe(200);
    expect((await heartbeat(node, { agentVersion: '1.0.0' })).statusCode).toBe(200);
    const [after] = await server.db.select().from(nodes).where(eq(nodes.id, node.node.id));
    expect(after).toEqual(before);
    const report = { storage: 1e12, ram: 64e9, ip: '203.0.113.9', os: 10, bandwidth: 1e10 };
    const configuring = await createActiveNode(server, admin.teamId, { status: NODE_STATUS.configuring });
    expect((await configuring.post(report, 'v1/check')).statusCode).toBe(200);
  });

  it('refuses a version that is not one with a 400', async () => {
    const node = await createActiveNode(server, admin.teamId);
    for (const agentVersion of ['1.4; rm -rf /', '', 'x'.repeat(101), 142]) {
      const response = await heartbeat(node, { agentVersion });
      expect(response.statusCode, String(agentVersion)).toBe(400);
      expect(response.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    }
  });

  it('sends node.outdated once per latest version, however many heartbeats say so', async () => {
    const node = await createActiveNode(server, admin.teamId, { name: 'Old agent' });
    await outdatedMails();
    await Promise.all([
      heartbeat(node, { agentVersion: '1.4.0' }),
      heartbeat(node, { agentVersion: '1.4.0' }),
    ]);
    await heartbeat(node, { agentVersion: '1.4.1' });
    const mails = await outdatedMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Old agent');
    await heartbeat(node, { agentVersion: '1.4.1' });
    expect(await outdatedMails()).toEqual([]);
    // A newer release: the node is told once more.
    server.app.deps.config.agentLatestVersion = '1.5.0';
    await heartbeat(node, { agentVersion: '1.4.1' });
    await heartbeat(node, { agentVersion: '1.4.1' });
    expect(await outdatedMails()).toHaveLength(1);
    await heartbeat(node, { agentVersion: '1.5.0' });
    expect(await outdatedMails()).toEqual([]);
    server.app.deps.config.agentLatestVersion = LATEST;
  });
});
