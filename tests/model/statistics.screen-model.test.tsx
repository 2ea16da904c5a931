import '../setup/charts.ts';
import '@vitest/web-worker';
import { act, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, vi } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { ApiError, NetworkError } from '../../src/api/client.ts';
import { selectedKeys, statisticsMachine } from '../../src/machines/statistics/statistics.machine.ts';
import { StatisticsView } from '../../src/screens/statistics/statistics-view.tsx';
import { makeNode } from '../fixtures/node-fixtures.ts';
import { actorDone, actorError } from './machine-model.ts';
import { answerFor, type PendingCall } from './pending-network.ts';
import { describeScreenModel, type View } from './screen-model.ts';

/**
 * spec 2, 4, 7 and 8 (Statistics) and the timed refresh: the node list and the saved settings first, then the
 * sample data or the selected nodes' statistics; each change reloads and saves.
 *
 * The seam: the statistics answers reach the screen through the Comlink stats worker. Its transform runs in the real
 * worker (@vitest/web-worker) behind the faked fetch, so a pending statistics call is the loading state; the
 * built-in sample has no call, so the worker client is wrapped to keep `sample()` pending until a step answers it.
 */

const gate = vi.hoisted(() => ({
  sample: null as { resolve: () => void; reject: (error: unknown) => void } | null,
}));

vi.mock('../../src/workers/stats.client.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/workers/stats.client.ts')>();
  return {
    ...real,
    statsWorker: () => {
      const worker = real.statsWorker();
      return {
        transform: worker.transform,
        sample: () =>
          new Promise<void>((resolve, reject) => {
            gate.sample = { resolve, reject };
          }).then(() => worker.sample()),
      };
    },
  };
});

const USER_ID = 7;
const TEAM_ID = 9;
const NODES = `POST /api/v1/nodres/team/${TEAM_ID}`;
const SETTINGS_GET = `POST /api/v1/statistic/settings/get/user/${USER_ID}/team/${TEAM_ID}`;
const SETTINGS_PUT = `POST /api/v1/statistic/settings/put/user/${USER_ID}/team/${TEAM_ID}`;
/** A period's statistics call, or the custom range's (docs/web-statistics.md "Custom range"). */
const STATS = /^POST \/stats\/v1\/nodr\/(day|week|month|range)$/;

const CHOOSE = 'Please choose at least one NODR in the list to see stats';
const FAILED = 'Sorry, something went wrong... Please try again later';
const PERIOD = { day: 'Day', week: 'Week', month: 'Month' } as const;
/** spec: the windows of each filter; each filter's refresh period, and the settle time past it. */
const WINDOW = { day: 86_400, week: 604_800, month: 2_592_000 } as const;
const REFRESH_MS = { day: 60_000, week: 300_000, month: 900_000 } as const;
const SETTLE_MS = 3_000;
/** The tab's own offset within the 5 s spread: Math.random() is 0.5 in these tests. */
const JITTER_MS = 2_500;
/** 10 s past a minute boundary, so the first Day refresh falls 55.5 s later. */
const START = Date.UTC(2026, 2, 28, 14, 12, 10);
/** What choosing Custom shows: the last seven days through today (UTC), both included. */
const LAST_WEEK = { from: '2026-03-22', to: '2026-03-28' } as const;
/** The window the range call asks for: From's midnight to the midnight after To. */
const LAST_WEEK_WINDOW = { from: '2026-03-22T00:00:00Z', to: '2026-03-29T00:00:00Z' } as const;

const KEY_EDGE = 'key-edge-aaaaaaaa';
const KEY_SPARE = 'key-spare-bbbbbbbb';
/** Edge (active, with a key), Blank (active, no key yet) and Spare (inactive). */
const serverNodes = [
  makeNode({ id: 1, teamId: TEAM_ID, name: 'Edge', status: 10, licenseKey: KEY_EDGE }),
  makeNode({ id: 2, teamId: TEAM_ID, name: 'Blank', status: 10, licenseKey: '' }),
  makeNode({ id: 3, teamId: TEAM_ID, name: 'Spare', status: 20, licenseKey: KEY_SPARE }),
];
const statNodes = serverNodes.map(({ id, name, status, licenseKey }) => ({ id, name, status, licenseKey }));
const KEYS = new Map(statNodes.map((node) => [node.id, node.licenseKey]));

