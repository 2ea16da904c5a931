import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { type StatsAnswer, StatsAnswerSchema } from '../../contracts/stats-answer.schema.ts';
import { CSV_CONTENT_TYPE, CSV_MEDIA_TYPE, STATS_FORMATS } from '../../contracts/stats-csv.ts';
import { STATS_PERIODS, type StatsQuery } from '../../contracts/stats-periods.ts';
import { ISO_UTC_PATTERN, type StatsRangeQuery } from '../../contracts/stats-range.ts';
import { agreeing, answers } from '../lib/answer-schemas.ts';
import { idSchema, safeString, strictObject } from '../lib/input-schema.ts';
import { READ_ONLY_POST, requireSession } from '../plugins/session.ts';
import { createStatsService } from './stats.service.ts';
import { statsFormatOf } from './stats-format.ts';

const seconds = Type.Number({ minimum: 0, maximum: 100_000_000_000 });

/** Optional beside the spec's fields: asks for each node's own series and totals too (docs/api-stats.md). */
const perNode = Type.Optional(
  Type.Boolean({ description: "true: add each node's buckets and totals (perNode)" }),
);

const licenceKeys = Type.Array(safeString({ minLength: 1, maxLength: 200 }), { minItems: 1, maxItems: 100 });

const statsBody = agreeing<StatsQuery>()(
  strictObject(
    { endTimestamp: seconds, startTimestamp: seconds, clientId: idSchema, licenceKey: licenceKeys, perNode },
    {
      examples: [
        {
          startTimestamp: 1_795_305_600,
          endTimestamp: 1_795_392_000,
          clientId: 7,
          licenceKey: ['NODR-7F3A-91C2'],
        },
      ],
    },
  ),
);

const isoUtc = (description: string) =>
  Type.String({ pattern: ISO_UTC_PATTERN, maxLength: 20, description, examples: ['2026-03-01T00:00:00Z'] });

const rangeBody = agreeing<StatsRangeQuery>()(
  strictObject(
    {
      from: isoUtc('The first instant of the range, UTC'),
      to: isoUtc('The end of the range (excluded), UTC'),
      clientId: idSchema,
      licenceKey: licenceKeys,
      perNode,
    },
    {
      examples: [
        {
          from: '2026-01-01T00:00:00Z',
          to: '2026-02-15T00:00:00Z',
          clientId: 7,
          licenceKey: ['NODR-7F3A-91C2'],
        },
      ],
    },
  ),
);

/** `?format=csv` asks for the CSV export (docs/api-stats.md). */
const statsQuerystring = Type.Object(
  { format: Type.Optional(Type.Union(STATS_FORMATS.map((format) => Type.Literal(format)))) },
  { additionalProperties: false },
);

/** JSON by default; with `?format=csv` or `Accept: text/csv`, the CSV export (one row per bucket). */
const statsAnswer = answers({
  200: Type.Unsafe<StatsAnswer | Readable>({
    description: 'The statistics of the window, as JSON or as CSV',
    content: {
      'application/json': { schema: StatsAnswerSchema },
      [CSV_MEDIA_TYPE]: {
        schema: { type: 'string', description: 'One row per bucket (contracts/stats-csv.ts)' },
      },
    },
  }),
});

/**
 * Form bodies may carry the keys as a repeated `licenceKey` field, as `licenceKey[]`, or as one field holding a
 * JSON array; JSON bodies send an array. All become `licenceKey: string[]` before validation.
 */
async function normaliseLicenceKeys(request: FastifyRequest): Promise<void> {
  const body = request.body as Record<string, unknown> | null | undefined;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return;
  if (body.licenceKey === undefined && body['licenceKey[]'] !== undefined) {
    body.licenceKey = body['licenceKey[]'];
    delete body['licenceKey[]'];
  }
  const value = body.licenceKey;
  if (typeof value === 'string' && value.trim().startsWith('[')) {
    try {
      body.licenceKey = JSON.parse(value);
    } catch {
      // Left as it is: validation refuses it as a key list of one malformed key, or the key check does.
    }
  }
}

/** spec 7, statistics service: POST v1/nodr/day | week | month (Bearer), as JSON or as CSV. */
export const statsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const stats = createStatsService(app.deps);
  for (const period of STATS_PERIODS) {
    app.post(
      `/v1/nodr/${period}`,
      {
        config: READ_ONLY_POST,
        schema: {
          summary: `Statistics of the ${period} window`,
          body: statsBody,
          querystring: statsQuerystring,
          response: statsAnswer,
        },
        preValidation: [requireSession, normaliseLicenceKeys],
      },
      async (request, reply) => {
        // The answer depends on Accept: a cache in between must keep the two apart.
        reply.header('vary', 'Accept');
        if (statsFormatOf(request.query.format, request.headers.accept) === 'csv') {
          const csv = await stats.exportCsv(request.caller, period, request.body);
          return reply
            .type(CSV_CONTENT_TYPE)
            .header('content-disposition', `attachment; filename="${csv.fileName}"`)
            .send(csv.body);
        }
        const text = await stats.loadStats(request.caller, period, request.body);
        // The database writes the answer as JSON text (stats.repository.ts), sent as it is; its shape is the
        // schema above, which the server tests check every answer against.
        return reply.type('application/json; charset=utf-8').send(text as unknown as StatsAnswer);
      },
    );
  }

  // A custom range (docs/api-stats.md): a fourth call beside the spec's three, which stay as they are.
  app.post(
    '/v1/nodr/range',
    {
      config: READ_ONLY_POST,
      schema: {
        summary: 'Statistics of a custom range of up to 400 days',
        body: rangeBody,
        querystring: statsQuerystring,
        response: statsAnswer,
      },
      preValidation: [requireSession, normaliseLicenceKeys],
    },
    async (request, reply) => {
      reply.header('vary', 'Accept');
      if (statsFormatOf(request.query.format, request.headers.accept) === 'csv') {
        const csv = await stats.exportRangeCsv(request.caller, request.body);
        return reply
          .type(CSV_CONTENT_TYPE)
          .header('content-disposition', `attachment; filename="${csv.fileName}"`)
          .send(csv.body);
      }
      const text = await stats.loadRange(request.caller, request.body);
      return reply.type('application/json; charset=utf-8').send(text as unknown as StatsAnswer);
    },
  );
};
