import type { FastifyPluginAsync } from 'fastify';
import { SHUTDOWN_EVENT } from '../../contracts/event-stream.ts';
import { answers, fileAnswer } from '../lib/answer-schemas.ts';
import { SHUTTING_DOWN } from '../lib/drain.ts';
import { HttpError } from '../lib/errors.ts';
import { requireStreamSession } from '../plugins/session.ts';
import { liveSessionsInTeam } from './sse.repository.ts';
import { TeamFanout } from './sse-fanout.ts';
import { StreamRegistry } from './sse-streams.ts';

/** spec 4 and 9: the client reconnects after 1 s at first; the stream says so. */
export const RETRY_MS = 1000;
/** A comment every 15 s keeps proxies from closing an idle stream. */
export const PING_MS = 15_000;

let lastMessage = '';
let lastFrame = Buffer.alloc(0);
/** An event's message as one HTTP chunk, encoded once for all the streams it goes to. */
function framed(message: string): Buffer {
  if (message !== lastMessage) {
    lastMessage = message;
    lastFrame = Buffer.from(`${Buffer.byteLength(message).toString(16)}\r\n${message}\r\n`);
  }
  return lastFrame;
}

/**
 * GET v1/sse/handle (spec 4 Live updates): an event stream of 10 (node list changed), 20 (a node's status changed)
 * and 30 (account or team changed) for every team of the caller, plus `event: health`. It is the only route that takes the session
 * cookie, since EventSource cannot send an Authorization header. A revoked session's stream is closed; a user has
 * at most MAX_STREAMS_PER_USER streams open.
 */
export const sseRoutes: FastifyPluginAsync = async (app) => {
  const streams = new StreamRegistry();
  const { db, clock } = app.deps;
  const framedWrites = app.deps.config.sseFramedWrites;
  const fanout = new TeamFanout(
    app.deps.hub,
    (teamId, sessionIds) => liveSessionsInTeam(db, clock.now(), teamId, sessionIds),
    (error) => app.log.error({ err: error }, 'event stream delivery failed'),
  );
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
    const { hub, drain } = app.deps;
    const { caller } = request;
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

    // Membership and session are checked again before every event (for all streams of a team at once,
    // sse-fanout.ts), so a member removed from the team stops hearing it and a session ended by any path (not only
    // through the hub) ends its stream.
    const sink = {
      sessionId: caller.sessionId,
      write: (message: string) => {
        // Node's response would encode and frame the message again for each stream, and cork and uncork each
        // socket on the next tick: a tenth of a second of the event loop for 10,000 streams (docs/performance.md).
        // Only while nothing of the response waits in its own buffer (a pipelined response not yet on its socket),
        // so the chunk never overtakes what Node still holds.
        const socket = raw.socket;
        if (framedWrites && socket && raw.chunkedEncoding && raw.headersSent && raw.writableLength === 0)
          socket.write(framed(message));
        else raw.write(message);
      },
      close: () => close(),
    };
    const unsubscribe = caller.teams.map(({ teamId }) => fanout.add(teamId, sink));
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
      for (const stop of unsubscribe) stop();
      stopRevocation();
      for (const stop of stopMemberships) stop();
      unregister();
      app.deps.metrics.eventStreams.dec();
    };
    const close = (lastMessage = '') => {
      cleanup();
      raw.end(lastMessage);
    };
    app.deps.metrics.eventStreams.inc();
    const stopRevocation = hub.onSessionRevoked(caller.sessionId, close);
    // Removal from a team, another role in it, or joining one ends the stream at once, on whichever
    // replica made the change; the client reconnects with the teams and roles it has now.
    const stopMemberships = [
      ...caller.teams.map(({ teamId }) => hub.onTeamStreamsEnded(teamId, caller.userId, () => close())),
      hub.onTeamJoined(caller.userId, () => close()),
    ];
    const unregister = streams.add(caller.userId, close);
    raw.on('close', cleanup);
  });
};