/** Bytes uplinked in one bucket: what each answer says, so the screen shows which answer it drew. */
const MiB = 1024 * 1024;
const UPLINK = { day: MiB, week: 2 * MiB, refresh: 3 * MiB } as const;
/** 8 bits per byte, 1024-based units: 1 MiB is 8.00 Mib. */
const UPLINK_TEXT = { day: '8.00 Mib', week: '16.00 Mib', refresh: '24.00 Mib' } as const;

const setupDefault = actorDone('setup', { nodes: statNodes, text: '{}' });
const setupNoSettings = actorDone('setup', { nodes: statNodes, text: null });
const setupSavedEmpty = actorDone('setup', {
  nodes: statNodes,
  text: '{"filter":"week","selected":[2]}',
});
const serverDown = new ApiError(500, 'internal', 'boom');
const AFTER = 'xstate.after.refreshDelay.statistics.active.view.ready';

/** What a person can do once the view has settled (a change while a load runs supersedes it: not modelled). */
const settled = (snapshot: AnyMachineSnapshot) =>
  snapshot.matches({ active: { settings: 'idle' } }) &&
  ['showingSample', 'ready', 'stale', 'failed'].some((view) => snapshot.matches({ active: { view } }));

function events(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  if (snapshot.matches('starting'))
    return [setupDefault, setupNoSettings, setupSavedEmpty, actorError('setup', serverDown)];
  if (snapshot.matches('unavailable')) return [{ type: 'stats.reload' }];
  const { filter, visible } = snapshot.context;
  const list: AnyEventObject[] = [
    actorDone('sample', { answer: 'sample' }),
    actorError('sample', new Error('worker failed')),
    actorDone('stats', { answer: 'stats' }),
    actorError('stats', serverDown),
    actorDone('refresh', { answer: 'refresh' }),
    actorError('refresh', new NetworkError(new TypeError('Failed to fetch'))),
    actorDone('save', '{"saved":true}'),
    actorError('save', serverDown),
  ];
  if (snapshot.matches({ active: { view: 'ready' } })) list.push({ type: AFTER });
  if (!settled(snapshot)) return list;
  // Hidden and shown again: what it changes is what the refresh timer does in ready (a hidden page is left alone).
  if (!visible) return [...list, { type: 'page.visibility', visible: true }];
  if (snapshot.matches({ active: { view: 'ready' } })) list.push({ type: 'page.visibility', visible: false });
  // A radio that is checked already sends nothing: only the other filter can be chosen. The selection is changed
  // on Day only: on Week it would repeat the same transitions with more paths.
  if (filter === 'week') list.push({ type: 'filter.select', filter: 'day' });
  else
    list.push(
      { type: 'filter.select', filter: 'week' },
      { type: 'node.toggle', id: 1 },
      { type: 'group.toggle', group: 'inactive' },
    );
  // The breakdown is turned on once, on Day: turning it off again is the same transition.
  if (filter === 'day' && !snapshot.context.perNode) list.push({ type: 'perNode.toggle' });
  if (filter === 'day' && !snapshot.context.compare) list.push({ type: 'compare.toggle' });
  // Custom is chosen from the Day figures only: there it asks the range call (from the sample it asks nothing), and
  // once is enough to cover its transition.
  if (filter === 'day' && snapshot.matches({ active: { view: 'ready' } }))
    list.push({ type: 'range.select', range: LAST_WEEK });
  if (snapshot.matches({ active: { view: 'failed' } })) list.push({ type: 'stats.reload' });
  return list;
}

