import type { FastifyPluginAsync } from 'fastify';

/** GET /app-config.json: what the web app reads at start (spec 1 maintenance flag, spec 7 service base URLs). */
export const appConfigRoute: FastifyPluginAsync = async (app) => {
  const { config } = app.deps;
  app.get('/app-config.json', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return {
      maintenance: config.maintenance,
      supportEmail: config.supportEmail,
      installerUrl: config.installerUrl,
      authBase: config.serviceBases.auth,
      apiBase: config.serviceBases.api,
      statsBase: config.serviceBases.stats,
    };
  });
};
