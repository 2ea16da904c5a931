import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { CSV_CONTENT_TYPE, STATS_FORMATS, type StatsFormat } from '../../contracts/stats-csv.ts';
import { STATS_PERIODS, type StatsQuery } from '../../contracts/stats-periods.ts';
import { idSchema, safeString, strictObject } from '../lib/input-schema.ts';
import { requireSession } from '../plugins/session.ts';
import { createStatsService } from './stats.service.ts';
import { statsFormatOf } from './stats-format.ts';

const seconds = { type: 'number', minimum: 0, maximum: 100_000_000_000 } as const;

const statsBody = strictObject(
  {
    endTimestamp: seconds,
    startTimestamp: seconds,
    clientId: idSchema,
    licenceKey: {
      type: 'array',
      minItems: 1,
      maxItems: 100,
      items: safeString({ minLength: 1, maxLength: 200 }),
    },
  },
  ['endTimestamp', 'startTimestamp', 'clientId', 'licenceKey'],
);

/** Issue 13 section 4: `?format=csv` asks for the CSV export (docs/api-stats.md). */
const statsQuerystring = Type.Object(
  { format: Type.Optional(Type.Union(STATS_FORMATS.map((format) => Type.Literal(format)))) },
  { additionalProperties: false },
);

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

/** spec 7, statistics service: POST v1/nodr/day | week | month (Bearer), as JSON or (issue 13) as CSV. */
export const statsRoutes: FastifyPluginAsync = async (app) => {
  const stats = createStatsService(app.deps.db);
  for (const period of STATS_PERIODS) {
    app.post<{ Body: StatsQuery; Querystring: { format?: StatsFormat } }>(
      `/v1/nodr/${period}`,
      {
        schema: { body: statsBody, querystring: statsQuerystring },
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
        return reply
          .type('application/json; charset=utf-8')
          .send(await stats.loadStats(request.caller, period, request.body));
      },
    );
  }
};
