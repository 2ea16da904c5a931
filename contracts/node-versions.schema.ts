import { type Static, Type } from 'typebox';
import { closed, nullable } from './wire.schema.ts';

/** Fields each node of the list answer gains beside the health fields; no field the spec names changes. */
export const NodeVersionFieldsSchema = Type.Object(
  {
    agentVersion: nullable(
      Type.String({
        description: "The agent's version from its last check or heartbeat; null until one says.",
      }),
    ),
    updateAvailable: Type.Boolean({
      description: "The agent is older than the server's latest (AGENT_LATEST_VERSION); false when unknown.",
    }),
  },
  closed,
);
export type NodeVersionFields = Static<typeof NodeVersionFieldsSchema>;
