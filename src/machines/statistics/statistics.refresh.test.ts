import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { StatSeries } from '../../workers/stats.ts';
import type { StatisticsSetup, StatsLoadInput } from './statistics.actors.ts';
import { isLoadingStat, isRefreshing, statisticsMachine } from './statistics.machine.ts';
import {
  MIN_REFRESH_MS,
  REFRESH_JITTER_MS,
  REFRESH_SECONDS,
  REFRESH_SETTLE_MS,
  refreshDelayMs,
} from './statistics.refresh.ts';
import type { SavedStatSettings, StatNode } from './statistics.selection.ts';

const nodes: StatNode[] = [{ id: 1, name: 'Edge A', status: 10, licenseKey: 'key-a' }];
/** An hour boundary, so also a minute, 5 min and 15 min one (14:00:00 UTC, 28 March 2022). */
const BOUNDARY = 1_648_476_000;

function series(asOf: number | null): StatSeries {
  const one = () => new Float64Array([1]);
  return {
    interval: 60,
    times: new Float64Array([BOUNDARY]),
    uplink: one(),
    delivered: one(),
    input: one(),
    quality: one(),
    ratio: one(),
    filled: 1,
    dataFrom: 0,
    dataTo: 0,
    partial: null,
    asOf,
    totals: { uplinkBits: 8, deliveredBits: 8, inputBits: 8, viewers: 1, quality: 1, ratio: 1 },
  };
}

interface Load {
  input: StatsLoadInput;
  signal: AbortSignal;
}

/** The machine with stub actors; each load answers (or fails) as `answer` says, read at the fake clock's time. */
function start(options: { text?: string; answer?: (load: number) => 'ok' | 'fail' | 'hang' } = {}) {
  const loads: Load[] = [];
  const machine = statisticsMachine.provide({
    actors: {
      loadStatisticsSetup: fromPromise<StatisticsSetup, { userId: number; teamId: number }>(async () => ({
        nodes,
        text: options.text ?? '{}',
      })),
      loadStatSeries: fromPromise<StatSeries, StatsLoadInput>(({ input, signal }) => {
        loads.push({ input, signal });
        const outcome = options.answer?.(loads.length) ?? 'ok';
        if (outcome === 'hang') return new Promise(() => {});
        if (outcome === 'fail') return Promise.reject(new Error('503'));
        return Promise.resolve(series(Date.now() / 1000));
      }),
      loadSampleSeries: fromPromise<StatSeries>(async () => series(null)),
      saveStatSettings: fromPromise<string, { userId: number; teamId: number; settings: SavedStatSettings }>(
        async () => '{}',
      ),
    },
  });
  const actor = createActor(machine, { input: { userId: 7, teamId: 9, jitter: 0 } }).start();
  return { actor, loads };
}

const view = (actor: ReturnType<typeof start>['actor']) =>
  (actor.getSnapshot().value as { active: { view: string } }).active.view;

/** Lets settled promises reach the machine, then moves the fake clock. */
async function advance(ms: number) {
  await vi.advanceTimersByTimeAsync(ms);
}

describe('refreshDelayMs', () => {
  it('reads again just after the next boundary of the filter, plus the settle time and the jitter', () => {
    // Read 10 s past a minute: the next read is 3 s past the next minute.
    expect(refreshDelayMs('day', BOUNDARY + 10, 0)).toBe(53_000);
    // Read 1 s past a minute, before this minute's point was sent: read again 2 s later, once it has been.
    expect(refreshDelayMs('day', BOUNDARY + 1, 0)).toBe(2_000);
    expect(refreshDelayMs('day', BOUNDARY + 10, 4_000)).toBe(57_000);
    expect(refreshDelayMs('week', BOUNDARY + 10, 0)).toBe(293_000);
    expect(refreshDelayMs('month', BOUNDARY + 10, 0)).toBe(893_000);
    expect(refreshDelayMs('day', Number.NaN, 0)).toBe(60_000);
  });

  it('waits at most one period and at least MIN_REFRESH_MS, landing on the tab’s offset past a boundary', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('day' as const, 'week' as const, 'month' as const),
        fc.integer({ min: 1_600_000_000_000, max: 1_900_000_000_000 }),
        fc.integer({ min: -1000, max: REFRESH_JITTER_MS + 1000 }),
        (filter, readMs, jitter) => {
          const period = REFRESH_SECONDS[filter] * 1000;
          const delay = refreshDelayMs(filter, readMs / 1000, jitter);
          expect(delay).toBeGreaterThanOrEqual(MIN_REFRESH_MS);
          expect(delay).toBeLessThanOrEqual(period);
          if (delay > MIN_REFRESH_MS) {
            const offset = REFRESH_SETTLE_MS + Math.min(Math.max(jitter, 0), REFRESH_JITTER_MS);
            expect((((readMs + delay - offset) % period) + period) % period).toBeCloseTo(0, 3);
          }
        },
      ),
    );
  });
});

