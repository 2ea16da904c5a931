import net from 'node:net';
import path from 'node:path';
import { NODE_OFFLINE_AFTER_S_DEFAULT } from '../contracts/node-health.ts';
import { AGENT_VERSION, VERSION_PATTERN } from '../contracts/node-versions.ts';
import type { PgliteThreadMode } from './db/database.ts';
import { MAIL_HOURLY_BUDGET } from './lib/mail-limits.ts';

/** Every setting the server reads, from environment variables (documented in README.md). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Where the embedded database runs: its own worker thread, or the HTTP thread (kept for the bench's before). */
  pgliteThread: PgliteThreadMode;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  supportEmail: string;
  maintenance: boolean;
  /** When the maintenance is expected to end (ISO 8601, UTC), shown on the maintenance page; null when unknown. */
  maintenanceUntil: string | null;
  nodrDomain: string;
  nodeImage: string;
  installerUrl: string;
  demo: boolean;
  production: boolean;
  logLevel: string;
  /** Base URLs the web app uses for the three services (spec 7). */
  serviceBases: { auth: string; api: string; stats: string };
  retention: { minuteDays: number; twentyMinuteDays: number; hourDays: number };
  /** Mail deliveries per hour across the server; the rest waits in the outbox. */
  mailHourlyBudget: number;
  /** Memory for cached statistics answers, in MB; 0 turns the cache off (docs/statistics-storage.md). */
  statsCacheMb: number;
  /**
   * Event streams: each event written to the socket as one HTTP chunk encoded once for all streams
   * (bench:sse); false writes through Node's response, as before, for the bench's comparison.
   */
  sseFramedWrites: boolean;
  /** Signed-in sessions each process keeps in memory (server/lib/session-cache.ts); 0 turns it off. */
  sessionCacheSize: number;
  /** Seconds a SIGTERM/SIGINT drain may take before the process exits anyway. */
  shutdownTimeoutS: number;
  /**
   * The reverse proxies whose X-Forwarded-For is believed: a hop count, or their addresses/CIDRs; false for none.
   * Never "trust every hop", or any client could write its own address.
   */
  trustProxy: TrustProxy;
  /** An active node silent for longer than this many seconds is offline (contracts/node-health.ts). */
  nodeOfflineAfterS: number;
  /** The newest node agent: older agents show "Update available" and alert once (contracts/node-versions.ts). */
  agentLatestVersion: string;
  /**
   * GET /metrics (Prometheus). With a token it is served on the main port to `Authorization: Bearer
   * <token>` only; with a port it is served only on that second listener (also behind the token when both are set).
   * Neither: /metrics is a 404 (docs/metrics.md).
   */
  metrics: { token: string | undefined; port: number | undefined };
  /** Telegram's Bot API base URL, without a trailing slash (docs/alerts.md); tests point it at a local receiver. */
  telegramApiUrl: string;
  /**
   * WEBHOOK_ALLOW_PRIVATE=1: alert channels may target private, loopback and link-local addresses (tests, closed
   * networks). Off by default, so a channel cannot reach the server's own network (docs/alerts.md).
   */
  webhookAllowPrivate: boolean;
}

export type TrustProxy = false | number | string[];

/**
 * Fastify's `trustProxy` for a TRUST_PROXY setting. A hop count becomes proxy-addr's "the first n hops" (Fastify
 * 5.12 refuses a bare number): right only when every request passes exactly n proxies, so the list is safer.
 */
export function trustProxyOption(
  trust: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

/** TRUST_PROXY: unset or 0 (none), a hop count such as 1, or a comma-separated list of addresses and CIDRs. */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = (value ?? '').trim();
  if (text === '' || text === '0') return false;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    const [address, prefix, extra] = entry.split('/');
    const version = net.isIP(address ?? '');
    const prefixOk =
      prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= (version === 6 ? 128 : 32));
    if (!version || !prefixOk || extra !== undefined) {
      throw new Error(
        `TRUST_PROXY: "${entry}" is neither a hop count nor a proxy address or CIDR (e.g. 1, or 10.0.0.2,10.1.0.0/16).`,
      );
    }
  }
  return entries;
}

/** PGLITE_THREAD: unset or `worker` (the default), or `main`. */
export function parsePgliteThread(value: string | undefined): PgliteThreadMode {
  const text = (value ?? '').trim().toLowerCase();
  if (text === '' || text === 'worker') return 'worker';
  if (text === 'main') return 'main';
  throw new Error(`PGLITE_THREAD: "${value}" is neither worker nor main.`);
}

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return !['0', 'false', 'no', 'off'].includes(value.toLowerCase());
}

