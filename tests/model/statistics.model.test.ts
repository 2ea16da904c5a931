import { describe, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import type { StatisticsContext } from '../../src/machines/statistics/statistics.machine.ts';
import { statisticsMachine } from '../../src/machines/statistics/statistics.machine.ts';
import type { StatNode } from '../../src/machines/statistics/statistics.selection.ts';
import type { StatSeries } from '../../src/workers/stats.ts';
import { actorDone, actorError, createMachineModel } from './machine-model.ts';

const nodes: StatNode[] = [
  { id: 1, name: 'Edge', status: 10, licenseKey: 'key-1' },
  { id: 2, name: '', status: 20, licenseKey: 'key-2' },
];

function series(interval: number): StatSeries {
  const one = () => new Float64Array([1]);
  return {
    interval,
    times: new Float64Array([1_648_476_720]),
    uplink: one(),
    delivered: one(),
    input: one(),
    quality: one(),
    ratio: one(),
    filled: 1,
    dataFrom: 0,
    dataTo: 0,
    partial: null,
    asOf: null,
    totals: { uplinkBits: 8, deliveredBits: 8, inputBits: 8, viewers: 1, quality: 1, ratio: 1 },
  };
}

const events = [
  { type: 'filter.select', filter: 'week' },
  { type: 'filter.select', filter: 'day' },
  { type: 'node.toggle', id: 1 },
  { type: 'node.toggle', id: 404 },
  { type: 'group.toggle', group: 'inactive' },
  { type: 'perNode.toggle' },
  { type: 'compare.toggle' },
  { type: 'range.select', range: { from: '2026-02-01', to: '2026-02-10' } },
  { type: 'stats.reload' },
  actorDone('setup', { nodes, text: '{}' }),
  actorDone('setup', { nodes, text: '{"filter":"week","selected":[]}' }),
  actorError('setup'),
  actorDone('stats', series(60)),
  actorError('stats'),
  actorDone('sample', series(60)),
  actorError('sample'),
  actorDone('refresh', series(60)),
  actorError('refresh'),
  // The refresh timer of `ready`, and the page being hidden and shown.
  { type: 'xstate.after.refreshDelay.statistics.active.view.ready' },
  { type: 'page.visibility', visible: false },
  { type: 'page.visibility', visible: true },
  actorDone('save', '{"filter":"week","selected":[1]}'),
  actorError('save'),
];

/**
 * A graph state is the machine's state plus the context that changes what happens next or what the screen shows:
 * the filter, whether anything is selected, the sample flag, the interval and whether the page is visible. The series are the stubs' own.
 */
function serializeState(snapshot: AnyMachineSnapshot): string {
  const context = snapshot.context as StatisticsContext;
  return JSON.stringify({
    value: snapshot.value,
    filter: context.filter,
    selected: context.selected.length > 0,
    sample: context.sample,
    discrete: context.discrete,
    visible: context.visible,
  });
}

describe('statisticsMachine (model)', () => {
  const model = createMachineModel(statisticsMachine, {
    events,
    input: { userId: 1, teamId: 1 },
    serializeState,
  });
  for (const path of model.paths) it(path.description, () => model.run(path));
  it('reaches every state and transition', () => model.expectFullCoverage());
});
