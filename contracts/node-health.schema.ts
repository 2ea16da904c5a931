import { type Static, Type } from 'typebox';
import { closed, Moment, nullable } from './wire.schema.ts';

/** The health of an active node on the wire (rules and names: contracts/node-health.ts). */

/** Fields each node of the list answer (POST v1/nodres/team/{teamId}) gains; no field the spec names changes. */
export const NodeHealthFieldsSchema = Type.Object(
  {
    lastSeenAt: nullable(
      Type.String({ format: 'date-time', description: 'Last signed request; null before the first.' }),
    ),
    online: nullable(Type.Boolean({ description: 'For status 10 only; null for every other status.' })),
    offlineSince: nullable(
      Type.String({ format: 'date-time', description: 'When an active node was marked offline.' }),
    ),
  },
  closed,
);
export type NodeHealthFields = Static<typeof NodeHealthFieldsSchema>;

/** The JSON `data` of a health event (`event: health`): one node went offline or came back. */
export const NodeHealthEventSchema = Type.Object(
  { nodeId: Type.Integer(), online: Type.Boolean(), lastSeenAt: nullable(Moment), at: Moment },
  closed,
);
export type NodeHealthEvent = Static<typeof NodeHealthEventSchema>;

/** One recorded transition, newest first in `GET v1/nodres/team/{teamId}/{nodrId}/health`. */
export const NodeHealthTransitionSchema = Type.Object({ online: Type.Boolean(), at: Moment }, closed);
export type NodeHealthTransition = Static<typeof NodeHealthTransitionSchema>;

/** The answer of `GET v1/nodres/team/{teamId}/{nodrId}/health` (main API, bearer token). */
export const NodeHealthAnswerSchema = Type.Object(
  {
    lastSeenAt: nullable(Moment),
    online: nullable(Type.Boolean()),
    transitions: Type.Array(NodeHealthTransitionSchema),
  },
  closed,
);
export type NodeHealthAnswer = Static<typeof NodeHealthAnswerSchema>;
