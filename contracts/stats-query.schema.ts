import { type Static, Type } from 'typebox';
import { ISO_UTC_PATTERN } from './stats-range.ts';
import { closed, idSchema, safeString } from './wire.schema.ts';

const seconds = Type.Number({ minimum: 0, maximum: 100_000_000_000, description: 'Unix seconds' });

/** Optional beside the spec's fields: asks for each node's own series and totals too (docs/api-stats.md). */
const perNode = Type.Optional(
  Type.Boolean({
    description:
      "true: add each node's buckets and totals (perNode); absent or false, the answer is the spec's, byte for byte",
  }),
);

const licenceKeys = Type.Array(safeString({ minLength: 1, maxLength: 200 }), { minItems: 1, maxItems: 100 });

/** spec 7: the body of POST {stats}v1/nodr/{period}; clientId is the team id, licenceKey the nodes' license keys. */
export const StatsQuerySchema = Type.Object(
  {
    endTimestamp: seconds,
    startTimestamp: seconds,
    clientId: idSchema,
    licenceKey: licenceKeys,
    perNode,
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

const isoUtc = (description: string) =>
  Type.String({ pattern: ISO_UTC_PATTERN, maxLength: 20, description, examples: ['2026-03-01T00:00:00Z'] });

/** The body of POST {stats}v1/nodr/range: the spec's body with the window as ISO UTC instants, `[from, to)`. */
export const StatsRangeQuerySchema = Type.Object(
  {
    from: isoUtc('The first instant of the range, UTC'),
    to: isoUtc('The end of the range (excluded), UTC'),
    clientId: idSchema,
    licenceKey: licenceKeys,
    perNode,
  },
  {
    ...closed,
    examples: [
      {
        from: '2026-01-01T00:00:00Z',
        to: '2026-02-15T00:00:00Z',
        clientId: 7,
        licenceKey: ['NODR-7F3A-91C2'],
      },
    ],
  },
);
export type StatsRangeQuery = Static<typeof StatsRangeQuerySchema>;
