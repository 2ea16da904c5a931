import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { apiService } from './api/index.ts';
import { authService } from './auth/index.ts';
import type { Config } from './config.ts';
import type { Database, Db } from './db/database.ts';
import { installRoute } from './install-route.ts';
import { registerBodyParsers } from './lib/body-parsers.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import { errorHandler } from './lib/error-handler.ts';
import { EventHub } from './lib/events.ts';
import { Mailer } from './lib/mail.ts';
import { RouteTable } from './lib/route-table.ts';
import { validatorCompiler } from './lib/validation.ts';
import { statsService } from './stats/index.ts';

/** What every route can reach through `app.deps`. */
export interface Deps {
  config: Config;
  db: Db;
  database: Database;
  clock: Clock;
  mailer: Mailer;
  hub: EventHub;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
}

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const servicePrefixes = ['/auth/', '/api/', '/stats/'];
// E-mail link pages carry a secret in the path; it never reaches the log (issue 2).
const secretPaths = /^\/(createPassword|resPassword|changeEmail|deleteUserAccount)\/[^/?#]+/;

export function redactUrl(url: string): string {
  return url.replace(secretPaths, '/$1/[redacted]');
}

export interface BuildOptions {
  config: Config;
  database: Database;
  clock?: Clock;
  logger?: boolean;
  /** Where the structured log goes instead of stdout (tests read it to prove secrets stay out). */
  logStream?: { write(line: string): void };
}

/** Assembles the server: plugins, then the three services on their prefixes, then the web app. */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger:
      options.logger === false || config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            ...(options.logStream ? { stream: options.logStream } : {}),
            redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
            serializers: {
              req: (req) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
            },
          },
    trustProxy: process.env.TRUST_PROXY === '1',
    bodyLimit: 1024 * 1024,
    // A malformed URL or a bad content type answers `{ error, message }` like every other error (issue 10).
    frameworkErrors: errorHandler,
    // Lets `npm start` shut down promptly while event streams are open.
    forceCloseConnections: true,
  });
  const clock = options.clock ?? systemClock;
  const hub = new EventHub();
  const mailer = new Mailer(database.db, config, app.log, clock);
  app.decorate('deps', { config, db: database.db, database, clock, mailer, hub });

  app.setErrorHandler(errorHandler);
  // issue 10 section 6: JSON bodies are taken as typed, form bodies coerced (server/lib/validation.ts).
  app.setValidatorCompiler(validatorCompiler);
  app.decorate('routeTable', new RouteTable());
  app.addHook('onRoute', (route) => app.routeTable.add(route));

  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
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
  await app.register(cookie);
  await registerBodyParsers(app);

  await app.register(authService, { prefix: '/auth' });
  await app.register(apiService, { prefix: '/api' });
  await app.register(statsService, { prefix: '/stats' });
  await app.register(installRoute);

  // The web app reads these at start (spec 1 maintenance flag, spec 7 service base URLs).
  app.get('/app-config.json', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return {
      maintenance: config.maintenance,
      supportEmail: config.supportEmail,
      installerUrl: config.installerUrl,
      authBase: config.serviceBases.auth,
      apiBase: config.serviceBases.api,
      statsBase: config.serviceBases.stats,
    };
  });

  const hasWebApp = fs.existsSync(path.join(webRoot, 'index.html'));
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      setHeaders: (res, file) => {
        if (file.includes(`${path.sep}assets${path.sep}`))
          res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const allowed = app.routeTable.allowedMethods(request.url.split('?')[0] ?? '');
    if (allowed.length > 0) {
      return reply
        .status(405)
        .header('allow', allowed.join(', '))
        .send({
          error: 'method_not_allowed',
          message: `${request.method} is not allowed here. Use ${allowed.join(', ')}.`,
        });
    }
    const isService = servicePrefixes.some((prefix) => request.url.startsWith(prefix));
    if (!isService && request.method === 'GET' && hasWebApp) {
      // History-mode routing: every page path answers the app, which shows its own 404 page.
      reply.header('cache-control', 'no-cache');
      return reply.sendFile('index.html');
    }
    return reply
      .status(404)
      .send({ error: 'not_found', message: `No such route: ${request.method} ${request.url.split('?')[0]}` });
  });

  app.addHook('onClose', async () => {
    await mailer.stop();
  });
  return app;
}
