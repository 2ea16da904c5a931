import swaggerUi from '@fastify/swagger-ui';
import type { FastifyPluginAsync } from 'fastify';

/** Where the OpenAPI document and its reference page live (docs/api-*.md link them). */
export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';

/**
 * GET /api/openapi.json, the OpenAPI 3.1 document of every route (server/plugins/openapi.ts), and GET /api/docs,
 * its reference page: Swagger UI served from this server (no CDN), whose files are scripts and style sheets of
 * its own, so the product's strict CSP holds there too. Register after the services.
 */
export const openApiRoutes: FastifyPluginAsync = async (app) => {
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return app.swagger();
  });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PATH,
    // The page reads the same document from /api/docs/json; no validator badge (it would call out).
    uiConfig: { deepLinking: true, docExpansion: 'list', tryItOutEnabled: false },
    theme: { title: 'NODR Dashboard API' },
    validatorUrl: false,
  });
};
