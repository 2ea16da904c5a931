import type { FastifyPluginAsync } from 'fastify';
import type { HardwareReport } from '../../contracts/node-protocol.ts';
import { OS_CODES } from '../../contracts/node-rules.ts';
import { heartbeat, recordCheck } from '../api/verification.service.ts';
import { noBody, safeString, strictObject } from '../lib/input-schema.ts';
import { verifyNodeRequest } from './verify.ts';

const bytes = { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER } as const;

/** POST v1/check and POST v1/heartbeat of the node protocol (docs/node-protocol.md), signed by the node. */
export const hardwareRoutes: FastifyPluginAsync = async (app) => {
  app.post<{ Body: HardwareReport }>(
    '/v1/check',
    {
      schema: {
        body: strictObject(
          {
            storage: bytes,
            ram: bytes,
            ip: safeString({ maxLength: 64 }),
            os: { type: 'integer', enum: OS_CODES },
            bandwidth: bytes,
          },
          ['storage', 'ram', 'ip', 'os', 'bandwidth'],
        ),
      },
    },
    async (request) => {
      const node = await verifyNodeRequest(app.deps, request);
      return recordCheck(app.deps, node, request.body);
    },
  );

  app.post('/v1/heartbeat', { schema: { body: noBody } }, async (request) =>
    heartbeat(app.deps, await verifyNodeRequest(app.deps, request)),
  );
};
