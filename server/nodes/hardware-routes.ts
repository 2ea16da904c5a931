import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { CheckBody, HeartbeatBody } from '../../contracts/node-protocol.ts';
import { OS_CODES } from '../../contracts/node-rules.ts';
import { VERSION_MAX_LENGTH, VERSION_PATTERN } from '../../contracts/node-versions.ts';
import { agreeing } from '../lib/answer-schemas.ts';
import { nullableStrictObject, safeString, strictObject } from '../lib/input-schema.ts';
import { checkAnswer, heartbeatAnswer } from './protocol-schemas.ts';
import { createVerificationService } from './verification.service.ts';
import { verifyNodeRequest } from './verify.ts';

const bytes = Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER });
const version = (description: string) =>
  Type.Optional(Type.String({ maxLength: VERSION_MAX_LENGTH, pattern: VERSION_PATTERN, description }));
// Optional: agents from before the versions send neither, and are still accepted.
const versions = {
  agentVersion: version("The agent's version, e.g. 1.4.2"),
  softwareVersion: version("The node software's version, where the agent knows it"),
};
const reportBody = agreeing<CheckBody>()(
  strictObject({
    storage: bytes,
    ram: bytes,
    ip: safeString({ maxLength: 64 }),
    os: Type.Integer({ enum: OS_CODES }),
    bandwidth: bytes,
    ...versions,
  }),
);
const heartbeatBody = nullableStrictObject(versions);

/** POST v1/check and POST v1/heartbeat of the node protocol (docs/node-protocol.md), signed by the node. */
export const hardwareRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const verification = createVerificationService(app.deps);
  app.post(
    '/v1/check',
    {
      schema: {
        summary: "Report the host's hardware; answers the check",
        body: reportBody,
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
