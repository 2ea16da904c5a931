import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { answers, fileAnswer } from '../lib/answer-schemas.ts';
import { HttpError, notFound, unauthorized } from '../lib/errors.ts';
import { safeEqual } from '../lib/tokens.ts';
import type { Metrics } from './metrics.ts';

const WRONG_TOKEN = 'Send the metrics token: Authorization: Bearer <METRICS_TOKEN>.';

function requireMetricsToken(token: string | undefined) {
  return async (request: FastifyRequest): Promise<void> => {
    if (token === undefined) return;
    const header = request.headers.authorization;
    const sent = typeof header === 'string' ? /^Bearer (\S+)$/.exec(header.trim())?.[1] : undefined;
    if (sent === undefined || !safeEqual(sent, token)) throw unauthorized(WRONG_TOKEN);
  };
}

/** GET /metrics in Prometheus text format; never cached, never compressed away from a scraper's reach. */
function addMetricsRoute(app: FastifyInstance, metrics: Metrics, token: string | undefined): void {
  const schema = {
    summary: 'Prometheus metrics (METRICS_TOKEN bearer; docs/metrics.md)',
    response: answers({ 200: fileAnswer('text/plain', 'Prometheus text exposition format') }),
  };
  app.get('/metrics', { preValidation: requireMetricsToken(token), schema }, async (_request, reply) =>
    reply
      .header('cache-control', 'no-store')
      .type(metrics.registry.contentType)
      .send(await metrics.registry.metrics()),
  );
}

/** Every answered request into the duration histogram, labelled by route pattern, never by the raw URL. */
export const requestMetrics = fp(async (app) => {
  const { httpDuration } = app.deps.metrics;
  app.addHook('onResponse', async (request, reply) => {
    httpDuration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });
});

/**
 * /metrics on the main port, behind METRICS_TOKEN, when a token is set and no METRICS_PORT: otherwise it is not a
 * route here and answers the JSON 404 of every unknown tool path (docs/metrics.md).
 */
export const metricsRoute: FastifyPluginAsync = async (app) => {
  const { config, metrics } = app.deps;
  if (config.metrics.token !== undefined && config.metrics.port === undefined) {
    addMetricsRoute(app, metrics, config.metrics.token);
  }
};

/**
 * The second listener of METRICS_PORT: /metrics only (behind METRICS_TOKEN too when it is set), so the main port
 * never serves it and the metrics port can stay on an internal network.
 */
export function buildMetricsServer(metrics: Metrics, config: Pick<Config, 'metrics'>): FastifyInstance {
  const server = Fastify({ logger: false });
  addMetricsRoute(server, metrics, config.metrics.token);
  server.setErrorHandler((error, _request, reply) => {
    const known =
      error instanceof HttpError ? error : new HttpError(500, 'internal', 'Metrics are unavailable.');
    return reply.status(known.statusCode).send({ error: known.code, message: known.message });
  });
  server.setNotFoundHandler((_request, reply) => {
    const missing = notFound('This port serves GET /metrics only.');
    return reply.status(404).send({ error: missing.code, message: missing.message });
  });
  return server;
}
