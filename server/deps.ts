import type { UserBody } from '../contracts/user-body.schema.ts';
import type { Config } from './config.ts';
import type { Database, Db } from './db/database.ts';
import type { Session } from './lib/authenticate.ts';
import type { Clock } from './lib/clock.ts';
import type { Drain } from './lib/drain.ts';
import type { EventHub } from './lib/events.ts';
import type { Mailer } from './lib/mail.ts';
import type { SessionCache } from './lib/session-cache.ts';
import type { UserViewCache } from './lib/user-view-cache.ts';
import type { Metrics } from './metrics/metrics.ts';
import type { HealthSweep } from './nodes/index.ts';

/**
 * What every route and service can reach through `app.deps`. Defined apart from server/app.ts, which imports every
 * service, so that no service imports the app (docs/architecture.md, Server convention).
 */
export interface Deps {
  config: Config;
  db: Db;
  database: Database;
  clock: Clock;
  mailer: Mailer;
  hub: EventHub;
  /** This process's signed-in sessions by token hash; `hub` tells it what to forget. */
  sessionCache: SessionCache<Session>;
  /** The session check's answers by user id (same size rule); `hub` tells it what to forget. */
  viewCache: UserViewCache<UserBody>;
  drain: Drain;
  /** The node health sweep; `npm start` runs it on a timer, tests call `sweep()` themselves. */
  health: HealthSweep;
  /** The Prometheus registry and the counters the services feed (server/metrics/metrics.ts). */
  metrics: Metrics;
  /** The server key the alert mails' unsubscribe tokens are derived from (an E-mail channel's test mails them too). */
  unsubscribeKey: () => Promise<Buffer>;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
}