const button = (name: string) => screen.getByRole('button', { name });
/** The loading statuses: the skeleton of the tiles and charts (named by its label) or the overlay's spinner (by its text). */
const loaders = () => [
  ...screen.queryAllByRole('status', { name: 'Loading statistics' }),
  ...screen.queryAllByText('Loading statistics'),
];
const trafficChart = () => screen.queryByRole('img', { name: /^Traffic chart/ });
const keysOf = (snapshot: AnyMachineSnapshot) => selectedKeys(snapshot.context);
/** The statistics call the screen makes for what it shows: the filter's, or the range's when one is on screen. */
const statsPath = (snapshot: AnyMachineSnapshot) =>
  `/stats/v1/nodr/${snapshot.context.range ? 'range' : snapshot.context.filter}`;

function setVisibility(visible: boolean) {
  Object.defineProperty(document, 'visibilityState', {
    configurable: true,
    get: () => (visible ? 'visible' : 'hidden'),
  });
}

/** The saved settings of a call, its selection in id order (the order is not part of the rule). */
function savedOf(call: PendingCall | undefined) {
  const saved = call?.json as { filter: string; selected: number[] } | undefined;
  return saved && { filter: saved.filter, selected: [...saved.selected].sort() };
}

const expectedSaved = (view: View) => ({
  filter: view.snapshot.context.filter,
  selected: [...view.snapshot.context.selected].sort(),
});

/** The figures the last successful statistics answer drew (a failed refresh keeps them). */
function lastFigures(view: View): string {
  const last = view.history.findLast(
    (event) => event.type === 'xstate.done.actor.stats' || event.type === 'xstate.done.actor.refresh',
  );
  if (last?.type === 'xstate.done.actor.refresh') return UPLINK_TEXT.refresh;
  return UPLINK_TEXT[view.snapshot.context.filter as 'day' | 'week'];
}

/** A statistics answer for the call, as the service gives it (spec 7): one bucket two intervals before the end. */
function statsAnswer(call: PendingCall, uplink: number) {
  const { endTimestamp } = call.json as { endTimestamp: number };
  const interval = call.path.endsWith('/day') ? 60 : call.path.endsWith('/week') ? 1200 : 3600;
  const point = {
    dt: endTimestamp - 2 * interval,
    nodrUpLink: uplink,
    deliveredToViewers: 3 * uplink,
    inputFromCdn: uplink,
    totalViewers: 12,
    qualityIndex: 97,
    deliverToInputRatio: 3,
  };
  return { result: { [point.dt]: point }, total_result: point, text: '{}' };
}

async function pendingCall(view: View, route: string | RegExp): Promise<PendingCall> {
  await vi.waitFor(() => expect(view.network.pending(route)).toHaveLength(1));
  return view.network.pending(route)[0]!;
}

async function answerStats(view: View, uplink: number) {
  const call = await pendingCall(view, STATS);
  const answer = view.event.type.startsWith('xstate.done.')
    ? { status: 200, body: statsAnswer(call, uplink) }
    : answerFor(view.event);
  await act(async () => {
    view.network.answer(STATS, answer);
  });
}

