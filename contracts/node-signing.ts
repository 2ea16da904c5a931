import { createPrivateKey, createPublicKey, createSign, createVerify, type KeyObject } from 'node:crypto';

/** The node protocol's signature headers (docs/node-protocol.md). */
export const NODE_HEADERS = {
  license: 'x-nodr-license',
  timestamp: 'x-nodr-timestamp',
  signature: 'x-nodr-signature',
} as const;

/**
 * How far a request's timestamp may be from the server's clock (docs/node-protocol.md). Behind: a request may wait a
 * while in a queue or a proxy. Ahead: little, because every accepted timestamp becomes the node's replay mark, and
 * a mark far ahead would refuse the node's correctly dated requests until the clock caught up.
 */
export const NODE_CLOCK = {
  maxBehindMs: 5 * 60_000,
  maxAheadMs: 60_000,
} as const;

/** The exact bytes a node signs: the millisecond timestamp, a dot, and the raw request body. */
export function signedPayload(timestampMs: number | string, rawBody: string): string {
  return `${timestampMs}.${rawBody}`;
}

/** Signs a request body the way the node agent does: ECDSA P-256 with SHA-256, DER, base64. */
export function signNodeRequest(
  privateKeyPem: string | KeyObject,
  timestampMs: number,
  rawBody: string,
): string {
  const key = typeof privateKeyPem === 'string' ? createPrivateKey(privateKeyPem) : privateKeyPem;
  return createSign('sha256').update(signedPayload(timestampMs, rawBody)).sign(key, 'base64');
}

/** Headers for a signed node request. */
export function nodeRequestHeaders(
  licenseKey: string,
  privateKeyPem: string | KeyObject,
  rawBody: string,
  timestampMs = Date.now(),
): Record<string, string> {
  return {
    'content-type': 'application/json',
    [NODE_HEADERS.license]: licenseKey,
    [NODE_HEADERS.timestamp]: String(timestampMs),
    [NODE_HEADERS.signature]: signNodeRequest(privateKeyPem, timestampMs, rawBody),
  };
}

export function verifyNodeSignature(
  publicKeyPem: string,
  timestampMs: string,
  rawBody: string,
  signature: string,
): boolean {
  try {
    return createVerify('sha256')
      .update(signedPayload(timestampMs, rawBody))
      .verify(createPublicKey(publicKeyPem), Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}
