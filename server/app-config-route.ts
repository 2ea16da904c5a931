import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { answers } from './lib/answer-schemas.ts';

const appConfig = Type.Object(
  {
    maintenance: Type.Boolean(),
    maintenanceUntil: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
      description: 'When the maintenance is expected to end (MAINTENANCE_UNTIL), or null.',
    }),
    supportEmail: Type.String(),
    installerUrl: Type.String(),
    authBase: Type.String(),
    apiBase: Type.String(),
    statsBase: Type.String(),
  },
  { additionalProperties: false },
);

/** GET /app-config.json: what the web app reads at start (spec 1 maintenance flag, spec 7 service base URLs). */
export const appConfigRoute: FastifyPluginAsyncTypebox = async (app) => {
  const { config } = app.deps;
  const schema = { summary: 'What the web app reads at start', response: answers({ 200: appConfig }) };
  app.get('/app-config.json', { schema }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return {
      maintenance: config.maintenance,
      maintenanceUntil: config.maintenanceUntil,
      supportEmail: config.supportEmail,
      installerUrl: config.installerUrl,
      authBase: config.serviceBases.auth,
      apiBase: config.serviceBases.api,
      statsBase: config.serviceBases.stats,
    };
  });
};
