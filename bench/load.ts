/**
 * Shared by the HTTP benches: the PGlite threads a bench compares, and one autocannon run in a child process (so
 * the load does not share the server's event loop). Figures are printed, never asserted.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { PgliteThreadMode } from '../server/db/database.ts';

/**
 * The database placements a bench runs, in order: on PGlite the HTTP thread ("before", issue 12) then the worker
 * thread ("after"); on PostgreSQL (DATABASE_URL) the one server. BENCH_PGLITE_THREADS=worker runs one of them.
 */
export function benchThreads(): (PgliteThreadMode | undefined)[] {
  if (process.env.DATABASE_URL) return [undefined];
  const chosen = (process.env.BENCH_PGLITE_THREADS ?? 'main,worker').split(',');
  return (['main', 'worker'] as const).filter((thread) => chosen.includes(thread));
}

/** How a bench names where the database ran. */
export function placement(thread: PgliteThreadMode | undefined): string {
  if (thread === undefined) return 'PostgreSQL';
  return thread === 'main' ? 'PGlite on the HTTP thread (before)' : 'PGlite in its worker thread (after)';
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
  options: { connections: number; seconds: number; method?: string; headers?: Record<string, string> },
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
