import type { FastifyPluginAsync } from 'fastify';
import { assertJsonDepth } from '../lib/json-body.ts';
import { hardwareRoutes } from './hardware-routes.ts';
import { telemetryRoutes } from './telemetry-routes.ts';

/**
 * Node-facing endpoints (docs/node-protocol.md), mounted at /api/node/. Bodies are JSON and kept raw, because the
 * signature covers the exact bytes sent.
 */
export const nodeProtocol: FastifyPluginAsync = async (app) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: 512 * 1024 },
    (request, body, done) => {
      request.rawBody = body as string;
      try {
        assertJsonDepth(body as string);
      } catch (error) {
        done(error as Error, undefined);
        return;
      }
      try {
        done(null, body === '' ? {} : JSON.parse(body as string));
      } catch {
        const error = Object.assign(new Error('The body is not valid JSON.'), {
          statusCode: 400,
          code: 'invalid_json',
        });
        done(error, undefined);
      }
    },
  );
  await app.register(hardwareRoutes);
  await app.register(telemetryRoutes);
};
