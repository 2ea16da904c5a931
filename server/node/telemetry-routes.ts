import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { badRequest, conflict } from '../lib/errors.ts';
import { ingestTelemetry } from '../stats/ingest.service.ts';
import type { MinutePoint } from '../stats/stats.repository.ts';
import { verifyNodeRequest } from './verify.ts';

/** A day of minutes: a node that was offline for a day catches up in one request. */
export const MAX_POINTS_PER_BATCH = 1440;
/** 1 TB in a minute (about 133 Gbit/s) is far above any node; larger counters are a broken agent. */
const MAX_BYTES_PER_MINUTE = 1_000_000_000_000;

const bytes = { type: 'integer', minimum: 0, maximum: MAX_BYTES_PER_MINUTE } as const;

const telemetryBody = {
  type: 'object',
  required: ['points'],
  properties: {
    points: {
      type: 'array',
      minItems: 1,
      maxItems: MAX_POINTS_PER_BATCH,
      items: {
        type: 'object',
        required: ['ts', 'uplink', 'delivered', 'input', 'viewers', 'quality'],
        properties: {
          // Unix seconds at the start of the minute: a timestamp inside a minute is refused.
          ts: { type: 'integer', minimum: 0, maximum: 100_000_000_000, multipleOf: 60 },
          uplink: bytes,
          delivered: bytes,
          input: bytes,
          viewers: { type: 'integer', minimum: 0, maximum: 100_000_000 },
          quality: { type: 'number', minimum: 0, maximum: 100 },
        },
      },
    },
  },
} as const;

const FIELDS = telemetryBody.properties.points.items.required;

/**
 * The server's JSON schema coerces types (null or true would become a number); a node's counters must be JSON
 * numbers, so anything else is refused before validation. Missing fields are left to the schema.
 */
function refuseNonNumbers(request: FastifyRequest): void {
  const points = (request.body as { points?: unknown } | null)?.points;
  if (!Array.isArray(points)) return;
  for (const point of points) {
    if (typeof point !== 'object' || point === null) return;
    for (const field of FIELDS) {
      const value = (point as Record<string, unknown>)[field];
      if (value !== undefined && typeof value !== 'number') {
        throw badRequest('invalid_request', `Invalid request: body/points ${field} must be a number`);
      }
    }
  }
}

/** POST v1/telemetry of the node protocol (issue 4, docs/node-protocol.md). */
export const telemetryRoutes: FastifyPluginAsync = async (app) => {
  const options = {
    schema: { body: telemetryBody },
    preValidation: async (request: FastifyRequest) => refuseNonNumbers(request),
  };
  app.post<{ Body: { points: MinutePoint[] } }>('/v1/telemetry', options, async (request) => {
    const { deps } = app;
    const node = await verifyNodeRequest(deps, request);
    if (node.status !== 10) throw conflict('node_not_active', 'Only an active node reports telemetry.');
    return ingestTelemetry(deps.db, node.id, request.body.points, {
      nowSeconds: Math.floor(deps.clock.now().getTime() / 1000),
      minuteRetentionDays: deps.config.retention.minuteDays,
    });
  });
};
