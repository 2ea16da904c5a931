import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { appliedMigrations, shippedMigrations } from './db/readiness.ts';
import { answers } from './lib/answer-schemas.ts';

const closed = { additionalProperties: false } as const;

const notReady = (reply: FastifyReply, error: string, message: string) =>
  reply.status(503).send({ error, message });

/**
 * Probes for orchestrators: `/healthz` says the process answers; `/readyz` says it can serve: the
 * database answers and has every migration of this build. While draining, the drain hook answers 503 first.
 */
export const probeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const shipped = shippedMigrations();
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/healthz',
    {
      schema: {
        summary: 'Liveness: the process answers',
        response: answers({ 200: Type.Object({ status: Type.Literal('ok') }, closed) }),
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  const ready = Type.Object({ status: Type.Literal('ready'), migrations: Type.Integer() }, closed);
  const readiness = {
    summary: 'Readiness: the database answers with every migration applied (503 otherwise or while draining)',
    response: answers({ 200: ready }),
  };
  app.get('/readyz', { schema: readiness }, async (_request, reply) => {
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
    return { status: 'ready' as const, migrations: applied };
  });
};
