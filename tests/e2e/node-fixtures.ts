import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { expect } from 'vitest';
import { nodeRequestHeaders } from '../../contracts/node-signing.ts';
import type { ApiAccount, RunningServer } from './harness.ts';

/** Active nodes for the e2e tests of statistics: registered, verified and reporting through the real API. */

export interface TestNode {
  id: number;
  name: string;
  licenseKey: string;
  privateKey: KeyObject;
}

let lastSignedAt = 0;

/** A signed node request (docs/node-protocol.md), each with a newer timestamp than the last (the replay rule). */
export async function nodeCall(server: RunningServer, node: TestNode, path: string, body: unknown) {
  lastSignedAt = Math.max(Date.now(), lastSignedAt + 1);
  const raw = JSON.stringify(body);
  const response = await fetch(`${server.url}/api/node/${path}`, {
    method: 'POST',
    headers: nodeRequestHeaders(node.licenseKey, node.privateKey, raw, lastSignedAt),
    body: raw,
  });
  const data = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${path} -> ${response.status} ${JSON.stringify(data)}`);
  return data;
}

export async function api(
  server: RunningServer,
  account: ApiAccount,
  method: string,
  path: string,
  form?: object,
) {
  const response = await fetch(`${server.url}/api/${path}`, {
    method,
    headers: {
      authorization: `Bearer ${account.token}`,
      ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    body: form
      ? new URLSearchParams(Object.entries(form).map(([k, v]) => [k, String(v)])).toString()
      : undefined,
  });
  const data = await response.json();
  if (!response.ok) throw new Error(`${method} ${path} -> ${response.status} ${JSON.stringify(data)}`);
  return data as Record<string, unknown>;
}

/** A node registered with a fresh P-256 key, named, verified (check + heartbeat) and so active (10). */
export async function activeNode(
  server: RunningServer,
  account: ApiAccount,
  name: string,
): Promise<TestNode> {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const created = await api(
    server,
    account,
    'POST',
    `v1/nodres/team/${account.teamId}/set_public_key/config/1`,
    {
      teamId: account.teamId,
      configId: 1,
      publicKey: pem,
    },
  );
  const node: TestNode = { id: Number(created.id), name, licenseKey: String(created.licenseKey), privateKey };
  await api(server, account, 'PUT', `v1/nodres/team/${account.teamId}/nodr/${node.id}`, {
    teamId: account.teamId,
    config_id: 1,
    name,
    id: node.id,
  });
  const check = await nodeCall(server, node, 'v1/check', {
    storage: 4e12,
    ram: 64e9,
    ip: '8.8.8.8',
    os: 10,
    bandwidth: 1e10,
  });
  expect(check.result).toBe(true);
  expect((await nodeCall(server, node, 'v1/heartbeat', {})).status).toBe(10);
  return node;
}
