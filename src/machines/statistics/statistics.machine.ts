import { assign, enqueueActions, type SnapshotFrom, setup } from 'xstate';
import { STATS_PERIOD, type StatsPeriod } from '../../../contracts/stats-periods.ts';
import type { NodeSeries } from '../../workers/stats.per-node.ts';
import type { StatSeries } from '../../workers/stats.ts';
import {
  type LoadedStats,
  loadSampleSeries,
  loadStatisticsSetup,
  loadStatSeries,
  type StatisticsSetup,
  type StatsLoadInput,
  saveStatSettings,
} from './statistics.actors.ts';
import type { CustomRange } from './statistics.range.ts';
import { REFRESH_JITTER_MS, refreshDelayMs } from './statistics.refresh.ts';
import {
  parseObject,
  restoreSettings,
  type StatGroup,
  type StatNode,
  settingsToSave,
  toggleGroup,
} from './statistics.selection.ts';

/** spec 3 'Statistics state', by its names where they carry over (see docs/web-statistics.md). */
export interface StatisticsContext {
  userId: number;
  teamId: number;
  /** The statistics set: nodes with statuses 10, 20, 30, 40 and 50. */
  nodes: StatNode[];
  /** Day / Week / Month (spec 2: Day by default); the one saved, and shown unless a custom range is. */
  filter: StatsPeriod;
  /** The custom range on screen instead of the filter's window, or null (docs/web-statistics.md). */
  range: CustomRange | null;
  /** Selected node ids (spec 2: every active node by default). */
  selected: number[];
  /** Nodes that became active since the settings were saved and so joined the selection: shown as new this visit. */
  fresh: number[];
  /** stat and statTotal: the series on screen and their totals; null before the first answer. */
  stat: StatSeries | null;
  /** The per-node breakdown is on (the 'Per node' switch): each selected node is drawn and listed on its own. */
  perNode: boolean;
  /** Each selected node's series, when the breakdown is on and its answer came; null otherwise. */
  nodeStat: NodeSeries[] | null;
  /** Compare with the previous period (the checkbox): the window of the same length before is read too. */
  compare: boolean;
  /** The previous window's series, when comparing and it was read; null otherwise. */
  previous: StatSeries | null;
  /** The series on screen is the built-in sample (mokStat), shown when no node is selected. */
  sample: boolean;
  /** The interval in seconds: 60 by default, then 60 / 1200 / 3600 after a successful load (spec 4). */
  discrete: number;
  /** statTabs: the saved settings as parsed from the last save's answer. */
  statTabs: Record<string, unknown>;
  /** Counts the loads a person asked for (not the timed refreshes): a new one resets the charts' zoom. */
  generation: number;
  /** The page is visible (document.visibilityState): a hidden tab does not refresh. */
  visible: boolean;
  /** This tab's offset past each refresh boundary, ms, so that many tabs do not read at the same instant. */
  jitter: number;
}

export interface StatisticsInput {
  userId: number;
  teamId: number;
  /** A custom range to open on (the address's), instead of the filter's window. */
  range?: CustomRange | null;
  /** Whether the page is visible now (default: yes). */
  visible?: boolean;
  /** The refresh offset, ms (default: random within REFRESH_JITTER_MS). */
  jitter?: number;
}

export type StatisticsEvent =
  | { type: 'filter.select'; filter: StatsPeriod }
  /** Show a custom range (From and To dates, UTC) instead of the filter's window. */
  | { type: 'range.select'; range: CustomRange }
  | { type: 'node.toggle'; id: number }
  | { type: 'group.toggle'; group: StatGroup }
  /** Turn the per-node breakdown on or off. */
  | { type: 'perNode.toggle' }
  /** Turn the comparison with the previous period on or off. */
  | { type: 'compare.toggle' }
  /** Reload what the screen shows (the 'Try again' of a failure, a refresh). */
  | { type: 'stats.reload' }
  /** Save the filter and the selection (raised after each change of either). */
  | { type: 'settings.save' }
  /** The page was shown or hidden (visibilitychange). */
  | { type: 'page.visibility'; visible: boolean };