/** A moment given as ISO 8601 (e.g. 2026-11-27T14:00Z), written back in UTC; a typo stops the server at start. */
function moment(name: string, value: string | undefined): string | null {
  if (value === undefined || value.trim() === '') return null;
  const time = Date.parse(value.trim());
  if (!/^\d{4}-\d\d-\d\dT/.test(value.trim()) || Number.isNaN(time)) {
    throw new Error(`${name}: "${value}" is not an ISO 8601 date and time, e.g. 2026-11-27T14:00Z.`);
  }
  return new Date(time).toISOString();
}

function integer(value: string | undefined, fallback: number): number {
  const parsed = Number.parseInt(value ?? '', 10);
  return Number.isFinite(parsed) ? parsed : fallback;
}

/** The smallest METRICS_TOKEN taken: a guessable token would open the metrics to anyone. */
export const METRICS_TOKEN_MIN_LENGTH = 16;

function metricsSettings(env: NodeJS.ProcessEnv, port: number): Config['metrics'] {
  const token = env.METRICS_TOKEN || undefined;
  if (token !== undefined && (token.length < METRICS_TOKEN_MIN_LENGTH || !/^[\x21-\x7e]+$/.test(token))) {
    throw new Error(
      `METRICS_TOKEN: use at least ${METRICS_TOKEN_MIN_LENGTH} printable characters without spaces (e.g. openssl rand -hex 32).`,
    );
  }
  const text = (env.METRICS_PORT ?? '').trim();
  if (text === '') return { token, port: undefined };
  const metricsPort = Number(text);
  if (!/^\d+$/.test(text) || metricsPort < 1 || metricsPort > 65_535 || metricsPort === port) {
    throw new Error(`METRICS_PORT: "${text}" is not a port (1-65535) other than PORT.`);
  }
  return { token, port: metricsPort };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = integer(env.PORT, 8080);
  const production = env.NODE_ENV === 'production';
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    pgliteThread: parsePgliteThread(env.PGLITE_THREAD),
    publicUrl,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'NODR Dashboard <no-reply@localhost>',
    supportEmail: env.SUPPORT_EMAIL ?? 'support@nodr.example',
    maintenance: flag(env.MAINTENANCE, false),
    maintenanceUntil: moment('MAINTENANCE_UNTIL', env.MAINTENANCE_UNTIL),
    nodrDomain: env.NODR_DOMAIN ?? 'nodr.example',
    nodeImage: env.NODE_IMAGE ?? 'nodr/node:latest',
    installerUrl: env.INSTALLER_URL ?? `${publicUrl}/install/nodr-install.sh`,
    // Demo data is for trying the product; never in production.
    demo: !production && flag(env.DEMO, true),
    production,
    logLevel: env.LOG_LEVEL ?? 'info',
    serviceBases: {
      auth: env.AUTH_BASE_URL ?? '/auth/',
      api: env.API_BASE_URL ?? '/api/',
      stats: env.STATS_BASE_URL ?? '/stats/',
    },
    retention: {
      minuteDays: integer(env.RETENTION_MINUTE_DAYS, 35),
      twentyMinuteDays: integer(env.RETENTION_20MIN_DAYS, 400),
      hourDays: integer(env.RETENTION_HOUR_DAYS, 3 * 365),
    },
    statsCacheMb: integer(env.STATS_CACHE_MB, 32),
    sseFramedWrites: flag(env.SSE_FRAMED_WRITES, true),
    sessionCacheSize: Math.max(0, integer(env.SESSION_CACHE_SIZE, 10_000)),
    shutdownTimeoutS: integer(env.SHUTDOWN_TIMEOUT_S, 10),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    mailHourlyBudget: integer(env.MAIL_HOURLY_BUDGET, MAIL_HOURLY_BUDGET),
    nodeOfflineAfterS: Math.max(1, integer(env.NODE_OFFLINE_AFTER_S, NODE_OFFLINE_AFTER_S_DEFAULT)),
    agentLatestVersion: agentLatestVersion(env.AGENT_LATEST_VERSION),
    metrics: metricsSettings(env, port),
    telegramApiUrl: (env.TELEGRAM_API_URL || 'https://api.telegram.org').replace(/\/+$/, ''),
    webhookAllowPrivate: flag(env.WEBHOOK_ALLOW_PRIVATE, false),
  };
}

/** AGENT_LATEST_VERSION, or the version of the agent the installer ships (this repository's). */
function agentLatestVersion(value: string | undefined): string {
  if (!value) return AGENT_VERSION;
  if (!new RegExp(VERSION_PATTERN).test(value)) {
    throw new Error(`AGENT_LATEST_VERSION must be a version such as 1.4.2, not ${JSON.stringify(value)}.`);
  }
  return value;
}

/** A config for tests: defaults with overrides, never reading the real environment. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ DEMO: '0', LOG_LEVEL: 'silent', PUBLIC_URL: 'http://localhost:8080' }),
    ...overrides,
  };
}
