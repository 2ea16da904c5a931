import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { MAX_POINTS_PER_REQUEST, type TelemetryPoint } from '../../contracts/node-protocol.ts';
import { NODE_STATUS } from '../../contracts/node-status.ts';
import { agreeing } from '../lib/answer-schemas.ts';
import { conflict } from '../lib/errors.ts';
import { strictObject } from '../lib/input-schema.ts';
import { createIngestService } from '../statistics/index.ts';
import { telemetryAnswer } from './protocol-schemas.ts';
import { verifyNodeRequest } from './verify.ts';

/** 1 TB in a minute (about 133 Gbit/s) is far above any node; larger counters are a broken agent. */
const MAX_BYTES_PER_MINUTE = 1_000_000_000_000;

const bytes = Type.Integer({ minimum: 0, maximum: MAX_BYTES_PER_MINUTE });

// JSON bodies are taken as typed (server/lib/validation.ts): a counter sent as null, true or "5" is refused.
const point = agreeing<TelemetryPoint>()(
  strictObject({
    // Unix seconds at the start of the minute: a timestamp inside a minute is refused.
    ts: Type.Integer({ minimum: 0, maximum: 100_000_000_000, multipleOf: 60 }),
    uplink: bytes,
    delivered: bytes,
    input: bytes,
    viewers: Type.Integer({ minimum: 0, maximum: 100_000_000 }),
    quality: Type.Number({ minimum: 0, maximum: 100 }),
  }),
);
const telemetryBody = strictObject(
  { points: Type.Array(point, { minItems: 1, maxItems: MAX_POINTS_PER_REQUEST }) },
  {
    examples: [
      {
        points: [
          {
            ts: 1_795_305_600,
            uplink: 52_428_800,
            delivered: 209_715_200,
            input: 157_286_400,
            viewers: 120,
            quality: 97.5,
          },
        ],
      },
    ],
  },
);

/** POST v1/telemetry of the node protocol (docs/node-protocol.md). */
export const telemetryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ingest = createIngestService(app.deps);
  app.addHook('onClose', async () => ingest.flushNotices());
  const options = {
    schema: {
      summary: 'Minute traffic points of an active node',
      body: telemetryBody,
      response: telemetryAnswer,
    },
  };
  app.post('/v1/telemetry', options, async (request) => {
    const { deps } = app;
    const node = await verifyNodeRequest(deps, request);
    if (node.status !== NODE_STATUS.active)
      throw conflict('node_not_active', 'Only an active node reports telemetry.');
    const result = await ingest.ingestTelemetry(node, request.body.points, {
      nowSeconds: Math.floor(deps.clock.now().getTime() / 1000),
      minuteRetentionDays: deps.config.retention.minuteDays,
    });
    deps.metrics.telemetryPoints.inc(result.accepted);
    return result;
  });
};
