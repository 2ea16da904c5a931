import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database.ts';
import { claimRun } from '../../server/lib/jobs.repository.ts';
import { freshDatabase } from '../helpers/database.ts';

const HOUR_MS = 3_600_000;

// Every replica runs the timers of the periodic jobs; the claim lets one of them do each period's run.
describe('claiming a periodic run', () => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(() => database.close());

  it('gives each period to exactly one of many replicas asking at once', async () => {
    const now = new Date('2026-11-22T10:00:00Z');
    const claims = await Promise.all(
      Array.from({ length: 8 }, () => claimRun(database.db, 'race', now, HOUR_MS)),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
  });

  it('refuses a replica whose timer fires later in the same period, and gives it the next period', async () => {
    const start = new Date('2026-11-22T10:00:00Z');
    const at = (ms: number) => new Date(start.getTime() + ms);
    expect(await claimRun(database.db, 'drift', start, HOUR_MS)).toBe(true);
    // Another replica started 20 minutes later: its timer fires 20 minutes after each run.
    expect(await claimRun(database.db, 'drift', at(20 * 60_000), HOUR_MS)).toBe(false);
    expect(await claimRun(database.db, 'drift', at(HOUR_MS), HOUR_MS)).toBe(true);
    expect(await claimRun(database.db, 'drift', at(HOUR_MS + 20 * 60_000), HOUR_MS)).toBe(false);
  });

  it('keeps each job apart', async () => {
    const now = new Date('2026-11-22T10:00:00Z');
    expect(await claimRun(database.db, 'one', now, HOUR_MS)).toBe(true);
    expect(await claimRun(database.db, 'two', now, HOUR_MS)).toBe(true);
  });
});
