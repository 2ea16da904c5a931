import { type Static, Type } from 'typebox';
import { closed } from './wire.schema.ts';

/** The answers of the node protocol (docs/node-protocol.md); its request bodies are in contracts/node-protocol.ts. */

/** Answer of POST v1/heartbeat: the node's status (contracts/node-status.ts). */
export const HeartbeatAnswerSchema = Type.Object({ status: Type.Integer() }, closed);
export type HeartbeatAnswer = Static<typeof HeartbeatAnswerSchema>;

/** Answer of POST v1/telemetry. */
export const TelemetryAnswerSchema = Type.Object(
  {
    accepted: Type.Integer({ description: 'minutes stored now' }),
    duplicates: Type.Integer({ description: 'minutes already stored, or repeated within the batch' }),
    skipped: Type.Integer({
      description: 'minutes older than the retention or more than 5 minutes ahead: dropped, not an error',
    }),
  },
  closed,
);
export type TelemetryAnswer = Static<typeof TelemetryAnswerSchema>;
