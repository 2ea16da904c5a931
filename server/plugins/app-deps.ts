import fp from 'fastify-plugin';
import { HealthSweep } from '../api/health-sweep.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { Clock } from '../lib/clock.ts';
import { Drain, installDrainHooks } from '../lib/drain.ts';
import { EventHub } from '../lib/events.ts';
import { Mailer } from '../lib/mail.ts';
import { serverKeys } from '../lib/server-secret.ts';
import { createMetrics } from '../metrics/metrics.ts';

export interface AppDepsOptions {
  config: Config;
  database: Database;
  clock: Clock;
}

/** Builds the shared things every service reaches through `app.deps` (server/deps.ts) and stops them on close. */
export const appDeps = fp<AppDepsOptions>(async (app, { config, database, clock }) => {
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
  const metrics = createMetrics(database);
  mailer.on('failed', () => metrics.mailFailures.inc());
  app.decorate('deps', { config, db: database.db, database, clock, mailer, hub, drain, health, metrics });
  installDrainHooks(app, drain);

  app.addHook('onClose', async () => {
    // The sweep first: its last pass may still queue mail.
    await health.stop();
    await mailer.stop();
  });
});