// A path renders the charts and runs the worker at each step: on a busy 2-core machine one can take several seconds.
describe('statistics screen (model)', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  describeScreenModel({
    name: 'statistics',
    machine: statisticsMachine,
    input: { userId: USER_ID, teamId: TEAM_ID, jitter: JITTER_MS },
    events,
    // What the screen shows: the state, the filter, whether any selected node has a key (charts or sample) and
    // whether the page is visible (it decides what the refresh timer does).
    serializeState: (snapshot) =>
      JSON.stringify([
        snapshot.value,
        snapshot.context.filter,
        [...snapshot.context.selected].sort(),
        snapshot.context.visible,
      ]),
    journeys: [
      // A refresh that falls due while the page is hidden runs when it is shown again.
      [
        setupDefault,
        actorDone('stats', { answer: 'stats' }),
        { type: 'page.visibility', visible: false },
        { type: AFTER },
        { type: 'page.visibility', visible: true },
        actorDone('refresh', { answer: 'refresh' }),
      ],
    ],
    answers: {
      // Two calls: the node list and the saved settings; a failed settings read is not fatal (spec 8).
      setup: async (view) => {
        await pendingCall(view, NODES);
        await pendingCall(view, SETTINGS_GET);
        const output = view.event.output as { text: string | null } | undefined;
        if (!output) {
          view.network.answer(NODES, answerFor(view.event));
          view.network.answer(SETTINGS_GET, { status: 200, body: { text: '{}' } });
          return;
        }
        view.network.answer(NODES, { status: 200, body: serverNodes });
        view.network.answer(
          SETTINGS_GET,
          output.text === null
            ? answerFor(actorError('setup', serverDown))
            : { status: 200, body: { text: output.text } },
        );
      },
      sample: async (view) => {
        await vi.waitFor(() => expect(gate.sample).not.toBeNull());
        if (view.event.type.startsWith('xstate.done.')) gate.sample?.resolve();
        else gate.sample?.reject(view.event.error);
        gate.sample = null;
      },
      stats: (view) => answerStats(view, UPLINK[view.snapshot.context.filter as 'day' | 'week']),
      refresh: (view) => answerStats(view, UPLINK.refresh),
      save: async (view) => {
        const call = await pendingCall(view, SETTINGS_PUT);
        view.network.answer(
          SETTINGS_PUT,
          view.event.type.startsWith('xstate.done.')
            ? { status: 200, body: { text: JSON.stringify(call.json) } }
            : answerFor(view.event),
        );
      },
    },
    render: () => {
      gate.sample = null;
      setVisibility(true);
      localStorage.setItem('bearer_access_token', 'token');
      // The clock moves with real time; a refresh step moves it on to the read.
      vi.useFakeTimers({
        now: START,
        toFake: ['setTimeout', 'clearTimeout', 'Date'],
        shouldAdvanceTime: true,
      });
      vi.spyOn(Math, 'random').mockReturnValue(JITTER_MS / 5_000);
      render(
        <MemoryRouter>
          <StatisticsView userId={USER_ID} teamId={TEAM_ID} />
        </MemoryRouter>,
      );
    },
    act: {
      'stats.reload': (view) => view.user.click(button('Try again')),
      'filter.select': (view) =>
        view.user.click(screen.getByRole('radio', { name: PERIOD[view.event.filter as 'day' | 'week'] })),
      // Custom starts from the last seven days (the event's range, which the form then shows).
      'range.select': (view) => view.user.click(screen.getByRole('radio', { name: 'Custom' })),
      'node.toggle': (view) =>
        view.user.click(screen.getByRole('checkbox', { name: view.event.id === 1 ? /Edge/ : /Blank/ })),
      'perNode.toggle': (view) => view.user.click(screen.getByRole('checkbox', { name: 'Per node' })),
      'compare.toggle': (view) =>
        view.user.click(screen.getByRole('checkbox', { name: 'Compare with previous period' })),
      'group.toggle': (view) => view.user.click(button(/^(Select all|Clear) inactive$/ as unknown as string)),
      'page.visibility': async (view) => {
        setVisibility(view.event.visible);
        await act(async () => {
          document.dispatchEvent(new Event('visibilitychange'));
        });
      },
      // The read falls at the settle time plus this tab's offset past the filter's period boundary.
      [AFTER]: async (view) => {
        const period = REFRESH_MS[view.from.context.filter as 'day' | 'week'];
        const offset = SETTLE_MS + JITTER_MS;
        const now = Date.now();
        const read = Math.floor((now - offset) / period) * period + period + offset;
        const before = view.network.calls.filter((call) => STATS.test(`${call.method} ${call.path}`)).length;
        await act(async () => {
          vi.advanceTimersByTime(read - now - 1_000);
        });
        expect(view.network.pending(STATS), 'no read before its time').toEqual([]);
        await act(async () => {
          vi.advanceTimersByTime(1_100);
        });
        // A hidden page reads nothing when the time comes (it reads when shown again).
        const reads = before + (view.from.context.visible ? 1 : 0);
        await vi.waitFor(() =>
          expect(view.network.calls.filter((call) => STATS.test(`${call.method} ${call.path}`))).toHaveLength(
            reads,
          ),
        );
      },
    },
    rules: async (view) => {
      const { event } = view;
      // spec 4: each change of filter or selection saves both.
      if (['filter.select', 'node.toggle', 'group.toggle'].includes(event.type)) {
        const put = view.network.calls.findLast((call) => `${call.method} ${call.path}` === SETTINGS_PUT);
        expect(savedOf(put)).toEqual(expectedSaved(view));
      }
      // The custom range asks the range call for its window, From's midnight to the midnight after To, for the
      // selected nodes' keys; the range is not a setting, so nothing is saved.
      if (event.type === 'range.select') {
        const call = await pendingCall(view, STATS);
        expect(call.path).toBe('/stats/v1/nodr/range');
        expect(call.json).toEqual({
          ...LAST_WEEK_WINDOW,
          clientId: TEAM_ID,
          licenceKey: keysOf(view.snapshot),
        });
        expect(view.network.pending(SETTINGS_PUT)).toEqual([]);
      }
      // A node without a license key has no statistics: selecting only it is selecting nothing (spec 4).
      if (event.type === 'node.toggle' && keysOf(view.snapshot).length === 0)
        expect(view.network.pending(STATS)).toEqual([]);
      // spec 4: an answer draws its figures; spec 8: a failed load shows the failure text. A failed
      // background read keeps the figures on screen, with no failure message, and tries again at the next tick.
      if (
        ['xstate.done.actor.stats', 'xstate.done.actor.refresh', 'xstate.error.actor.refresh'].includes(
          event.type,
        )
      ) {
        expect(screen.queryByRole('alert')).toBeNull();
        expect(trafficChart()).toHaveAccessibleName(new RegExp(`NODR UPLINK ${lastFigures(view)},`));
      }
      if (event.type === 'xstate.done.actor.sample')
        expect(trafficChart()).toHaveAccessibleName(/^Traffic chart, sample data/);
      if (['xstate.error.actor.stats', 'xstate.error.actor.sample'].includes(event.type))
        expect(screen.getByRole('alert')).toHaveTextContent(FAILED);
      // spec 8: a failed settings save only clears its flag.
      if (event.type === 'xstate.error.actor.save') expect(screen.queryByRole('alert')).toBeNull();
      // spec 8: configuration list failures are not fatal: Day and every active node.
      if (event === setupNoSettings) {
        expect(screen.getByRole('radio', { name: 'Day' })).toBeChecked();
        expect(screen.getByRole('checkbox', { name: /Edge/ })).toBeChecked();
      }
    },
    sees: {
      starting: () => {
        expect(loaders()).not.toHaveLength(0);
        expect(screen.queryByRole('region', { name: 'Nodes' })).toBeNull();
      },
      unavailable: () => {
        expect(screen.getByRole('alert')).toHaveTextContent(FAILED);
        expect(button('Try again')).toBeEnabled();
        expect(screen.queryByRole('region', { name: 'Nodes' })).toBeNull();
      },
      // spec 2: the filter and the 'All traffic' list, a checkbox per node, the selection as the model has it.
      // A custom range: Custom checked and the form with its dates.
      active: (view) => {
        const { filter, range, selected } = view.snapshot.context;
        expect(
          screen.getByRole('radio', { name: range ? 'Custom' : PERIOD[filter as 'day' | 'week'] }),
        ).toBeChecked();
        const form = screen.queryByRole('form', { name: 'Custom range' });
        if (range) {
          expect(within(form!).getByLabelText('From (UTC)')).toHaveValue(range.from);
          expect(within(form!).getByLabelText('To (UTC)')).toHaveValue(range.to);
          expect(within(form!).getByRole('button', { name: 'Show' })).toBeEnabled();
        } else expect(form).toBeNull();
        const picker = screen.getByRole('region', { name: 'Nodes' });
        expect(within(picker).getByText('All traffic')).toBeInTheDocument();
        for (const [id, name] of [
          [1, /Edge/],
          [2, /Blank/],
          [3, /Spare/],
        ] as const)
          expect((within(picker).getByRole('checkbox', { name }) as HTMLInputElement).checked).toBe(
            selected.includes(id),
          );
      },
      // spec 4: no node (with a key) selected: the sample data is loaded and the message shows.
      'active.view.sample': () => {
        expect(screen.getByText(CHOOSE)).toBeVisible();
        expect(loaders()).not.toHaveLength(0);
      },
      'active.view.showingSample': () => {
        expect(screen.getByText(CHOOSE)).toBeVisible();
        expect(trafficChart()).toHaveAccessibleName(/^Traffic chart, sample data/);
        expect(screen.getAllByText('Sample data').length).toBeGreaterThan(0);
        expect(loaders()).toHaveLength(0);
      },
      // spec 4 and 7: the filter's window ending now (or the range's, checked in the rules), for the license keys
      // of the selected nodes.
      'active.view.loading': (view) => {
        expect(loaders()).not.toHaveLength(0);
        expect(screen.queryByText(CHOOSE)).toBeNull();
        const [call] = view.network.pending(STATS);
        expect(call?.path).toBe(statsPath(view.snapshot));
        const body = call?.json as { startTimestamp: number; endTimestamp: number; licenceKey: string[] };
        expect(body).toMatchObject({ clientId: TEAM_ID });
        const keys = view.snapshot.context.selected.map((id: number) => KEYS.get(id)).filter(Boolean);
        expect([...body.licenceKey].sort()).toEqual(keys.sort());
        const filter = view.snapshot.context.filter as 'day' | 'week';
        if (!view.snapshot.context.range)
          expect(body.endTimestamp - body.startTimestamp).toBe(WINDOW[filter]);
      },
      // spec 2: the three charts of the answer for the filter and the selected nodes.
      'active.view.ready': (view) => {
        const period = PERIOD[view.snapshot.context.filter as 'day' | 'week'];
        expect(trafficChart()).toHaveAccessibleName(
          new RegExp(`^Traffic chart, ${period}, selected nodes: .* NODR UPLINK ${lastFigures(view)},`),
        );
        expect(
          screen.getByRole('img', { name: `Quality chart, ${period}, selected nodes. QUALITY INDEX 97.0.` }),
        ).toBeInTheDocument();
        expect(screen.getByRole('list', { name: 'Totals' })).toBeInTheDocument();
        expect(loaders()).toHaveLength(0);
        expect(screen.queryByRole('alert')).toBeNull();
        expect(view.network.pending(STATS)).toEqual([]);
      },
      // The same figures; the read waits for the page to be shown.
      'active.view.stale': (view) => {
        expect(trafficChart()).toHaveAccessibleName(new RegExp(`NODR UPLINK ${lastFigures(view)},`));
        expect(view.network.pending(STATS)).toEqual([]);
      },
      // A background read keeps the charts up, with no loading overlay.
      'active.view.refreshing': (view) => {
        expect(trafficChart()).toHaveAccessibleName(new RegExp(`NODR UPLINK ${lastFigures(view)},`));
        expect(loaders()).toHaveLength(0);
        const [call] = view.network.pending(STATS);
        expect(call?.path).toBe(statsPath(view.snapshot));
      },
      // spec 8: the failure text and a way to try again; no stale charts under it.
      'active.view.failed': () => {
        expect(screen.getByRole('alert')).toHaveTextContent(FAILED);
        expect(button('Try again')).toBeEnabled();
        expect(trafficChart()).toBeNull();
      },
      'active.settings.idle': () => {
        expect(screen.queryByText('Saving…')).toBeNull();
      },
      // spec 4: the tabs-loading flag while the filter and the selection are saved.
      'active.settings.saving': (view) => {
        expect(screen.getByText('Saving…')).toBeInTheDocument();
        expect(savedOf(view.network.pending(SETTINGS_PUT)[0])).toEqual(expectedSaved(view));
      },
    },
  });
});
