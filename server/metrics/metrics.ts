import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { NODE_STATUS } from '../../contracts/node-status.ts';
import type { Database } from '../db/database.ts';
import { activeNodesOnline, nodesByStatus, outboxDepth } from './metrics.repository.ts';

const STATUS_NAMES = new Map<number, string>(Object.entries(NODE_STATUS).map(([name, code]) => [code, name]));

/**
 * What GET /metrics shows, in one registry per app (tests build many apps in one process).
 * Counters and the request histogram are fed as things happen; node, outbox and pool figures are read from the
 * database on each scrape, by small grouped counts.
 */
export function createMetrics(database: Database) {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });

  const httpDuration = new Histogram({
    name: 'nodr_http_request_duration_seconds',
    help: 'HTTP requests by route pattern (never the raw URL), method and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const eventStreams = new Gauge({
    name: 'nodr_event_streams_open',
    help: 'Event streams (live updates) open now.',
    registers,
  });
  const telemetryPoints = new Counter({
    name: 'nodr_telemetry_points_total',
    help: 'Telemetry minute points stored from nodes (rate() of it is the ingest points per second).',
    registers,
  });
  const mailFailures = new Counter({
    name: 'nodr_mail_delivery_failures_total',
    help: 'Mail deliveries that failed (each is retried later).',
    registers,
  });

  new Gauge({
    name: 'nodr_mail_outbox_pending',
    help: 'Messages waiting in the mail outbox.',
    labelNames: ['state'] as const,
    registers,
    async collect() {
      const { pending, failing } = await outboxDepth(database.db);
      this.set({ state: 'all' }, pending);
      this.set({ state: 'failing' }, failing);
    },
  });
  new Gauge({
    name: 'nodr_nodes',
    help: 'Nodes by status.',
    labelNames: ['status'] as const,
    registers,
    async collect() {
      this.reset();
      for (const name of STATUS_NAMES.values()) this.set({ status: name }, 0);
      for (const { status, total } of await nodesByStatus(database.db)) {
        this.set({ status: STATUS_NAMES.get(status) ?? String(status) }, total);
      }
    },
  });
  new Gauge({
    name: 'nodr_nodes_active',
    help: 'Active nodes online and offline (node health).',
    labelNames: ['health'] as const,
    registers,
    async collect() {
      const { online, offline } = await activeNodesOnline(database.db);
      this.set({ health: 'online' }, online);
      this.set({ health: 'offline' }, offline);
    },
  });
  const pool = database.pool;
  if (pool) {
    new Gauge({
      name: 'nodr_db_pool_connections',
      help: 'PostgreSQL pool: connections open, idle, and queries waiting for one.',
      labelNames: ['state'] as const,
      registers,
      collect() {
        const { total, idle, waiting } = pool();
        this.set({ state: 'total' }, total);
        this.set({ state: 'idle' }, idle);
        this.set({ state: 'waiting' }, waiting);
      },
    });
  }

  return { registry, httpDuration, eventStreams, telemetryPoints, mailFailures };
}

export type Metrics = ReturnType<typeof createMetrics>;
