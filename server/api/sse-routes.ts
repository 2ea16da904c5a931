import type { FastifyPluginAsync } from 'fastify';
import { SHUTDOWN_EVENT } from '../../contracts/event-stream.ts';
import { HEALTH_EVENT } from '../../contracts/node-health.ts';
import { answers, fileAnswer } from '../lib/answer-schemas.ts';
import { SSE_COOKIE, sessionOf } from '../lib/authenticate.ts';
import { SHUTTING_DOWN } from '../lib/drain.ts';
import { HttpError } from '../lib/errors.ts';
import type { LiveEvent } from '../lib/events.ts';
import { requireStreamSession } from '../plugins/session.ts';
import { StreamRegistry } from './sse-streams.ts';

/** spec 4 and 9: the client reconnects after 1 s at first; the stream says so. */
export const RETRY_MS = 1000;
/** A comment every 15 s keeps proxies from closing an idle stream. */
export const PING_MS = 15_000;

/**
 * GET v1/sse/handle (spec 4 Live updates): an event stream of 10 (node list changed), 20 (a node's status changed)
 * and 30 (account or team changed) for every team of the caller, plus `event: health` (issue 9). It is the only route that takes the session
 * cookie, since EventSource cannot send an Authorization header. A revoked session's stream is closed; a user has
 * at most MAX_STREAMS_PER_USER streams open.
 */
export const sseRoutes: FastifyPluginAsync = async (app) => {
  const streams = new StreamRegistry();
  // End every stream before the server closes, so that app.close() never waits on an open response.
  app.addHook('preClose', async () => streams.closeAll());
  app.deps.drain.onStart(() => streams.closeAll(`event: ${SHUTDOWN_EVENT}\ndata: reconnect\n\n`));

  const route = {
    preValidation: requireStreamSession,
    schema: {
      summary: "Live updates of the caller's teams (server-sent events)",
      response: answers({ 200: fileAnswer('text/event-stream', 'Events 10, 20, 30 and health') }),
    },
    exposeHeadRoute: false,
  };
  app.get('/v1/sse/handle', route, async (request, reply) => {
    const { db, clock, hub, drain } = app.deps;
    const { caller } = request;
    const token = request.cookies[SSE_COOKIE] ?? '';
    // The socket may have gone, or the drain begun, while the session was looked up: a stream opened now would
    // never be closed, and its heartbeat would keep a stopping server alive.
    if (reply.raw.destroyed) return reply.hijack();
    if (drain.isDraining) throw new HttpError(503, SHUTTING_DOWN.error, SHUTTING_DOWN.message);
    reply.hijack();
    const raw = reply.raw;
    // Headers set by earlier hooks (helmet's security headers) are on reply.raw already; writeHead adds to them.
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    raw.write(`retry: ${RETRY_MS}\n\n`);

    // Issue 10: membership and session are checked again before every event, in order, so a member removed from
    // the team stops hearing it and a session ended by any path (not only through the hub) ends its stream.
    let delivering = Promise.resolve();
    const deliver = (event: LiveEvent) => {
      delivering = delivering.then(async () => {
        if (closed) return;
        const current = await sessionOf(db, clock, token).catch(() => undefined);
        if (!current) return close();
        if (!current.teams.some(({ teamId }) => teamId === event.teamId))
          return unsubscribe.get(event.teamId)?.();
        raw.write(
          event.value === HEALTH_EVENT
            ? `id: ${event.id}\nevent: ${HEALTH_EVENT}\ndata: ${JSON.stringify(event.health)}\n\n`
            : `id: ${event.id}\ndata: ${event.value}\n\n`,
        );
      });
    };
    const unsubscribe = new Map(caller.teams.map(({ teamId }) => [teamId, hub.subscribe(teamId, deliver)]));
    // The heartbeat also ends a stream whose session has run out (revocation closes it at once, via the hub).
    const ping = setInterval(() => {
      if (clock.now() >= caller.expiresAt) close();
      else raw.write(': ping\n\n');
    }, PING_MS);
    ping.unref();
    let closed = false;
    const cleanup = () => {
      if (closed) return;
      closed = true;
      clearInterval(ping);
      for (const stop of unsubscribe.values()) stop();
      stopRevocation();
      unregister();
    };
    const close = (lastMessage = '') => {
      cleanup();
      raw.end(lastMessage);
    };
    const stopRevocation = hub.onSessionRevoked(caller.sessionId, close);
    const unregister = streams.add(caller.userId, close);
    raw.on('close', cleanup);
  });
};
