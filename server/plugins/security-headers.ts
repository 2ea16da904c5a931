import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/** helmet's security headers with a strict Content-Security-Policy on every answer (docs/architecture.md). */
const middleware = helmet({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // No 'unsafe-inline': React's style props and the charts use CSSOM, which CSP allows.
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      connectSrc: ["'self'"],
      workerSrc: ["'self'", 'blob:'],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
    },
  },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  crossOriginEmbedderPolicy: false,
});

/**
 * The headers helmet sets, worked out once: with no per-request nonce they are the same on every answer, and
 * building them per request (as the Fastify wrapper of helmet does) cost a tenth of a cached statistics answer.
 * helmet's middleware only sets and removes headers and then calls `next`, so a stand-in response records them.
 */
function headersOfHelmet(): [string, string][] {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => headers.set(name, String(value)),
    removeHeader: (name: string) => headers.delete(name),
  };
  let called = false;
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, () => {
    called = true;
  });
  if (!called) throw new Error('helmet did not set its headers synchronously.');
  return [...headers];
}

const SECURITY_HEADERS = headersOfHelmet();

/**
 * Sets the security headers on every answer, on the raw response as helmet would: a hijacked answer (the event
 * stream) writes its own head and keeps them.
 */
export const securityHeaders = fp(async (app) => {
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of SECURITY_HEADERS) reply.raw.setHeader(name, value);
    done();
  });
});
