import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { appliedMigrations, shippedMigrations } from './db/readiness.ts';

const notReady = (reply: FastifyReply, error: string, message: string) =>
  reply.status(503).send({ error, message });

/**
 * Probes for orchestrators (issue 13): `/healthz` says the process answers; `/readyz` says it can serve: the
 * database answers and has every migration of this build. While draining, the drain hook answers 503 first.
 */
export const probeRoutes: FastifyPluginAsync = async (app) => {
  const shipped = shippedMigrations();
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get('/healthz', async () => ({ status: 'ok' }));

  app.get('/readyz', async (_request, reply) => {
    let applied: number;
    try {
      applied = await appliedMigrations(app.deps.db);
    } catch (error) {
      app.log.warn({ err: error }, 'readiness: the database did not answer');
      return notReady(reply, 'database_unreachable', 'The database does not answer.');
    }
    if (applied < shipped) {
      return notReady(
        reply,
        'migrations_pending',
        `${shipped - applied} of ${shipped} migrations are not applied.`,
      );
    }
    return { status: 'ready', migrations: applied };
  });
};
