import type { FastifyPluginAsync } from 'fastify';
import { MAX_POINTS_PER_REQUEST } from '../../contracts/node-protocol.ts';
import { NODE_STATUS } from '../../contracts/node-status.ts';
import { conflict } from '../lib/errors.ts';
import { strictObject } from '../lib/input-schema.ts';
import { createIngestService } from '../stats/ingest.service.ts';
import type { MinutePoint } from '../stats/stats.repository.ts';
import { verifyNodeRequest } from './verify.ts';

/** 1 TB in a minute (about 133 Gbit/s) is far above any node; larger counters are a broken agent. */
const MAX_BYTES_PER_MINUTE = 1_000_000_000_000;

const bytes = { type: 'integer', minimum: 0, maximum: MAX_BYTES_PER_MINUTE } as const;

// JSON bodies are taken as typed (server/lib/validation.ts): a counter sent as null, true or "5" is refused.
const point = strictObject(
  {
    // Unix seconds at the start of the minute: a timestamp inside a minute is refused.
    ts: { type: 'integer', minimum: 0, maximum: 100_000_000_000, multipleOf: 60 },
    uplink: bytes,
    delivered: bytes,
    input: bytes,
    viewers: { type: 'integer', minimum: 0, maximum: 100_000_000 },
    quality: { type: 'number', minimum: 0, maximum: 100 },
  },
  ['ts', 'uplink', 'delivered', 'input', 'viewers', 'quality'],
);
const telemetryBody = strictObject(
  { points: { type: 'array', minItems: 1, maxItems: MAX_POINTS_PER_REQUEST, items: point } },
  ['points'],
);

/** POST v1/telemetry of the node protocol (issue 4, docs/node-protocol.md). */
export const telemetryRoutes: FastifyPluginAsync = async (app) => {
  const ingest = createIngestService(app.deps);
  const options = { schema: { body: telemetryBody } };
  app.post<{ Body: { points: MinutePoint[] } }>('/v1/telemetry', options, async (request) => {
    const { deps } = app;
    const node = await verifyNodeRequest(deps, request);
    if (node.status !== NODE_STATUS.active)
      throw conflict('node_not_active', 'Only an active node reports telemetry.');
    const result = await ingest.ingestTelemetry(node.id, request.body.points, {
      nowSeconds: Math.floor(deps.clock.now().getTime() / 1000),
      minuteRetentionDays: deps.config.retention.minuteDays,
    });
    deps.metrics.telemetryPoints.inc(result.accepted);
    return result;
  });
};
