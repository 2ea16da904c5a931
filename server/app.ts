import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { appConfigRoute } from './app-config-route.ts';
import { type Config, trustProxyOption } from './config.ts';
import type { Database } from './db/database.ts';
import { installRoute } from './install-route.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import type { EventBus } from './lib/event-bus.ts';
import { DemoLogController, logOptions } from './lib/log-options.ts';
import { metricsRoute, requestMetrics } from './metrics/metrics-route.ts';
import { openApiRoutes } from './openapi-routes.ts';
import { appDeps } from './plugins/app-deps.ts';
import { compression } from './plugins/compression.ts';
import { errorHandler, errorHandling } from './plugins/error-handler.ts';
import { inputRules } from './plugins/input-rules.ts';
import { openApi } from './plugins/openapi.ts';
import { securityHeaders } from './plugins/security-headers.ts';
import { session } from './plugins/session.ts';
import { webApp } from './plugins/web-app.ts';
import { probeRoutes } from './probe-routes.ts';
import { serviceRoutes } from './routes.ts';

export interface BuildOptions {
  config: Config;
  database: Database;
  clock?: Clock;
  logger?: boolean;
  /** Where the structured log goes instead of stdout (tests read it to prove secrets stay out). */
  logStream?: { write(line: string): void };
  /** The built web app to serve (default: dist/); tests point it at a small fixture. */
  webRoot?: string;
  /** The bus between replicas (default: PostgreSQL's with DATABASE_URL, else in memory); tests share one. */
  bus?: EventBus;
}

/** Assembles the server: app plugins, then the route table (the three services on their prefixes), then the web app. */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: logOptions(config, options),
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // A malformed URL or a bad content type answers `{ error, message }` like every other error.
    frameworkErrors: errorHandler,
    ...(config.demo ? { logController: new DemoLogController() } : {}),
  });
  await app.register(appDeps, { config, database, clock: options.clock ?? systemClock, bus: options.bus });
  await app.register(requestMetrics);
  await app.register(errorHandling);
  await app.register(inputRules);
  await app.register(openApi);
  await app.register(securityHeaders);
  await app.register(compression);
  await app.register(cookie);
  await app.register(session);

  await app.register(serviceRoutes);
  await app.register(installRoute);
  await app.register(appConfigRoute);
  await app.register(probeRoutes);
  await app.register(metricsRoute);
  await app.register(openApiRoutes);
  await app.register(webApp, { webRoot: options.webRoot });
  return app;
}
