import type { FastifyRequest } from 'fastify';
import { NODE_CLOCK, NODE_HEADERS, verifyNodeSignature } from '../../contracts/node-signing.ts';
import { NODE_STATUS } from '../../contracts/node-status.ts';
import type { Deps } from '../deps.ts';
import { HttpError, retryLater } from '../lib/errors.ts';
import { createLimiters } from '../lib/rate-limiter.ts';
import { NODE_LIMITS } from './node-limits.ts';
import { advanceRequestMark, findByLicense, type NodeRow } from './nodes.repository.ts';

export type { NodeRow };

declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: string;
  }
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}

const unauthorizedNode = (code: string, message: string) => new HttpError(401, code, message);

/**
 * Authenticates node-facing requests (docs/node-protocol.md): known license key, a timestamp inside the clock window,
 * a valid ECDSA P-256 signature over `<timestamp>.<raw body>` by the node's registered key, and a timestamp newer
 * than the node's last accepted one (replay guard, advanced atomically), within the limits of node-limits.ts.
 */
export async function verifyNodeRequest(deps: Deps, request: FastifyRequest): Promise<NodeRow> {
  const { db, clock } = deps;
  // Counters live in the database: these are just handles on them.
  const limits = createLimiters(db, 'node', NODE_LIMITS, () => clock.now().getTime());

  /** A refusal that suggests guessing (an unknown licence, a wrong signature): counted against the address. */
  async function refuseGuess(code: string, message: string): Promise<never> {
    await limits.badSignaturesPerIp.hit(request.ip);
    throw unauthorizedNode(code, message);
  }

  const license = header(request, NODE_HEADERS.license);
  const timestamp = header(request, NODE_HEADERS.timestamp);
  const signature = header(request, NODE_HEADERS.signature);
  if (!license || !timestamp || !signature) {
    throw unauthorizedNode(
      'missing_signature',
      'Signed node requests need the license, timestamp and signature headers.',
    );
  }
  if (!/^\d{1,16}$/.test(timestamp))
    throw unauthorizedNode('bad_timestamp', 'The timestamp must be Unix milliseconds.');
  const timestampMs = Number(timestamp);
  const now = clock.now().getTime();
  if (timestampMs < now - NODE_CLOCK.maxBehindMs || timestampMs > now + NODE_CLOCK.maxAheadMs) {
    throw unauthorizedNode(
      'stale_timestamp',
      `The timestamp is more than ${NODE_CLOCK.maxBehindMs / 60_000} minutes behind or ${NODE_CLOCK.maxAheadMs / 1000} seconds ahead of the server clock; check the node clock.`,
    );
  }
  const wait = await limits.badSignaturesPerIp.waitMs(request.ip);
  if (wait > 0) throw retryLater(wait);
  if (license.length > 200) return refuseGuess('unknown_node', 'Unknown license key.');
  const node = await findByLicense(db, license);
  if (!node || node.status === NODE_STATUS.deleted)
    return refuseGuess('unknown_node', 'Unknown license key.');
  if (!verifyNodeSignature(node.publicKey, timestamp, request.rawBody ?? '', signature)) {
    return refuseGuess('bad_signature', 'The signature does not match the key registered for this node.');
  }
  const allowance = await limits.perLicence.count(license);
  if (allowance.over) throw retryLater(allowance.retryAfterMs);
  // Of two requests with the same timestamp, exactly one advances the mark. A mark beyond the clock window (left by
  // a server that accepted any skew) proves nothing and is replaced.
  if (!(await advanceRequestMark(db, node.id, timestampMs, clock.now(), now + NODE_CLOCK.maxAheadMs))) {
    throw unauthorizedNode(
      'replayed',
      'This request was already accepted (timestamp not newer than the last one).',
    );
  }
  return node;
}