/**
 * The Statistics screen (spec 2, 4): the node list and saved settings first, then either the sample data (nothing
 * selected) or the selected nodes' statistics for the filter; each change of filter or selection reloads and saves.
 */
export const statisticsMachine = setup({
  types: {
    context: {} as StatisticsContext,
    events: {} as StatisticsEvent,
    input: {} as StatisticsInput,
  },
  actors: { loadStatisticsSetup, loadStatSeries, loadSampleSeries, saveStatSettings },
  actions: {
    assignSetup: assign(({ context }, setup: StatisticsSetup) => ({
      nodes: setup.nodes,
      ...restoreSettings(setup.text, setup.nodes),
      statTabs: parseObject(setup.text) ?? context.statTabs,
    })),
    // Nodes that joined the selection are saved at once, so they are new on this visit only.
    saveIfFresh: enqueueActions(({ context, enqueue }) => {
      if (context.fresh.length > 0) enqueue.raise({ type: 'settings.save' });
    }),
    assignFilter: assign((_, filter: StatsPeriod) => ({ filter, range: null })),
    assignRange: assign((_, range: CustomRange) => ({ range })),
    // The range is the view only: the saved settings keep the filter, so it is not saved.
    reload: enqueueActions(({ enqueue }) => enqueue.raise({ type: 'stats.reload' })),
    toggleNode: assign(({ context }, id: number) => ({
      selected: context.selected.includes(id)
        ? context.selected.filter((selected) => selected !== id)
        : [...context.selected, id],
    })),
    toggleGroup: assign(({ context }, group: StatGroup) => ({
      selected: toggleGroup(context.selected, context.nodes, group),
    })),
    // spec 4: after a successful load the interval becomes 60 s for Day, 1200 s for Week, 3600 s for Month.
    // A custom range's interval is the one the server read it in.
    assignStat: assign(({ context }, { perNode, previous, ...stat }: LoadedStats) => ({
      stat,
      nodeStat: perNode ?? null,
      previous: previous ?? null,
      sample: false,
      discrete: context.range ? stat.interval : STATS_PERIOD[context.filter].intervalSeconds,
      generation: context.generation + 1,
    })),
    // A timed refresh of the same view: new figures, the same zoom.
    assignRefresh: assign((_, { perNode, previous, ...stat }: LoadedStats) => ({
      stat,
      nodeStat: perNode ?? null,
      previous: previous ?? null,
    })),
    toggleCompare: assign(({ context }) => ({ compare: !context.compare })),
    // A view choice, like the range: not saved.
    togglePerNode: assign(({ context }) => ({ perNode: !context.perNode })),
    // The sample points are 60 s apart (spec 9), so its interval is the default one.
    assignSample: assign(({ context }, stat: StatSeries) => ({
      stat,
      nodeStat: null,
      previous: null,
      sample: true,
      discrete: 60,
      generation: context.generation + 1,
    })),
    assignVisibility: assign((_, visible: boolean) => ({ visible })),
    // Raised after the context changed, so that the view's guard sees the new selection.
    reloadAndSave: enqueueActions(({ enqueue }) => {
      enqueue.raise({ type: 'stats.reload' });
      enqueue.raise({ type: 'settings.save' });
    }),
    // spec 4: on success the response field text is parsed as JSON and becomes the tabs.
    assignTabs: assign(({ context }, text: string) => ({ statTabs: parseObject(text) ?? context.statTabs })),
  },
  guards: {
    nothingSelected: ({ context }) => selectedKeys(context).length === 0,
    nothingRestored: (_, setup: StatisticsSetup) =>
      selectedKeys({ nodes: setup.nodes, selected: restoreSettings(setup.text, setup.nodes).selected })
        .length === 0,
    filterChanged: ({ context }, filter: StatsPeriod) => filter !== context.filter || context.range !== null,
    rangeChanged: ({ context }, range: CustomRange) =>
      range.from !== context.range?.from || range.to !== context.range?.to,
    knownNode: ({ context }, id: number) => context.nodes.some((node) => node.id === id),
    pageVisible: ({ context }) => context.visible,
  },
  delays: {
    // Day once a minute, Week every 5 min, Month every 15 min, each just after a boundary (statistics.refresh.ts).
    // Counted from the wall clock when the wait starts, so a failed read (which has no time of its own) still
    // keeps the reads on their boundaries; tests move it with fake timers.
    // A custom range is read again at the Month pace: it reaches today at most, where only its last bucket grows.
    refreshDelay: ({ context }) =>
      refreshDelayMs(context.range ? 'month' : context.filter, Date.now() / 1000, context.jitter),
  },
}).createMachine({
  id: 'statistics',
  context: ({ input }) => ({
    userId: input.userId,
    teamId: input.teamId,
    nodes: [],
    filter: 'day',
    range: input.range ?? null,
    selected: [],
    fresh: [],
    stat: null,
    perNode: false,
    nodeStat: null,
    compare: false,
    previous: null,
    sample: false,
    discrete: 60,
    statTabs: {},
    generation: 0,
    visible: input.visible ?? true,
    jitter: input.jitter ?? Math.random() * REFRESH_JITTER_MS,
  }),
  on: {
    'page.visibility': { actions: { type: 'assignVisibility', params: ({ event }) => event.visible } },
  },
  initial: 'starting',
  states: {
    starting: {
      invoke: {
        id: 'setup',
        src: 'loadStatisticsSetup',
        input: ({ context }) => ({ userId: context.userId, teamId: context.teamId }),
        onDone: [
          {
            guard: { type: 'nothingRestored', params: ({ event }) => event.output },
            target: '#statistics.active.view.sample',
            actions: [{ type: 'assignSetup', params: ({ event }) => event.output }, 'saveIfFresh'],
          },
          {
            target: '#statistics.active.view.loading',
            actions: [{ type: 'assignSetup', params: ({ event }) => event.output }, 'saveIfFresh'],
          },
        ],
        onError: 'unavailable',
      },
    },
    // The node list could not be read: nothing to choose from, so the failure message and a retry.
    unavailable: {
      on: { 'stats.reload': 'starting' },
    },
    active: {
      type: 'parallel',
      // Each change saves the settings and reloads the charts; a newer change supersedes a running request.
      on: {
        'filter.select': {
          guard: { type: 'filterChanged', params: ({ event }) => event.filter },
          actions: [{ type: 'assignFilter', params: ({ event }) => event.filter }, 'reloadAndSave'],
        },
        'range.select': {
          guard: { type: 'rangeChanged', params: ({ event }) => event.range },
          actions: [{ type: 'assignRange', params: ({ event }) => event.range }, 'reload'],
        },
        'node.toggle': {
          guard: { type: 'knownNode', params: ({ event }) => event.id },
          actions: [{ type: 'toggleNode', params: ({ event }) => event.id }, 'reloadAndSave'],
        },
        'group.toggle': {
          actions: [{ type: 'toggleGroup', params: ({ event }) => event.group }, 'reloadAndSave'],
        },
        'perNode.toggle': { actions: ['togglePerNode', 'reload'] },
        'compare.toggle': { actions: ['toggleCompare', 'reload'] },
      },
      states: {
        view: {
          // Entered only through explicit targets (sample or loading), chosen by the selection.
          initial: 'sample',
          // Targets inside the region without `reenter`: the running child restarts, the other region is untouched
          // (re-entering a region of a parallel state would re-enter them all).
          on: {
            'stats.reload': [{ guard: 'nothingSelected', target: '.sample' }, { target: '.loading' }],
          },
          states: {
            // spec 4: with no node selected the sample data is loaded (and the screen asks to choose a node).
            sample: {
              invoke: {
                id: 'sample',
                src: 'loadSampleSeries',
                onDone: {
                  target: 'showingSample',
                  actions: { type: 'assignSample', params: ({ event }) => event.output },
                },
                onError: 'failed',
              },
            },
            showingSample: {},
            loading: {
              invoke: {
                id: 'stats',
                src: 'loadStatSeries',
                input: ({ context }) => loadInputOf(context),
                onDone: {
                  target: 'ready',
                  actions: { type: 'assignStat', params: ({ event }) => event.output },
                },
                onError: 'failed',
              },
            },
            // The figures on screen; they are read again on a timer while the page is visible.
            ready: {
              after: {
                refreshDelay: [{ guard: 'pageVisible', target: 'refreshing' }, { target: 'stale' }],
              },
            },
            // A refresh fell due while the page was hidden: it runs when the page is shown again.
            stale: {
              always: { guard: 'pageVisible', target: 'refreshing' },
            },
            // The same view read again in the background: the charts stay, no loading overlay. A failure keeps
            // the figures (their 'Updated' time tells their age) and tries again at the next tick.
            refreshing: {
              invoke: {
                id: 'refresh',
                src: 'loadStatSeries',
                input: ({ context }) => loadInputOf(context),
                onDone: {
                  target: 'ready',
                  actions: { type: 'assignRefresh', params: ({ event }) => event.output },
                },
                onError: 'ready',
              },
            },
            // spec 8: 'Sorry, something went wrong... Please try again later'.
            failed: {},
          },
        },
        settings: {
          initial: 'idle',
          on: { 'settings.save': '.saving' },
          states: {
            idle: {},
            // spec 4: the tabs-loading flag is on while saving; a failure only clears it.
            saving: {
              invoke: {
                id: 'save',
                src: 'saveStatSettings',
                input: ({ context }) => ({
                  userId: context.userId,
                  teamId: context.teamId,
                  settings: settingsToSave(context.filter, context.selected, context.nodes),
                }),
                onDone: {
                  target: 'idle',
                  actions: { type: 'assignTabs', params: ({ event }) => event.output },
                },
                onError: 'idle',
              },
            },
          },
        },
      },
    },
  },
});

