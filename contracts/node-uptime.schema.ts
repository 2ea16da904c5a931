import { type Static, Type } from 'typebox';
import { closed, nullable } from './wire.schema.ts';

/** A fraction of active time online, 0 to 1; null when the node was not active in the span. */
const Fraction = nullable(Type.Number({ minimum: 0, maximum: 1 }));

/** A node's uptime history (rules and windows: contracts/node-uptime.ts). */
export const NodeUptimeSchema = Type.Object(
  {
    day: Fraction,
    week: Fraction,
    month: Fraction,
    days: Type.Array(Fraction, {
      description: 'One per UTC day, the oldest first; the last is today so far.',
    }),
  },
  closed,
);
export type NodeUptime = Static<typeof NodeUptimeSchema>;
/** The field each node of the list answer gains beside the health and version fields; no field the spec names changes. */
export const NodeUptimeFieldsSchema = Type.Object(
  {
    uptime: {
      ...NodeUptimeSchema,
      description: 'Time online over time active over 24 h, 7 d, 30 d, and per UTC day for 30 days.',
    },
  },
  closed,
);
