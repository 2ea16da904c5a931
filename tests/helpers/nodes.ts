import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { create } from 'superstruct';
import { nodeRequestHeaders } from '../../contracts/node-signing.ts';
import { type Node, NodeStruct } from '../../src/api/nodes.ts';
import { form, type SignedInUser, type TestServer } from './server.ts';

export interface NodeKeys {
  /** SPKI PEM as the installer prints it (spec 5 shape). */
  publicKey: string;
  privateKey: KeyObject;
}

/** A fresh ECDSA P-256 key pair, as the installer makes on a node's host. */
export function newNodeKeys(): NodeKeys {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return { publicKey: String(publicKey.export({ type: 'spki', format: 'pem' })).trim(), privateKey };
}

/** POST set_public_key for `user`'s team; returns the raw response. */
export function postCreateNode(server: TestServer, user: SignedInUser, publicKey: string, configId = 1) {
  const body = form({ teamId: user.teamId, configId, publicKey });
  return server.app.inject({
    method: 'POST',
    url: `/api/v1/nodres/team/${user.teamId}/set_public_key/config/${configId}`,
    headers: { ...user.headers, ...body.headers },
    payload: body.payload,
  });
}

/** Registers a node and returns it (validated with the web app's NodeStruct) with its private key. */
export async function registerNode(
  server: TestServer,
  user: SignedInUser,
  configId = 1,
): Promise<{ node: Node; keys: NodeKeys }> {
  const keys = newNodeKeys();
  const response = await postCreateNode(server, user, keys.publicKey, configId);
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.statusCode} ${response.body}`);
  return { node: create(response.json(), NodeStruct), keys };
}

/**
 * A signed node-protocol request. The test clock does not move by itself, so each call advances it by a
 * millisecond: every request carries a fresh timestamp, as a real node's would.
 */
export function signedNodeCall(
  server: TestServer,
  path: string,
  node: { licenseKey: string },
  privateKey: KeyObject,
  body: unknown = {},
  timestampMs?: number,
) {
  server.clock.advance(1);
  const raw = JSON.stringify(body);
  return server.app.inject({
    method: 'POST',
    url: `/api/node/${path}`,
    headers: nodeRequestHeaders(
      node.licenseKey,
      privateKey,
      raw,
      timestampMs ?? server.clock.now().getTime(),
    ),
    payload: raw,
  });
}

const GB = 1_000_000_000;

/** A hardware report that meets the seeded 'NODR Lite' configuration (id 1). */
export const passingReport = {
  storage: 600 * GB,
  ram: 16 * GB,
  ip: '1.2.3.4',
  os: 10,
  bandwidth: 1_000_000_000,
};
