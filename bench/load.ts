/**
 * Shared by the HTTP benches: the PGlite threads a bench compares, and one autocannon run in a child process (so
 * the load does not share the server's event loop). Figures are printed, never asserted.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { PgliteThreadMode } from '../server/db/database.ts';

/**
 * One server setup a bench measures: where PGlite runs (undefined: PostgreSQL) and SESSION_CACHE_SIZE, which sizes
 * both per-process caches (the sessions and the session check's answers; 0 turns both off).
 */
export interface BenchVariant {
  thread: PgliteThreadMode | undefined;
  sessionCacheSize: number;
  label: string;
}

const CACHE_ON = 10_000;

/**
 * The setups a bench compares, in order. "Before" and "after" of the session cache run in one process, under the
 * same load: without the caches (every request looks its session up in the database, every check its user), then
 * with them (the product's default). On PGlite they run in its worker thread (the product's placement); BENCH_PGLITE_THREADS=main
 * or main,worker adds the HTTP thread (the placement before the worker). BENCH_SESSION_CACHE=on (or off) runs one.
 */
export function benchVariants(): BenchVariant[] {
  const threads: (PgliteThreadMode | undefined)[] = process.env.DATABASE_URL
    ? [undefined]
    : (['main', 'worker'] as const).filter((thread) =>
        (process.env.BENCH_PGLITE_THREADS ?? 'worker').split(',').includes(thread),
      );
  const caches = (process.env.BENCH_SESSION_CACHE ?? 'off,on').split(',');
  return threads.flatMap((thread) =>
    (['off', 'on'] as const)
      .filter((cache) => caches.includes(cache))
      .map((cache) => ({
        thread,
        sessionCacheSize: cache === 'on' ? CACHE_ON : 0,
        label: `${placement(thread)}, session caches ${cache === 'on' ? 'on (after)' : 'off (before)'}`,
      })),
  );
}

/** How a bench names where the database ran. */
function placement(thread: PgliteThreadMode | undefined): string {
  if (thread === undefined) return 'PostgreSQL';
  return thread === 'main' ? 'PGlite on the HTTP thread' : 'PGlite in its worker thread';
}

export interface LoadFigures {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; max: number };
  non2xx: number;
  errors: number;
}

/** `autocannon -c connections -d seconds` against `url`, as JSON. */
export function autocannon(
  url: string,
  options: {
    connections: number;
    seconds: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
  },
): Promise<LoadFigures> {
  const bin = path.join(path.dirname(createRequire(import.meta.url).resolve('autocannon')), 'autocannon.js');
  const headers = Object.entries(options.headers ?? {}).flatMap(([name, value]) => [
    '-H',
    `${name}=${value}`,
  ]);
  const args = [
    bin,
    '-c',
    String(options.connections),
    '-d',
    String(options.seconds),
    '-m',
    options.method ?? 'GET',
    ...(options.body === undefined ? [] : ['-b', options.body]),
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...args, ...headers, '--json', url], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.on('error', reject);
    child.on('exit', () => resolve(JSON.parse(out) as LoadFigures));
  });
}

/** One line of figures: requests per second, p50, p99 and max latency, and failures. */
export function describeLoad(label: string, figures: LoadFigures): string {
  return (
    `${label}: ${Math.round(figures.requests.average)} req/s, latency p50 ${figures.latency.p50} ms, ` +
    `p99 ${figures.latency.p99} ms, max ${figures.latency.max} ms, ${figures.non2xx} non-2xx, ${figures.errors} errors`
  );
}
