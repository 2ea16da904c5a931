import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CheckBodySchema,
  type HeartbeatBody,
  NODE_VERSION_PROPERTIES,
} from '../../contracts/node-protocol.schema.ts';
import { nullableStrictObject } from '../lib/input-schema.ts';
import { checkAnswer, heartbeatAnswer } from './protocol-schemas.ts';
import { createVerificationService } from './verification.service.ts';
import { verifyNodeRequest } from './verify.ts';

// Optional fields: agents from before the versions send an empty body, or none.
const heartbeatBody = nullableStrictObject(NODE_VERSION_PROPERTIES);

/** POST v1/check and POST v1/heartbeat of the node protocol (docs/node-protocol.md), signed by the node. */
export const hardwareRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const verification = createVerificationService(app.deps);
  app.post(
    '/v1/check',
    {
      schema: {
        summary: "Report the host's hardware; answers the check",
        body: CheckBodySchema,
        response: checkAnswer,
      },
    },
    async (request) => {
      const node = await verifyNodeRequest(app.deps, request);
      return verification.recordCheck(node, request.body);
    },
  );

  app.post(
    '/v1/heartbeat',
    {
      schema: {
        summary: "A node's heartbeat; answers its status",
        body: heartbeatBody,
        response: heartbeatAnswer,
      },
    },
    async (request) => {
      const node = await verifyNodeRequest(app.deps, request);
      const body: HeartbeatBody = request.body ?? {};
      return verification.heartbeat(node, body);
    },
  );
};
