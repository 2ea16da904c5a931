import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { HealthSweep } from './api/health-sweep.ts';
import { apiService } from './api/index.ts';
import { authService } from './auth/index.ts';
import { type Config, trustProxyOption } from './config.ts';
import type { Database, Db } from './db/database.ts';
import { installRoute } from './install-route.ts';
import { registerBodyParsers } from './lib/body-parsers.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import { Drain, installDrainHooks } from './lib/drain.ts';
import { errorHandler } from './lib/error-handler.ts';
import { EventHub } from './lib/events.ts';
import { Mailer } from './lib/mail.ts';
import { RouteTable } from './lib/route-table.ts';
import { serverKeys } from './lib/server-secret.ts';
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
  drain: Drain;
  /** issue 9: the node health sweep; `npm start` runs it on a timer, tests call `sweep()` themselves. */
  health: HealthSweep;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
}

const builtWebRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
/** Answers smaller than this gain too little from compression to pay for it. */
const COMPRESS_THRESHOLD_BYTES = 1024;
const servicePrefixes = ['/auth/', '/api/', '/stats/'];
// E-mail link pages carry a secret in the path; it never reaches the log (issue 2).
const secretPaths =
  /^\/(createPassword|resPassword|changeEmail|cancelEmailChange|deleteUserAccount|unsubscribe|auth\/v1\/notifications\/unsubscribe)\/[^/?#]+/;

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
  /** The built web app to serve (default: dist/); tests point it at a small fixture. */
  webRoot?: string;
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
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // A malformed URL or a bad content type answers `{ error, message }` like every other error (issue 10).
    frameworkErrors: errorHandler,
  });
  const clock = options.clock ?? systemClock;
  const hub = new EventHub();
  const mailer = new Mailer(database.db, config, app.log, clock);
  const drain = new Drain();
  const keys = serverKeys(database.db);
  const health = new HealthSweep({
    db: database.db,
    clock,
    config,
    mailer,
    hub,
    log: app.log,
    unsubscribeKey: () => keys('unsubscribe'),
  });
  app.decorate('deps', { config, db: database.db, database, clock, mailer, hub, drain, health });
  installDrainHooks(app, drain);

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
        // No 'unsafe-inline' (issue 10): React's style props and the charts use CSSOM, which CSP allows.
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
  // Before the routes: the plugin attaches itself to each route as it is added. Event streams are hijacked, so
  // they never pass through it; text/event-stream is also outside its compressible types.
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: COMPRESS_THRESHOLD_BYTES });
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

  const webRoot = options.webRoot ?? builtWebRoot;
  const hasWebApp = fs.existsSync(path.join(webRoot, 'index.html'));
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside every file (vite.config.ts); they are sent as they are.
      preCompressed: true,
      // Never a source map, even one left in dist/ by an older build (issue 10).
      allowedPath: (pathName) => !pathName.endsWith('.map'),
      setHeaders: (reply, file) => {
        // Hashed names change with their content; index.html names them, so it is revalidated (ETag) each time.
        if (file.includes(`${path.sep}assets${path.sep}`))
          reply.header('cache-control', 'public, max-age=31536000, immutable');
        else if (/index\.html(\.br|\.gz)?$/.test(file)) reply.header('cache-control', 'no-cache');
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
    // A missing hashed file (a source map, a chunk of an older build) is a 404, never the app page in its place.
    const isAsset = request.url.startsWith('/assets/');
    if (!isService && !isAsset && request.method === 'GET' && hasWebApp) {
      // History-mode routing: every page path answers the app, which shows its own 404 page.
      return reply.sendFile('index.html');
    }
    return reply
      .status(404)
      .send({ error: 'not_found', message: `No such route: ${request.method} ${request.url.split('?')[0]}` });
  });

  app.addHook('onClose', async () => {
    // The sweep first: its last pass may still queue mail.
    await health.stop();
    await mailer.stop();
  });
  return app;
}
