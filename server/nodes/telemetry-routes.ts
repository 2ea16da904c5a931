import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { TelemetryBodySchema } from '../../contracts/node-protocol.schema.ts';
import { NODE_STATUS } from '../../contracts/node-status.ts';
import { conflict } from '../lib/errors.ts';
import { createIngestService } from '../statistics/index.ts';
import { telemetryAnswer } from './protocol-schemas.ts';
import { verifyNodeRequest } from './verify.ts';

/** POST v1/telemetry of the node protocol (docs/node-protocol.md). */
export const telemetryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ingest = createIngestService(app.deps);
  app.addHook('onClose', async () => ingest.flushNotices());
  const options = {
    schema: {
      summary: 'Minute traffic points of an active node',
      // JSON bodies are taken as typed (server/lib/validation.ts): a counter sent as null, true or "5" is refused.
      body: TelemetryBodySchema,
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
