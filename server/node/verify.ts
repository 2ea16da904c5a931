import { and, eq, lt } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { NODE_HEADERS, verifyNodeSignature } from '../../contracts/node-signing.ts';
import { NODE_STATUS } from '../../contracts/node-status.ts';
import type { Deps } from '../app.ts';
import { nodes } from '../db/schema.ts';
import { HttpError } from '../lib/errors.ts';

export type NodeRow = typeof nodes.$inferSelect;

/** spec for the node side (issue 3): a timestamp more than 5 minutes off is refused. */
export const MAX_CLOCK_SKEW_MS = 5 * 60_000;

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
 * Authenticates a node-facing request (docs/node-protocol.md): known license key, fresh timestamp, a valid
 * ECDSA P-256 signature over `<timestamp>.<raw body>` by the node's registered key, and a timestamp newer than the
 * node's last accepted one (replay guard, advanced atomically). Returns the node.
 */
export async function verifyNodeRequest(deps: Deps, request: FastifyRequest): Promise<NodeRow> {
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
  if (Math.abs(deps.clock.now().getTime() - timestampMs) > MAX_CLOCK_SKEW_MS) {
    throw unauthorizedNode(
      'stale_timestamp',
      'The timestamp is more than 5 minutes off; check the node clock.',
    );
  }
  if (license.length > 200) throw unauthorizedNode('unknown_node', 'Unknown license key.');
  const [node] = await deps.db.select().from(nodes).where(eq(nodes.licenseKey, license)).limit(1);
  if (!node || node.status === NODE_STATUS.deleted)
    throw unauthorizedNode('unknown_node', 'Unknown license key.');
  if (!verifyNodeSignature(node.publicKey, timestamp, request.rawBody ?? '', signature)) {
    throw unauthorizedNode('bad_signature', 'The signature does not match the key registered for this node.');
  }
  // Conditional update: of two requests with the same timestamp, exactly one advances the mark.
  const advanced = await deps.db
    .update(nodes)
    .set({ lastRequestMs: timestampMs, lastSeenAt: deps.clock.now() })
    .where(and(eq(nodes.id, node.id), lt(nodes.lastRequestMs, timestampMs)))
    .returning({ id: nodes.id });
  if (advanced.length === 0) {
    throw unauthorizedNode(
      'replayed',
      'This request was already accepted (timestamp not newer than the last one).',
    );
  }
  return { ...node, lastRequestMs: timestampMs };
}
