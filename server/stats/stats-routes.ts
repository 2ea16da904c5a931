import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { STATS_PERIODS, type StatsQuery } from '../../contracts/stats-periods.ts';
import { authenticate } from '../lib/authenticate.ts';
import { idSchema, safeString, strictObject } from '../lib/input-schema.ts';
import { loadStats } from './stats.service.ts';

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

/**
 * Form bodies may carry the keys as a repeated `licenceKey` field, as `licenceKey[]`, or as one field holding a
 * JSON array; JSON bodies send an array. All become `licenceKey: string[]` before validation.
 */
function normaliseLicenceKeys(request: FastifyRequest): void {
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

/** spec 7, statistics service: POST v1/nodr/day | week | month (Bearer). */
export const statsRoutes: FastifyPluginAsync = async (app) => {
  for (const period of STATS_PERIODS) {
    app.post<{ Body: StatsQuery }>(
      `/v1/nodr/${period}`,
      {
        schema: { body: statsBody },
        preValidation: async (request) => normaliseLicenceKeys(request),
      },
      async (request, reply) => {
        const { db, clock } = app.deps;
        const caller = await authenticate(db, clock, request);
        return reply
          .type('application/json; charset=utf-8')
          .send(await loadStats(db, caller, period, request.body));
      },
    );
  }
};
