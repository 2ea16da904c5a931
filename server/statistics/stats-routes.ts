import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { type StatsAnswer, StatsAnswerSchema } from '../../contracts/stats-answer.schema.ts';
import { CSV_CONTENT_TYPE, CSV_MEDIA_TYPE, STATS_FORMATS } from '../../contracts/stats-csv.ts';
import { STATS_PERIODS } from '../../contracts/stats-periods.ts';
import { StatsQuerySchema, StatsRangeQuerySchema } from '../../contracts/stats-query.schema.ts';
import { answers } from '../lib/answer-schemas.ts';
import { sendPrecompressed } from '../plugins/compression.ts';
import { READ_ONLY_POST, requireSession } from '../plugins/session.ts';
import { createStatsService } from './stats.service.ts';
import { statsFormatOf } from './stats-format.ts';

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
          body: StatsQuerySchema,
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
        const answer = await stats.loadStats(request.caller, period, request.body);
        // The database writes the answer as JSON text (stats.repository.ts), sent as it is; its shape is the
        // schema above, which the server tests check every answer against.
        return sendPrecompressed(request, reply.type('application/json; charset=utf-8'), answer);
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
        body: StatsRangeQuerySchema,
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
      const answer = await stats.loadRange(request.caller, request.body);
      return sendPrecompressed(request, reply.type('application/json; charset=utf-8'), answer);
    },
  );
};
