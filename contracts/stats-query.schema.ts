import { type Static, Type } from 'typebox';
import { closed, idSchema, safeString } from './wire.schema.ts';

const seconds = Type.Number({ minimum: 0, maximum: 100_000_000_000, description: 'Unix seconds' });

/** spec 7: the body of POST {stats}v1/nodr/{period}; clientId is the team id, licenceKey the nodes' license keys. */
export const StatsQuerySchema = Type.Object(
  {
    endTimestamp: seconds,
    startTimestamp: seconds,
    clientId: idSchema,
    licenceKey: Type.Array(safeString({ minLength: 1, maxLength: 200 }), { minItems: 1, maxItems: 100 }),
  },
  {
    ...closed,
    examples: [
      {
        startTimestamp: 1_795_305_600,
        endTimestamp: 1_795_392_000,
        clientId: 7,
        licenceKey: ['NODR-7F3A-91C2'],
      },
    ],
  },
);
export type StatsQuery = Static<typeof StatsQuerySchema>;
