import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { StatSeries } from '../../workers/stats.ts';
import type { LoadedStats, StatisticsSetup, StatsLoadInput } from './statistics.actors.ts';
import { isLoadingStat, isSavingTabs, isStatError, statisticsMachine } from './statistics.machine.ts';
import type { CustomRange } from './statistics.range.ts';
import type { SavedStatSettings, StatNode } from './statistics.selection.ts';

const nodes: StatNode[] = [
  { id: 1, name: 'Edge A', status: 10, licenseKey: 'key-a' },
  { id: 2, name: '', status: 10, licenseKey: 'key-b' },
  { id: 3, name: 'Spare', status: 20, licenseKey: 'key-c' },
  { id: 4, name: 'Old', status: 50, licenseKey: 'key-d' },
];

function series(interval: number): StatSeries {
  const empty = new Float64Array(0);
  return {
    interval,
    times: empty,
    uplink: empty,
    delivered: empty,
    input: empty,
    quality: empty,
    ratio: empty,
    filled: 0,
    dataFrom: -1,
    dataTo: -1,
    partial: null,
    asOf: null,
    totals: { uplinkBits: 0, deliveredBits: 0, inputBits: 0, viewers: 0, quality: 0, ratio: 0 },
  };
}

function start(
  options: { text?: string | null; failSetup?: boolean; failStats?: boolean; range?: CustomRange } = {},
) {
  const loads: StatsLoadInput[] = [];
  const saves: SavedStatSettings[] = [];
  const machine = statisticsMachine.provide({
    actors: {
      loadStatisticsSetup: fromPromise<StatisticsSetup, { userId: number; teamId: number }>(async () => {
        if (options.failSetup) throw new Error('offline');
        return { nodes, text: options.text ?? '{}' };
      }),
      loadStatSeries: fromPromise<LoadedStats, StatsLoadInput>(async ({ input }) => {
        loads.push(input);
        if (options.failStats) throw new Error('500');
        // The server reads a range in its own bucket; the series carries it.
        const stat = series(input.range ? 1200 : 0);
        const previous = input.compare ? { previous: series(input.range ? 1200 : 0) } : {};
        const perNode = input.perNode ? { perNode: input.perNode.map((id) => ({ id, series: stat })) } : {};
        return { ...stat, ...previous, ...perNode };
      }),
      loadSampleSeries: fromPromise<StatSeries>(async () => series(60)),
      saveStatSettings: fromPromise<string, { userId: number; teamId: number; settings: SavedStatSettings }>(
        async ({ input }) => {
          saves.push(input.settings);
          return JSON.stringify(input.settings);
        },
      ),
    },
  });
  const actor = createActor(machine, { input: { userId: 7, teamId: 9, range: options.range } });
  actor.start();
  return { actor, loads, saves };
}

const settled = (actor: ReturnType<typeof start>['actor']) =>
  waitFor(actor, (snapshot) => !isLoadingStat(snapshot) && !isSavingTabs(snapshot));

