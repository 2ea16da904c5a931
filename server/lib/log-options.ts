import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config.ts';
import { SECRET_PATH_PREFIXES, SECRET_QUERY_PARAMETERS } from './link-secrets.ts';

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// The secret segment after a link path (any case, as the web app's router matches them, and after doubled slashes).
const secretPath = new RegExp(
  `^(/+(?:${SECRET_PATH_PREFIXES.map((prefix) => literal(prefix.slice(1))).join('|')}))/[^/?#]+`,
  'i',
);
// A secret query parameter's value, wherever it stands in the query.
const secretQuery = new RegExp(`([?&](?:${SECRET_QUERY_PARAMETERS.map(literal).join('|')})=)[^&#]*`, 'gi');

/** The URL as the log may hold it: every link secret of server/lib/link-secrets.ts replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  return url.replace(secretPath, '$1/[redacted]').replace(secretQuery, '$1[redacted]');
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