/** The selected nodes that have a license key, in the list's order. */
function selectedNodes(context: Pick<StatisticsContext, 'nodes' | 'selected'>): StatNode[] {
  return context.nodes.filter((node) => context.selected.includes(node.id) && node.licenseKey !== '');
}

/** The license keys of the selected nodes (spec 7 payload). */
export function selectedKeys(context: Pick<StatisticsContext, 'nodes' | 'selected'>): string[] {
  return selectedNodes(context).map((node) => node.licenseKey);
}

/** What a load of the view reads: the filter or range, the selected nodes, and their ids for the breakdown. */
function loadInputOf(context: StatisticsContext): StatsLoadInput {
  return {
    filter: context.filter,
    range: context.range,
    teamId: context.teamId,
    licenceKeys: selectedKeys(context),
    perNode: context.perNode ? selectedNodes(context).map((node) => node.id) : null,
    compare: context.compare,
  };
}

export type StatisticsSnapshot = SnapshotFrom<typeof statisticsMachine>;

/** spec 3 isLoadedStat: statistics (or the node list) are being fetched. */
export const isLoadingStat = (snapshot: StatisticsSnapshot) =>
  snapshot.matches('starting') ||
  snapshot.matches({ active: { view: 'loading' } }) ||
  snapshot.matches({ active: { view: 'sample' } });

/** spec 3 isLoadedStatError: the last load failed. */
export const isStatError = (snapshot: StatisticsSnapshot) =>
  snapshot.matches('unavailable') || snapshot.matches({ active: { view: 'failed' } });

/** A timed refresh of the figures on screen is running. */
export const isRefreshing = (snapshot: StatisticsSnapshot) =>
  snapshot.matches({ active: { view: 'refreshing' } });

/** spec 3 isLoadingStatTabs: the settings are being saved. */
export const isSavingTabs = (snapshot: StatisticsSnapshot) =>
  snapshot.matches({ active: { settings: 'saving' } });
