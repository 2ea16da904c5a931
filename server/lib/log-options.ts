import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config.ts';

// E-mail link pages carry a secret in the path; it never reaches the log (issue 2).
const secretPaths =
  /^\/(createPassword|resPassword|changeEmail|cancelEmailChange|deleteUserAccount|unsubscribe|auth\/v1\/notifications\/unsubscribe)\/[^/?#]+/;

export function redactUrl(url: string): string {
  return url.replace(secretPaths, '/$1/[redacted]');
}

/** The structured log: off when silenced, and never a token, cookie or link secret in it. */
export function logOptions(
  config: Config,
  options: { logger?: boolean; logStream?: { write(line: string): void } },
): FastifyServerOptions['logger'] {
  if (options.logger === false || config.logLevel === 'silent') return false;
  return {
    level: config.logLevel,
    ...(options.logStream ? { stream: options.logStream } : {}),
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    serializers: {
      req: (req) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
    },
  };
}
