import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
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

/** A person reads the log on a terminal; a file, journald or a log collector gets one JSON object a line. */
export function logFormat(stdoutIsTty: boolean | undefined): 'pretty' | 'json' {
  return stdoutIsTty ? 'pretty' : 'json';
}

/**
 * The structured log: off when silenced, and never a token, cookie or link secret in it. On a terminal it goes
 * through pino-pretty, which pino loads in its transport thread only when named here: a server whose output is not
 * a terminal (a container, a service) never loads it.
 */
export function logOptions(
  config: Config,
  options: { logger?: boolean; logStream?: { write(line: string): void }; stdoutIsTty?: boolean },
): FastifyServerOptions['logger'] {
  if (options.logger === false || config.logLevel === 'silent') return false;
  const pretty = !options.logStream && logFormat(options.stdoutIsTty ?? process.stdout.isTTY) === 'pretty';
  return {
    level: config.logLevel,
    ...(options.logStream ? { stream: options.logStream } : {}),
    ...(pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    serializers: {
      req: (req) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
    },
  };
}

/**
 * In demo mode a person watches the terminal for the sign-in and the mail links; a line per request would scroll
 * them away, so Fastify's request lines are written at debug instead (LOG_LEVEL=debug shows them). A failed request
 * still logs its error.
 */
export class DemoLogController extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (!this.isLogDisabled(request)) request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) super.requestCompleted(error, request, reply);
    else if (!this.isLogDisabled(request))
      reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
