import fp from 'fastify-plugin';
import type { UserBody } from '../../contracts/user-body.schema.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { Session } from '../lib/authenticate.ts';
import type { Clock } from '../lib/clock.ts';
import { Drain, installDrainHooks } from '../lib/drain.ts';
import { createMemoryBus, type EventBus } from '../lib/event-bus.ts';
import { EventHub } from '../lib/events.ts';
import { Mailer } from '../lib/mail.ts';
import { startPeriodicJob } from '../lib/periodic-jobs.ts';
import { createPgEventBus } from '../lib/pg-event-bus.ts';
import { deleteExpiredCounters } from '../lib/rate-counters.repository.ts';
import { serverKeys } from '../lib/server-secret.ts';
import { SessionCache } from '../lib/session-cache.ts';
import { UserViewCache } from '../lib/user-view-cache.ts';
import { createMetrics } from '../metrics/metrics.ts';
import { HealthSweep } from '../nodes/index.ts';

export interface AppDepsOptions {
  config: Config;
  database: Database;
  clock: Clock;
  /** Replicas in one test process share a bus given here. */
  bus?: EventBus;
}

const COUNTER_CLEANUP_MS = 15 * 60_000;

/** Builds the shared things every service reaches through `app.deps` (server/deps.ts) and stops them on close. */
export const appDeps = fp<AppDepsOptions>(async (app, { config, database, clock, bus: given }) => {
  // Replicas on one PostgreSQL (DATABASE_URL) hear each other through LISTEN/NOTIFY; PGlite admits one
  // process, and tests build apps on their own databases, so both fan out in memory.
  const bus =
    given ?? (config.databaseUrl ? createPgEventBus(config.databaseUrl, app.log) : createMemoryBus());
  await bus.start();
  const hub = new EventHub(bus);
  const sessionCache = new SessionCache<Session>(config.sessionCacheSize);
  hub.onAccessChanged((change) => sessionCache.forget(change));
  // One size for both: SESSION_CACHE_SIZE=0 turns the check's answers off with the sessions.
  const viewCache = new UserViewCache<UserBody>(config.sessionCacheSize);
  hub.onViewsChanged((change) => viewCache.forget(change));
  const mailer = new Mailer(database.db, config, app.log, clock);
  const drain = new Drain();
  const keys = serverKeys(database.db);
  const unsubscribeKey = () => keys('unsubscribe');
  const health = new HealthSweep({
    db: database.db,
    clock,
    config,
    mailer,
    hub,
    log: app.log,
    unsubscribeKey,
  });
  const metrics = createMetrics(database);
  mailer.on('failed', () => metrics.mailFailures.inc());
  app.decorate('deps', {
    config,
    db: database.db,
    database,
    clock,
    mailer,
    hub,
    sessionCache,
    viewCache,
    drain,
    health,
    metrics,
    unsubscribeKey,
  });
  installDrainHooks(app, drain);
  const counters = startPeriodicJob({ db: database.db, clock }, app.log, {
    name: 'rate-counter-cleanup',
    intervalMs: COUNTER_CLEANUP_MS,
    firstRunMs: COUNTER_CLEANUP_MS,
    run: () => deleteExpiredCounters(database.db, clock.now().getTime()),
  });

  app.addHook('onClose', async () => {
    // The sweep first: its last pass may still queue mail.
    await health.stop();
    await mailer.stop();
    await counters.stop();
    hub.stop();
    await bus.close();
  });
});
