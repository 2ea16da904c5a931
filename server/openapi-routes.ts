import swaggerUi from '@fastify/swagger-ui';
import type { FastifyPluginAsync } from 'fastify';

/**
 * The one inline style sheet Swagger UI writes into the page as it starts (swagger-ui 5 as @fastify/swagger-ui
 * 6.1 ships it), allowed by its hash on the docs page only; every other page keeps `style-src 'self'`. A new
 * Swagger UI with another sheet shows as a CSP violation in tests/e2e/api-docs.test.ts.
 */
const SWAGGER_UI_STYLE = "'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='";

/** Where the OpenAPI document and its reference page live (docs/api-*.md link them). */
export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';

/**
 * GET /api/openapi.json, the OpenAPI 3.1 document of every route (server/plugins/openapi.ts), and GET /api/docs,
 * its reference page: Swagger UI served from this server (no CDN), under the product's strict CSP but for one
 * hashed style sheet. Register after the services.
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
    transformStaticCSP: (header) =>
      header.replace("style-src 'self'", `style-src 'self' ${SWAGGER_UI_STYLE}`),
  });
};
