import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { type Config, testConfig } from '../../server/config.ts';
import type { Database } from '../../server/db/database.ts';
import { freshDatabase } from '../helpers/database.ts';

/** The request lines that one GET /healthz writes to the log, with the server configured so. */
async function requestLines(overrides: Partial<Config>): Promise<{ level: number; msg: string }[]> {
  const lines: string[] = [];
  const app = await buildApp({
    config: testConfig(overrides),
    database,
    logStream: { write: (line: string) => void lines.push(line) },
  });
  await app.inject({ method: 'GET', url: '/healthz' });
  await app.close();
  return lines
    .map((line) => JSON.parse(line) as { level: number; msg: string })
    .filter((line) => line.msg === 'incoming request' || line.msg === 'request completed');
}

let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(async () => {
  await database.close();
});

// pino's levels: 20 debug, 30 info.
describe('request lines in the log', () => {
  it('are info lines outside demo mode', async () => {
    const lines = await requestLines({ demo: false, logLevel: 'info' });
    expect(lines.map((line) => [line.msg, line.level])).toEqual([
      ['incoming request', 30],
      ['request completed', 30],
    ]);
  });

  it('are debug lines in demo mode, so the demo sign-in and mail links do not scroll away', async () => {
    expect(await requestLines({ demo: true, logLevel: 'info' })).toEqual([]);
    const lines = await requestLines({ demo: true, logLevel: 'debug' });
    expect(lines.map((line) => [line.msg, line.level])).toEqual([
      ['incoming request', 20],
      ['request completed', 20],
    ]);
  });
});