describe('statisticsMachine refresh', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime((BOUNDARY + 10) * 1000);
  });
  afterEach(() => vi.useRealTimers());

  it('reads Day again just after each minute, in the background, keeping the zoom generation', async () => {
    const { actor, loads } = start();
    await advance(0);
    expect(view(actor)).toBe('ready');
    const generation = actor.getSnapshot().context.generation;
    await advance(52_900);
    expect(loads).toHaveLength(1);
    await advance(200);
    expect(loads).toHaveLength(2);
    expect(loads[1]?.input).toEqual(loads[0]?.input);
    expect(view(actor)).toBe('ready');
    expect(actor.getSnapshot().context.stat?.asOf).toBe(BOUNDARY + 63);
    expect(actor.getSnapshot().context.generation).toBe(generation);
    // Then once a minute, 3 s past it.
    await advance(60_000);
    expect(loads).toHaveLength(3);
    expect(actor.getSnapshot().context.stat?.asOf).toBe(BOUNDARY + 123);
  });

  it('is not a load: no loading flag while a refresh runs', async () => {
    const { actor } = start({ answer: (load) => (load === 1 ? 'ok' : 'hang') });
    await advance(53_000);
    expect(isRefreshing(actor.getSnapshot())).toBe(true);
    expect(isLoadingStat(actor.getSnapshot())).toBe(false);
    expect(actor.getSnapshot().context.stat).not.toBeNull();
  });

  it('reads Week every 5 min and Month every 15 min', async () => {
    const week = start({ text: JSON.stringify({ filter: 'week' }) });
    await advance(292_900);
    expect(week.loads).toHaveLength(1);
    await advance(200);
    expect(week.loads).toHaveLength(2);
    week.actor.stop();

    vi.setSystemTime((BOUNDARY + 10) * 1000);
    const month = start({ text: JSON.stringify({ filter: 'month' }) });
    await advance(300_000);
    expect(month.loads).toHaveLength(1);
    await advance(593_000);
    expect(month.loads).toHaveLength(2);
  });

  it('does not read while the page is hidden, and reads at once when it is shown again', async () => {
    const { actor, loads } = start();
    await advance(0);
    actor.send({ type: 'page.visibility', visible: false });
    await advance(10 * 60_000);
    expect(loads).toHaveLength(1);
    expect(view(actor)).toBe('stale');
    actor.send({ type: 'page.visibility', visible: true });
    expect(loads).toHaveLength(2);
    await advance(0);
    expect(view(actor)).toBe('ready');
  });

  it('starts no second request while one runs', async () => {
    const { loads } = start({ answer: (load) => (load === 2 ? 'hang' : 'ok') });
    await advance(30 * 60_000);
    expect(loads).toHaveLength(2);
  });

  it('keeps the figures when a refresh fails and tries again at the next minute', async () => {
    const { actor, loads } = start({ answer: (load) => (load === 2 ? 'fail' : 'ok') });
    await advance(53_000);
    expect(loads).toHaveLength(2);
    expect(view(actor)).toBe('ready');
    expect(actor.getSnapshot().context.stat?.asOf).toBe(BOUNDARY + 10);
    await advance(60_000);
    expect(loads).toHaveLength(3);
    expect(actor.getSnapshot().context.stat?.asOf).toBe(BOUNDARY + 123);
  });

  it('lets a change of filter abort a running refresh and load afresh', async () => {
    const { actor, loads } = start({ answer: (load) => (load === 2 ? 'hang' : 'ok') });
    await advance(53_000);
    expect(isRefreshing(actor.getSnapshot())).toBe(true);
    const generation = actor.getSnapshot().context.generation;
    actor.send({ type: 'filter.select', filter: 'week' });
    expect(loads[1]?.signal.aborted).toBe(true);
    expect(loads[2]?.input.filter).toBe('week');
    await advance(0);
    expect(actor.getSnapshot().context.generation).toBe(generation + 1);
  });

  it('never refreshes the sample data', async () => {
    const { actor, loads } = start({ text: JSON.stringify({ selected: [] }) });
    await advance(30 * 60_000);
    expect(view(actor)).toBe('showingSample');
    expect(loads).toHaveLength(0);
  });
});
