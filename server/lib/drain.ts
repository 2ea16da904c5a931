import type http from 'node:http';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';

/** The answer to a request that arrives while the server drains. */
export const SHUTTING_DOWN = {
  error: 'shutting_down',
  message: 'The server is restarting. Please try again in a moment.',
} as const;

/**
 * Connections the kernel has completed but the server not yet taken would be reset when the listener closes,
 * losing the request the client already sent on them. So the listener stays open (every request answered 503)
 * until no connection has come for BACKLOG_QUIET_MS, at most BACKLOG_MAX_MS.
 */
export const BACKLOG_QUIET_MS = 100;
export const BACKLOG_MAX_MS = 1000;
/** How long a kept-alive socket may stay silent after the listener closed before it is closed too. */
export const IDLE_GRACE_MS = 1000;
const IDLE_SWEEP_MS = 250;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits while connections keep arriving: each one is taken from the kernel's queue and answered 503. */
async function takeQueuedConnections(server: http.Server): Promise<void> {
  let arrived = 0;
  const count = () => {
    arrived += 1;
  };
  server.on('connection', count);
  const started = performance.now();
  let seen = -1;
  while (arrived !== seen && performance.now() - started < BACKLOG_MAX_MS) {
    seen = arrived;
    await sleep(BACKLOG_QUIET_MS);
  }
  server.off('connection', count);
}

/**
 * A graceful shutdown in steps: answer every new request 503 with `Connection: close`;
 * stop accepting connections; let every request already received finish, its answer carrying
 * `Connection: close`; tell listeners (the event streams) to end; close sockets left idle. The hard deadline
 * lives with the caller (server/main.ts).
 */
export class Drain {
  private draining = false;
  private readonly listeners = new Set<() => void>();

  get isDraining(): boolean {
    return this.draining;
  }

  /** Runs `listener` when the drain starts (at once if it has). Returns the unsubscribe. */
  onStart(listener: () => void): () => void {
    if (this.draining) {
      listener();
      return () => {};
    }
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Starts draining `server`; resolves once every connection has closed. */
  async start(server: http.Server): Promise<void> {
    if (this.draining) return;
    this.draining = true;
    for (const listener of [...this.listeners]) listener();
    this.listeners.clear();
    if (server.listening) await takeQueuedConnections(server);
    // http.Server#close would destroy every idle kept-alive socket at once, racing a request the client is
    // already sending on it (ECONNRESET). net's close only stops accepting; idle sockets get a grace period.
    const closed = new Promise<void>((resolve) => {
      if (!server.listening) return resolve();
      net.Server.prototype.close.call(server, () => resolve());
    });
    let sweep: NodeJS.Timeout | undefined;
    const grace = setTimeout(() => {
      // A socket silent for the whole grace period is idle; one answering its last request closes after it.
      server.closeIdleConnections();
      sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
    }, IDLE_GRACE_MS);
    try {
      await closed;
    } finally {
      clearTimeout(grace);
      clearInterval(sweep);
    }
  }
}

/** The hooks on the root instance: 503 while draining, and `Connection: close` on every answer given meanwhile. */
export function installDrainHooks(app: FastifyInstance, drain: Drain): void {
  app.addHook('onRequest', async (_request, reply) => {
    if (!drain.isDraining) return;
    reply.header('connection', 'close');
    return reply.status(503).send(SHUTTING_DOWN);
  });
  app.addHook('onSend', async (_request, reply) => {
    if (drain.isDraining) reply.header('connection', 'close');
  });
}