describe('statisticsMachine', () => {
  it('starts on Day with every active node selected and loads their statistics', async () => {
    const { actor, loads } = start();
    expect(isLoadingStat(actor.getSnapshot())).toBe(true);
    const snapshot = await settled(actor);
    expect(snapshot.matches({ active: { view: 'ready' } })).toBe(true);
    expect(snapshot.context.filter).toBe('day');
    expect(snapshot.context.selected).toEqual([1, 2]);
    expect(loads).toEqual([
      {
        filter: 'day',
        range: null,
        teamId: 9,
        licenceKeys: ['key-a', 'key-b'],
        perNode: null,
        compare: false,
      },
    ]);
    expect(snapshot.context.discrete).toBe(60);
    expect(snapshot.context.sample).toBe(false);
  });

  it('sets the interval to 1200 s for Week and 3600 s for Month after the load, and saves the filter', async () => {
    const { actor, loads, saves } = start();
    await settled(actor);
    actor.send({ type: 'filter.select', filter: 'week' });
    expect(actor.getSnapshot().context.discrete).toBe(60);
    expect(isSavingTabs(actor.getSnapshot())).toBe(true);
    expect((await settled(actor)).context.discrete).toBe(1200);
    actor.send({ type: 'filter.select', filter: 'month' });
    const snapshot = await settled(actor);
    expect(snapshot.context.discrete).toBe(3600);
    expect(loads.map((load) => load.filter)).toEqual(['day', 'week', 'month']);
    expect(saves).toEqual([
      { filter: 'week', selected: [1, 2], active: [1, 2], deleted: [4] },
      { filter: 'month', selected: [1, 2], active: [1, 2], deleted: [4] },
    ]);
    expect(snapshot.context.statTabs).toEqual({
      filter: 'month',
      selected: [1, 2],
      active: [1, 2],
      deleted: [4],
    });
  });

  it('shows a custom range instead of the filter, with the interval it was read in, without saving it', async () => {
    const { actor, loads, saves } = start();
    await settled(actor);
    const range = { from: '2026-03-01', to: '2026-03-07' };
    actor.send({ type: 'range.select', range });
    const snapshot = await settled(actor);
    expect(snapshot.context.range).toEqual(range);
    expect(snapshot.context.discrete).toBe(1200);
    expect(loads.at(-1)).toEqual({
      filter: 'day',
      range,
      teamId: 9,
      licenceKeys: ['key-a', 'key-b'],
      perNode: null,
      compare: false,
    });
    // The same range again reads nothing more.
    actor.send({ type: 'range.select', range: { ...range } });
    await settled(actor);
    expect(loads).toHaveLength(2);
    expect(saves).toEqual([]);
  });

  it('leaves the custom range for a period, even the one it was on, and saves that period', async () => {
    const { actor, loads, saves } = start({ range: { from: '2026-03-01', to: '2026-03-02' } });
    expect((await settled(actor)).context.range).toEqual({ from: '2026-03-01', to: '2026-03-02' });
    actor.send({ type: 'filter.select', filter: 'day' });
    const snapshot = await settled(actor);
    expect(snapshot.context.range).toBeNull();
    expect(snapshot.context.discrete).toBe(60);
    expect(loads.map((load) => load.range)).toEqual([{ from: '2026-03-01', to: '2026-03-02' }, null]);
    expect(saves).toEqual([{ filter: 'day', selected: [1, 2], active: [1, 2], deleted: [4] }]);
  });

  it('shows the sample data once nothing is selected', async () => {
    const { actor } = start();
    await settled(actor);
    actor.send({ type: 'node.toggle', id: 1 });
    actor.send({ type: 'node.toggle', id: 2 });
    const snapshot = await settled(actor);
    expect(snapshot.matches({ active: { view: 'showingSample' } })).toBe(true);
    expect(snapshot.context.sample).toBe(true);
    expect(snapshot.context.selected).toEqual([]);
  });

  it('restores a saved filter and selection, ignoring nodes that are gone', async () => {
    const { actor, loads } = start({ text: JSON.stringify({ filter: 'month', selected: [3, 99] }) });
    const snapshot = await settled(actor);
    expect(snapshot.context.filter).toBe('month');
    expect(snapshot.context.selected).toEqual([3]);
    expect(loads).toEqual([
      { filter: 'month', range: null, teamId: 9, licenceKeys: ['key-c'], perNode: null, compare: false },
    ]);
  });

  it('the per-node switch reloads with the ids of the selected nodes, keeps each node series apart, and is not saved', async () => {
    const { actor, loads, saves } = start();
    await settled(actor);
    actor.send({ type: 'perNode.toggle' });
    let snapshot = await settled(actor);
    expect(snapshot.context.perNode).toBe(true);
    expect(loads.at(-1)).toMatchObject({ licenceKeys: ['key-a', 'key-b'], perNode: [1, 2] });
    expect(snapshot.context.nodeStat?.map((node) => node.id)).toEqual([1, 2]);
    expect(snapshot.context.stat).not.toHaveProperty('perNode');
    actor.send({ type: 'node.toggle', id: 2 });
    snapshot = await settled(actor);
    expect(loads.at(-1)).toMatchObject({ licenceKeys: ['key-a'], perNode: [1] });
    expect(snapshot.context.nodeStat?.map((node) => node.id)).toEqual([1]);
    actor.send({ type: 'perNode.toggle' });
    snapshot = await settled(actor);
    expect(loads.at(-1)).toMatchObject({ perNode: null });
    expect(snapshot.context.nodeStat).toBeNull();
    expect(saves.every((saved) => !('perNode' in saved))).toBe(true);
  });

  it('the comparison reloads with compare on, keeps the previous series apart, and is not saved', async () => {
    const { actor, loads, saves } = start();
    await settled(actor);
    actor.send({ type: 'compare.toggle' });
    let snapshot = await settled(actor);
    expect(snapshot.context.compare).toBe(true);
    expect(loads.at(-1)).toMatchObject({ compare: true });
    expect(snapshot.context.previous).not.toBeNull();
    expect(snapshot.context.stat).not.toHaveProperty('previous');
    actor.send({ type: 'compare.toggle' });
    snapshot = await settled(actor);
    expect(loads.at(-1)).toMatchObject({ compare: false });
    expect(snapshot.context.previous).toBeNull();
    expect(saves).toEqual([]);
  });

  it('adds a node that became active after the save, marks it new once, and saves what it saw', async () => {
    const saved = { filter: 'week', selected: [1], active: [1], deleted: [4] };
    const first = start({ text: JSON.stringify(saved) });
    const snapshot = await settled(first.actor);
    expect(snapshot.context.filter).toBe('week');
    expect(snapshot.context.selected).toEqual([1, 2]);
    expect(snapshot.context.fresh).toEqual([2]);
    expect(first.loads).toEqual([
      {
        filter: 'week',
        range: null,
        teamId: 9,
        licenceKeys: ['key-a', 'key-b'],
        perNode: null,
        compare: false,
      },
    ]);
    expect(first.saves).toEqual([{ filter: 'week', selected: [1, 2], active: [1, 2], deleted: [4] }]);
    const again = start({ text: JSON.stringify(first.saves[0]) });
    const later = await settled(again.actor);
    expect(later.context.selected).toEqual([1, 2]);
    expect(later.context.fresh).toEqual([]);
    expect(again.saves).toEqual([]);
  });

  it('drops a node deleted after the save, but keeps a deleted node the person chose', async () => {
    const deletedSince = start({
      text: JSON.stringify({ filter: 'day', selected: [1, 4], active: [1, 2, 4], deleted: [] }),
    });
    expect((await settled(deletedSince.actor)).context.selected).toEqual([1]);
    const chosen = start({
      text: JSON.stringify({ filter: 'day', selected: [1, 4], active: [1, 2], deleted: [4] }),
    });
    expect((await settled(chosen.actor)).context.selected).toEqual([1, 4]);
  });

  it('restores an empty selection as the sample data', async () => {
    const { actor, loads } = start({ text: JSON.stringify({ filter: 'week', selected: [] }) });
    const snapshot = await settled(actor);
    expect(snapshot.context.sample).toBe(true);
    expect(loads).toEqual([]);
  });

  it('falls back to the defaults when the saved text is not readable', async () => {
    const { actor } = start({ text: 'not json' });
    const snapshot = await settled(actor);
    expect(snapshot.context.filter).toBe('day');
    expect(snapshot.context.selected).toEqual([1, 2]);
  });

  it('toggles a whole group, and ignores unknown nodes and the current filter', async () => {
    const { actor, saves } = start();
    await settled(actor);
    actor.send({ type: 'group.toggle', group: 'inactive' });
    expect(actor.getSnapshot().context.selected).toEqual([1, 2, 3]);
    actor.send({ type: 'group.toggle', group: 'active' });
    expect(actor.getSnapshot().context.selected).toEqual([3]);
    await settled(actor);
    actor.send({ type: 'node.toggle', id: 99 });
    actor.send({ type: 'filter.select', filter: 'day' });
    expect(isLoadingStat(actor.getSnapshot())).toBe(false);
    expect(saves.at(-1)).toEqual({ filter: 'day', selected: [3], active: [1, 2], deleted: [4] });
  });

  it('fails a load with the error flag and retries on request', async () => {
    const { actor, loads } = start({ failStats: true });
    const snapshot = await settled(actor);
    expect(isStatError(snapshot)).toBe(true);
    actor.send({ type: 'stats.reload' });
    await settled(actor);
    expect(loads).toHaveLength(2);
  });

  it('is unavailable when the node list cannot be read', async () => {
    const { actor } = start({ failSetup: true });
    const snapshot = await settled(actor);
    expect(snapshot.matches('unavailable')).toBe(true);
    expect(isStatError(snapshot)).toBe(true);
  });

  it('keeps the tabs when a save fails, and only clears the saving flag', async () => {
    const failing = statisticsMachine.provide({
      actors: {
        loadStatisticsSetup: fromPromise<StatisticsSetup, { userId: number; teamId: number }>(async () => ({
          nodes,
          text: '{"filter":"day"}',
        })),
        loadStatSeries: fromPromise<StatSeries, StatsLoadInput>(async () => series(60)),
        loadSampleSeries: fromPromise(async () => series(60)),
        saveStatSettings: fromPromise<
          string,
          { userId: number; teamId: number; settings: SavedStatSettings }
        >(
          vi.fn(async () => {
            throw new Error('500');
          }),
        ),
      },
    });
    const actor = createActor(failing, { input: { userId: 7, teamId: 9 } }).start();
    await settled(actor);
    actor.send({ type: 'filter.select', filter: 'week' });
    const snapshot = await settled(actor);
    expect(snapshot.context.statTabs).toEqual({ filter: 'day' });
    expect(snapshot.context.filter).toBe('week');
  });

  it('lets a newer change supersede a running load (its request is aborted) and keeps only the newer answer', async () => {
    const signals: AbortSignal[] = [];
    const answers: ((series: StatSeries) => void)[] = [];
    const machine = statisticsMachine.provide({
      actors: {
        loadStatisticsSetup: fromPromise<StatisticsSetup, { userId: number; teamId: number }>(async () => ({
          nodes,
          text: '{}',
        })),
        loadStatSeries: fromPromise<StatSeries, StatsLoadInput>(({ signal }) => {
          signals.push(signal);
          return new Promise((resolve) => answers.push(resolve));
        }),
        loadSampleSeries: fromPromise<StatSeries>(async () => series(60)),
        saveStatSettings: fromPromise<
          string,
          { userId: number; teamId: number; settings: SavedStatSettings }
        >(async () => '{}'),
      },
    });
    const actor = createActor(machine, { input: { userId: 7, teamId: 9 } }).start();
    await waitFor(actor, () => signals.length === 1);
    actor.send({ type: 'filter.select', filter: 'month' });
    expect(signals).toHaveLength(2);
    expect(signals[0]?.aborted).toBe(true);
    answers[0]?.(series(60));
    answers[1]?.(series(3600));
    const snapshot = await settled(actor);
    expect(snapshot.context.stat?.interval).toBe(3600);
    expect(snapshot.context.discrete).toBe(3600);
  });
});
