import http from 'node:http';
import { Readable } from 'node:stream';
import { createProxyServer } from 'http-proxy-3';

/** The server's own body limit (server/app.ts): a larger body is refused here without reaching a replica. */
const MAX_BODY_BYTES = 1024 * 1024;
/** How long a replica that refused a connection, or answered that it is shutting down, gets no new requests. */
const REST_MS = 2_000;

interface Attempt {
  body: Buffer;
  tried: Set<string>;
}

/**
 * The cluster's front door: round robin over the replicas, with the client's address in
 * X-Forwarded-For (the replicas trust one hop). A replica that refuses the connection, or answers 503
 * `shutting_down` while it drains, is rested and the request goes to the next one, so a replica stopping loses no
 * request. Bodies are read first (at most 1 MiB, the server's own limit) so that such a retry can send them again;
 * answers, event streams among them, are piped through as they come, never buffered.
 */
export function createClusterProxy(targets: readonly string[]) {
  const proxy = createProxyServer({ xfwd: true, selfHandleResponse: true });
  const restingUntil = new Map<string, number>();
  const attempts = new WeakMap<http.IncomingMessage, Attempt>();
  let next = 0;

  /** The next replica in turn that this request has not tried, preferring one that is not resting. */
  const pick = (tried: Set<string>): string | undefined => {
    const now = Date.now();
    const order = targets.map((_, i) => targets[(next + i) % targets.length] as string);
    next = (next + 1) % targets.length;
    const untried = order.filter((target) => !tried.has(target));
    return untried.find((target) => (restingUntil.get(target) ?? 0) <= now) ?? untried[0];
  };

  const fail = (res: http.ServerResponse, status: number, error: string, message: string) => {
    if (res.headersSent) return void res.destroy();
    res.writeHead(status, { 'content-type': 'application/json', connection: 'close' });
    res.end(JSON.stringify({ error, message }));
  };

  const send = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const attempt = attempts.get(req);
    const target = attempt && pick(attempt.tried);
    if (!attempt || !target)
      return fail(res, 502, 'bad_gateway', 'No server is available. Please try again.');
    attempt.tried.add(target);
    proxy.web(req, res, { target, buffer: Readable.from([attempt.body]) }, (error: NodeJS.ErrnoException) => {
      // Nothing was sent on a refused connection, so any request may go elsewhere; otherwise only a read may.
      const retryable = error.code === 'ECONNREFUSED' || ['GET', 'HEAD'].includes(req.method ?? '');
      restingUntil.set(target, Date.now() + REST_MS);
      if (retryable && !res.headersSent) send(req, res);
      else fail(res, 502, 'bad_gateway', 'The server did not answer. Please try again.');
    });
  };

  proxy.on('proxyRes', (upstream, req, res) => {
    const attempt = attempts.get(req);
    const target = [...(attempt?.tried ?? [])].at(-1);
    // A draining replica answers 503 before it handles anything, so the request can go to another.
    if (upstream.statusCode === 503 && upstream.headers.connection === 'close' && target) {
      restingUntil.set(target, Date.now() + REST_MS);
      if (attempt && attempt.tried.size < targets.length) {
        upstream.resume();
        return send(req, res);
      }
    }
    res.writeHead(upstream.statusCode ?? 502, upstream.headers);
    res.flushHeaders();
    upstream.pipe(res);
    // A client that leaves (an event stream closed) frees the replica's side at once.
    res.on('close', () => upstream.destroy());
  });

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        fail(res, 413, 'payload_too_large', 'The request body is too large.');
        req.destroy();
      } else chunks.push(chunk);
    });
    req.on('end', () => {
      if (res.headersSent || res.writableEnded) return;
      attempts.set(req, { body: Buffer.concat(chunks), tried: new Set() });
      send(req, res);
    });
  });
  // Event streams stay open for as long as the client wants them.
  server.requestTimeout = 0;
  return server;
}
