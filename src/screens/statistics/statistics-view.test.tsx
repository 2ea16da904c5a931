import '../../../tests/setup/charts.ts';
import '@vitest/web-worker';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EXPORT_TEXT } from './export-button.tsx';
import { StatisticsView } from './statistics-view.tsx';

const KEYS = { edge: 'key-edge-aaaaaaaa', spare: 'key-spare-bbbbbbbb', quiet: 'key-quiet-cccccccc' };

function node(id: number, name: string, status: number, licenseKey: string) {
  const config = {
    id: 1,
    name: 'Small',
    status: 10,
    storage: 1e12,
    ram: 8e9,
    bandwidth: 1e9,
    ip_type: 'IPv4',
  };
  return {
    id,
    teamId: 9,
    name,
    status,
    check: null,
    config_id: 1,
    configId: 1,
    config,
    publicKey: 'pk',
    licenseKey,
    domain: `${id}.example`,
    createdAt: '2026-01-01T00:00:00.000Z',
    storage: null,
    ram: null,
    ipAddress: null,
    os: null,
    bandWidth: null,
  };
}

interface Call {
  url: string;
  body: unknown;
}

/** A fake of the three services: answers by path and records what was asked. */
function fakeServer(
  options: {
    nodes?: unknown[];
    settings?: string;
    failStats?: boolean;
    currentBucket?: boolean;
    /** The CSV export's answer: its text, or an HTTP status to fail with. */
    csv?: string | number;
    /** The statistics answers wait for this (a slow network). */
    holdStats?: Promise<void>;
  } = {},
) {
  const calls: Call[] = [];
  const nodes = options.nodes ?? [
    node(1, 'Edge', 10, KEYS.edge),
    node(2, '', 10, KEYS.quiet),
    node(3, 'Spare', 20, KEYS.spare),
  ];
  const json = (data: unknown, status = 200) =>
    new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = String(input);
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ url, body });
      if (url.endsWith('/api/v1/nodres/team/9')) return json(nodes);
      if (url.includes('/statistic/settings/get/')) return json({ text: options.settings ?? '{}' });
      if (url.includes('/statistic/settings/put/')) return json({ text: JSON.stringify(body) });
      if (url.includes('/stats/v1/nodr/') && url.endsWith('?format=csv')) {
        if (typeof options.csv === 'number') return json({ error: 'internal', message: 'boom' }, options.csv);
        return new Response(options.csv ?? '', { headers: { 'content-type': 'text/csv; charset=utf-8' } });
      }
      if (url.includes('/stats/v1/nodr/')) {
        await options.holdStats;
        if (options.failStats) return json({ error: 'internal', message: 'boom' }, 500);
        const { endTimestamp, to } = body as { endTimestamp?: number; to?: string };
        const range = url.endsWith('/range');
        const interval =
          url.endsWith('/day') || range ? (range ? 1200 : 60) : url.endsWith('/week') ? 1200 : 3600;
        const end = endTimestamp ?? Date.parse(to ?? '') / 1000;
        const dt = end - 2 * interval;
        // A window that ended over an hour ago is a previous period: half the uplink, twice the ratio.
        const previous = end < Date.now() / 1000 - 3600;
        const point = {
          dt,
          nodrUpLink: (previous ? 0.5 : 1) * 1024 * 1024,
          deliveredToViewers: 3 * 1024 * 1024,
          inputFromCdn: 1024 * 1024,
          totalViewers: 12,
          qualityIndex: 97,
          deliverToInputRatio: previous ? 6 : 3,
        };
        // A point in the bucket holding now as well: on Week and Month it is still filling.
        const now = Math.floor(Date.now() / 1000 / 60) * 60;
        const result = options.currentBucket
          ? { [dt]: point, [now]: { ...point, dt: now } }
          : { [dt]: point };
        const answer = { result, total_result: point, text: range ? '{"interval":1200}' : '{}' };
        const { perNode, licenceKey } = body as { perNode?: boolean; licenceKey: string[] };
        if (!perNode) return json(answer);
        // Each node its share: the first node 1 part, the second 2 parts, and so on.
        const share = (part: number) => ({
          ...point,
          nodrUpLink: part * 1024 * 1024,
          qualityIndex: 90 + part,
        });
        const nodesAnswer = licenceKey.map((key, index) => ({
          licenceKey: key,
          result: { [dt]: share(index + 1) },
          total_result: share(index + 1),
        }));
        return json({ ...answer, perNode: nodesAnswer });
      }
      return json({ error: 'not_found', message: url }, 404);
    }),
  );
  return calls;
}

/** The address's query, shown so a test can read what the screen put there. */
function Address() {
  return <output aria-label="Address">{useLocation().search}</output>;
}

function renderView(address = '/statistics') {
  return render(
    <MemoryRouter initialEntries={[address]}>
      <StatisticsView userId={7} teamId={9} teamName="Acme, EU" />
      <Address />
    </MemoryRouter>,
  );
}

const statsCalls = (calls: Call[]) => calls.filter((call) => call.url.includes('/stats/v1/nodr/'));

describe('StatisticsView', () => {
  beforeEach(() => localStorage.setItem('bearer_access_token', 'token'));
  afterEach(() => vi.unstubAllGlobals());

  it('lists the nodes by group, selects the active ones and draws their Day totals', async () => {
    const calls = fakeServer();
    renderView();
    expect(await screen.findByRole('checkbox', { name: /Edge/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Untitled/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Spare/ })).not.toBeChecked();
    const deleted = screen.getByRole('group', { name: /Deleted/ });
    expect(within(deleted).getByText('No key')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Day' })).toBeChecked();

    // 8 Mib per 1 MiB of bytes: 1 MiB -> 8.00 Mib, 3 MiB -> 24.00 Mib.
    const traffic = await screen.findByRole('img', { name: /Traffic chart, Day/ });
    expect(traffic).toHaveAccessibleName(
      'Traffic chart, Day, selected nodes: uplink, delivered and input bit rates. NODR UPLINK 8.00 Mib, DELIVERED TO VIEWERS 24.00 Mib, INPUT FROM CDN 8.00 Mib.',
    );
    expect(
      screen.getByRole('img', { name: 'Quality chart, Day, selected nodes. QUALITY INDEX 97.0.' }),
    ).toBeVisible();
    expect(
      screen.getByRole('img', {
        name: 'D/I ratio chart, Day, selected nodes. DELIVER-TO-INPUT RATIO 3.00×.',
      }),
    ).toBeVisible();
    const totals = screen.getByRole('list', { name: 'Totals' });
    expect(within(totals).getByText('NODR UPLINK')).toBeInTheDocument();
    expect(within(totals).getByText('DELIVERED TO VIEWERS')).toBeInTheDocument();
    expect(within(totals).getByText('INPUT FROM CDN')).toBeInTheDocument();
    expect(within(totals).getAllByText('8.00 Mib')).toHaveLength(2);
    expect(screen.getByText('1024-based units: 1 Mib is 1,048,576 bits')).toBeVisible();
    expect(statsCalls(calls)).toHaveLength(1);
    expect(statsCalls(calls)[0]?.body).toMatchObject({ clientId: 9, licenceKey: [KEYS.edge, KEYS.quiet] });
    const { startTimestamp, endTimestamp } = (statsCalls(calls)[0]?.body ?? {}) as {
      startTimestamp: number;
      endTimestamp: number;
    };
    expect(endTimestamp - startTimestamp).toBe(86_400);
  });

  it('per node: one line per selected node on Traffic and Quality, named in the legend, and a per-node table', async () => {
    const calls = fakeServer();
    const user = userEvent.setup();
    renderView();
    await screen.findByRole('img', { name: /Traffic chart, Day/ });
    expect(screen.queryByRole('button', { name: 'Per-node figures' })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Per node' }));
    const traffic = await screen.findByRole('list', { name: 'Traffic series' });
    await waitFor(() =>
      expect(
        within(traffic)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(['Edge', 'Untitled']),
    );
    const quality = screen.getByRole('list', { name: 'Quality series' });
    expect(
      within(quality)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Edge', 'Untitled']);
    expect(statsCalls(calls).at(-1)?.body).toMatchObject({
      licenceKey: [KEYS.edge, KEYS.quiet],
      perNode: true,
    });
    expect(statsCalls(calls)[0]?.body).not.toHaveProperty('perNode');

    const disclosure = screen.getByRole('button', { name: 'Per-node figures' });
    expect(disclosure).toHaveAttribute('aria-expanded', 'false');
    await user.click(disclosure);
    expect(disclosure).toHaveAttribute('aria-expanded', 'true');
    const table = screen.getByRole('table', { name: 'Per-node figures' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Node', 'Uplink', 'Delivered', 'Input', 'Quality', 'D/I']);
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['Edge', '8.00 Mib', '24.00 Mib', '8.00 Mib', '91.0', '3.00×'],
      ['Untitled', '16.00 Mib', '24.00 Mib', '8.00 Mib', '92.0', '3.00×'],
    ]);

    await user.click(screen.getByRole('checkbox', { name: 'Per node' }));
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Traffic series' })).getByText('Uplink')).toBeVisible(),
    );
    expect(screen.queryByRole('button', { name: 'Per-node figures' })).toBeNull();
  });

  it('compares with the previous period: the previous window is asked, drawn dashed on Traffic, and each tile shows the change', async () => {
    const calls = fakeServer();
    const user = userEvent.setup();
    renderView();
    await screen.findByRole('img', { name: /Traffic chart, Day/ });
    expect(screen.queryByText(/on the previous period/)).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Compare with previous period' }));
    const traffic = screen.getByRole('list', { name: 'Traffic series' });
    await waitFor(() => expect(within(traffic).getByText('Delivered, previous period')).toBeVisible());
    const [previous, current] = statsCalls(calls)
      .slice(-2)
      .map((call) => call.body as Record<'startTimestamp' | 'endTimestamp', number>)
      .sort((a, b) => a.startTimestamp - b.startTimestamp);
    expect(previous!.endTimestamp).toBe(current!.startTimestamp);
    expect(previous!.endTimestamp - previous!.startTimestamp).toBe(86_400);

    const totals = screen.getByRole('list', { name: 'Totals' });
    const uplink = within(totals).getByText('NODR UPLINK').closest('li')!;
    expect(within(uplink).getByText('▲ 100%')).toBeVisible();
    expect(within(uplink).getByText('up 100% on the previous period')).toBeInTheDocument();
    const delivered = within(totals).getByText('DELIVERED TO VIEWERS').closest('li')!;
    expect(within(delivered).getByText('no change on the previous period')).toBeInTheDocument();
    const ratio = within(totals).getByText('DELIVER-TO-INPUT RATIO').closest('li')!;
    expect(within(ratio).getByText('▼ 50%')).toBeVisible();
    expect(within(ratio).getByText('down 50% on the previous period')).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Compare with previous period' }));
    await waitFor(() => expect(screen.queryByText('Delivered, previous period')).toBeNull());
    expect(screen.queryByText(/on the previous period/)).toBeNull();
  });

  it('compares a custom range with the range of the same length just before it', async () => {
    const calls = fakeServer();
    const user = userEvent.setup();
    renderView('/statistics?range=custom&from=2026-01-11&to=2026-01-20');
    await screen.findByRole('img', { name: /Traffic chart, 2026-01-11 to 2026-01-20/ });
    await user.click(screen.getByRole('checkbox', { name: 'Compare with previous period' }));
    await waitFor(() =>
      expect(statsCalls(calls).map((call) => call.body)).toContainEqual(
        expect.objectContaining({ from: '2026-01-01T00:00:00Z', to: '2026-01-11T00:00:00Z' }),
      ),
    );
    expect(statsCalls(calls).at(-1)?.url).toMatch(/\/stats\/v1\/nodr\/range$/);
    const traffic = screen.getByRole('list', { name: 'Traffic series' });
    await waitFor(() => expect(within(traffic).getByText('Delivered, previous period')).toBeVisible());
  });

  it('shows a custom range of From and To dates, asks the range call for it and puts it in the address', async () => {
    const calls = fakeServer();
    const user = userEvent.setup();
    renderView();
    await screen.findByRole('img', { name: /Traffic chart, Day/ });
    await user.click(screen.getByRole('radio', { name: 'Custom' }));
    const from = await screen.findByLabelText('From (UTC)');
    await user.clear(from);
    await user.type(from, '2026-02-01');
    const to = screen.getByLabelText('To (UTC)');
    await user.clear(to);
    await user.type(to, '2026-02-10');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await screen.findByRole('img', { name: /Traffic chart, 2026-02-01 to 2026-02-10/ });
    expect(statsCalls(calls).at(-1)).toMatchObject({
      url: expect.stringMatching(/\/stats\/v1\/nodr\/range$/),
      body: { from: '2026-02-01T00:00:00Z', to: '2026-02-11T00:00:00Z', clientId: 9 },
    });
    expect(screen.getByLabelText('Address')).toHaveTextContent('?range=custom&from=2026-02-01&to=2026-02-10');
    // The range is the view, not a setting: the saved filter stays Day.
    expect(calls.filter((call) => call.url.includes('/settings/put/'))).toEqual([]);
    await user.click(screen.getByRole('radio', { name: 'Day' }));
    await waitFor(() => expect(screen.getByLabelText('Address')).toBeEmptyDOMElement());
    expect(screen.queryByLabelText('From (UTC)')).toBeNull();
  });

  it('opens the range a shared address holds', async () => {
    const calls = fakeServer();
    renderView('/statistics?range=custom&from=2026-01-05&to=2026-01-06');
    await screen.findByRole('img', { name: /Traffic chart, 2026-01-05 to 2026-01-06/ });
    expect(screen.getByRole('radio', { name: 'Custom' })).toBeChecked();
    expect(screen.getByLabelText('From (UTC)')).toHaveValue('2026-01-05');
    expect(statsCalls(calls)).toHaveLength(1);
    expect(statsCalls(calls)[0]?.body).toMatchObject({
      from: '2026-01-05T00:00:00Z',
      to: '2026-01-07T00:00:00Z',
    });
  });

  it('falls back to Day on a bad address, and refuses a reversed range in words', async () => {
    const calls = fakeServer();
    const user = userEvent.setup();
    renderView('/statistics?range=custom&from=2026-02-30&to=nope');
    await screen.findByRole('img', { name: /Traffic chart, Day/ });
    expect(screen.getByRole('radio', { name: 'Day' })).toBeChecked();
    expect(statsCalls(calls)[0]?.url).toMatch(/\/day$/);
    await waitFor(() => expect(screen.getByLabelText('Address')).toBeEmptyDOMElement());
    await user.click(screen.getByRole('radio', { name: 'Custom' }));
    const from = await screen.findByLabelText('From (UTC)');
    await user.clear(from);
    await user.type(from, '2099-01-01');
    const asked = statsCalls(calls).length;
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(screen.getByRole('alert')).toHaveTextContent('From must not be after To.');
    expect(statsCalls(calls)).toHaveLength(asked);
  });

  it('shows the sample data and its message once every node is unselected, and saves that', async () => {
    const calls = fakeServer();
    const user = userEvent.setup();
    renderView();
    await user.click(await screen.findByRole('checkbox', { name: /Edge/ }));
    await user.click(screen.getByRole('checkbox', { name: /Untitled/ }));
    expect(await screen.findByText('Please choose at least one NODR in the list to see stats')).toBeVisible();
    expect(await screen.findByRole('img', { name: /Traffic chart, sample data/ })).toBeVisible();
    expect(screen.getAllByText('Sample data').length).toBeGreaterThan(0);
    await waitFor(() =>
      expect(calls.filter((call) => call.url.includes('/settings/put/')).at(-1)?.body).toEqual({
        filter: 'day',
        selected: [],
        active: [1, 2],
        deleted: [],
      }),
    );
  });

  it('loads the Week window with the saved selection restored', async () => {
    const calls = fakeServer({ settings: JSON.stringify({ filter: 'day', selected: [3] }) });
    const user = userEvent.setup();
    renderView();
    expect(await screen.findByRole('checkbox', { name: /Spare/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Edge/ })).not.toBeChecked();
    await screen.findByRole('img', { name: /Traffic chart, Day/ });
    await user.click(screen.getByRole('radio', { name: 'Week' }));
    await screen.findByRole('img', { name: /Traffic chart, Week/ });
    const week = statsCalls(calls).at(-1);
    expect(week?.url).toMatch(/\/stats\/v1\/nodr\/week$/);
    expect(week?.body).toMatchObject({ licenceKey: [KEYS.spare] });
    const { startTimestamp, endTimestamp } = (week?.body ?? {}) as {
      startTimestamp: number;
      endTimestamp: number;
    };
    expect(endTimestamp - startTimestamp).toBe(604_800);
    expect(calls.filter((call) => call.url.includes('/settings/put/')).at(-1)?.body).toEqual({
      filter: 'week',
      selected: [3],
      active: [1, 2],
      deleted: [],
    });
  });

  it('selects a node that became active since the settings were saved, and marks it new', async () => {
    fakeServer({ settings: JSON.stringify({ filter: 'day', selected: [3], active: [1], deleted: [] }) });
    renderView();
    expect(await screen.findByRole('checkbox', { name: /Spare/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Edge/ })).not.toBeChecked();
    const joined = screen.getByRole('checkbox', { name: /Untitled/ });
    expect(joined).toBeChecked();
    expect(joined).toHaveAccessibleName(expect.stringMatching(/New\s*since your last visit/));
    expect(screen.getByRole('checkbox', { name: /Spare/ })).not.toHaveAccessibleName(/New/);
  });

  it('shows skeletons in the shape of the tiles and charts while the figures load, not a bare spinner', async () => {
    let release = () => {};
    fakeServer({ holdStats: new Promise<void>((resolve) => (release = resolve)) });
    renderView();
    // Before the node list (starting) and after it, until the figures come.
    await screen.findByRole('status', { name: 'Loading statistics' });
    await screen.findByRole('checkbox', { name: /Edge/ });
    const shapes = screen.getByRole('status', { name: 'Loading statistics' });
    expect(shapes.querySelectorAll('[data-skeleton="tile"]')).toHaveLength(5);
    expect(shapes.querySelectorAll('[data-skeleton="chart"]')).toHaveLength(3);
    release();
    await screen.findByRole('img', { name: /Traffic chart, Day/ });
    expect(screen.queryByRole('status', { name: 'Loading statistics' })).toBeNull();
  });

  it('says so when a load fails, and tries again on request', async () => {
    const calls = fakeServer({ failStats: true });
    const user = userEvent.setup();
    renderView();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Sorry, something went wrong... Please try again later',
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(statsCalls(calls)).toHaveLength(2));
  });

  it('shows the no-nodes message, empty groups and the sample data for a team without nodes', async () => {
    fakeServer({ nodes: [] });
    renderView();
    expect(await screen.findByText('You have added an active node')).toBeVisible();
    expect(screen.getByText(/You can make any settings and changes on it in the section/)).toHaveTextContent(
      'You can make any settings and changes on it in the section My NODR',
    );
    expect(screen.getByRole('link', { name: 'My NODR' })).toHaveAttribute('href', '/myNodr');
    expect(screen.getAllByText('No key')).toHaveLength(3);
    expect(await screen.findByRole('img', { name: /Traffic chart, sample data/ })).toBeVisible();
  });

  it('zooms the traffic window with the buttons and the navigator slider', async () => {
    fakeServer();
    const user = userEvent.setup();
    renderView();
    await screen.findByRole('img', { name: /Traffic chart, Day/ });
    const slider = screen.getByRole('slider', { name: 'Traffic navigator: visible time range' });
    // The one point opens the chart zoomed to it: start from the whole window.
    await user.click(screen.getByRole('button', { name: 'Reset zoom' }));
    await waitFor(() => expect(slider.getAttribute('aria-valuenow')).toBe('0'));
    const before = slider.getAttribute('aria-valuenow');
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    await waitFor(() => expect(slider.getAttribute('aria-valuenow')).not.toBe(before));
    const zoomed = slider.getAttribute('aria-valuetext');
    slider.focus();
    await user.keyboard('{ArrowLeft}');
    await waitFor(() => expect(slider.getAttribute('aria-valuetext')).not.toBe(zoomed));
    await user.click(screen.getByRole('button', { name: 'Reset zoom' }));
    await waitFor(() => expect(slider.getAttribute('aria-valuenow')).toBe('0'));
  });

  it('says "Sample data" on the totals when they are the sample figures, and when they were read otherwise', async () => {
    fakeServer();
    const user = userEvent.setup();
    renderView();
    await screen.findByRole('img', { name: /Traffic chart, Day/ });
    const totals = screen.getByRole('region', { name: 'Totals' });
    expect(within(totals).queryByText('Sample data')).toBeNull();
    expect(within(totals).getByText(/^Updated \d\d:\d\d UTC$/)).toBeVisible();
    await user.click(screen.getByRole('checkbox', { name: /Edge/ }));
    await user.click(screen.getByRole('checkbox', { name: /Untitled/ }));
    await screen.findByRole('img', { name: /Traffic chart, sample data/ });
    const sampleTotals = screen.getByRole('region', { name: /^Totals\s*Sample data$/ });
    expect(within(sampleTotals).getByText('Sample data')).toBeVisible();
    expect(within(sampleTotals).getByRole('list', { name: 'Totals, sample data' })).toBeVisible();
    expect(within(sampleTotals).queryByText(/^Updated/)).toBeNull();
  });

  it('says that the newest Week bucket is partial, in each chart’s description', async () => {
    fakeServer({ currentBucket: true, settings: JSON.stringify({ filter: 'week' }) });
    renderView();
    const traffic = await screen.findByRole('img', { name: /Traffic chart, Week/ });
    const elapsed = Math.max(1, Math.floor(((Date.now() / 1000) % 1200) / 60));
    // Unless the test runs in the last seconds of a 20-minute bucket, when the bucket is complete.
    if (elapsed >= 20) return;
    const note = `Last bucket still filling (partial: ${elapsed} of 20 min), drawn faint.`;
    expect(traffic.getAttribute('aria-label')).toContain(note);
    expect(screen.getByRole('img', { name: /^Quality chart, Week/ }).getAttribute('aria-label')).toContain(
      note,
    );
  });

  it('opens zoomed to the data when it covers only part of the window, the navigator showing where', async () => {
    fakeServer();
    renderView();
    await screen.findByRole('img', { name: /Traffic chart, Day/ });
    const slider = screen.getByRole('slider', { name: 'Traffic navigator: visible time range' });
    // One point two minutes before the end of 1440: the window is the minimum zoom at the right end.
    await waitFor(() => expect(Number(slider.getAttribute('aria-valuenow'))).toBeGreaterThan(1400));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reset zoom' }));
    await waitFor(() => expect(slider.getAttribute('aria-valuenow')).toBe('0'));
  });

  describe('Export CSV', () => {
    /** Records each file the page hands to the browser: its name and its text. */
    function captureDownloads() {
      const files: { name: string; text: Promise<string> }[] = [];
      const blobs = new Map<string, Blob>();
      // A subclass, so the global URL itself is left as it was once the stub is removed.
      class DownloadUrl extends URL {
        static override createObjectURL(blob: Blob) {
          const url = `blob:test/${blobs.size}`;
          blobs.set(url, blob);
          return url;
        }
        static override revokeObjectURL() {}
      }
      vi.stubGlobal('URL', DownloadUrl);
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        files.push({ name: this.download, text: blobs.get(this.href)!.text() });
      });
      return files;
    }
    afterEach(() => vi.restoreAllMocks());

    it('downloads the CSV of the period, nodes and window on screen, named by the contract', async () => {
      const calls = fakeServer({ csv: 'time_utc,team\n2026-01-01T00:00:00Z,"Acme, EU"\n' });
      const files = captureDownloads();
      const user = userEvent.setup();
      renderView();
      await screen.findByRole('img', { name: /Traffic chart, Day/ });
      await user.click(screen.getByRole('button', { name: EXPORT_TEXT.button }));
      await waitFor(() => expect(files).toHaveLength(1));
      const shown = statsCalls(calls).find((call) => !call.url.endsWith('?format=csv'));
      const exported = statsCalls(calls).find((call) => call.url.endsWith('?format=csv'));
      expect(exported?.url).toMatch(/\/stats\/v1\/nodr\/day\?format=csv$/);
      expect(exported?.body).toEqual(shown?.body);
      const { startTimestamp, endTimestamp } = (shown?.body ?? {}) as {
        startTimestamp: number;
        endTimestamp: number;
      };
      const stamp = (seconds: number) =>
        `${new Date(seconds * 1000).toISOString().slice(0, 16).replace(/:/g, '')}Z`;
      expect(files[0]?.name).toBe(`nodr-acme-eu-day-${stamp(startTimestamp)}-${stamp(endTimestamp)}.csv`);
      expect(await files[0]?.text).toBe('time_utc,team\n2026-01-01T00:00:00Z,"Acme, EU"\n');
      expect(screen.getByRole('button', { name: EXPORT_TEXT.button })).toBeEnabled();
    });

    it('downloads the custom range on screen from the range call, named "custom"', async () => {
      const calls = fakeServer({ csv: 'time_utc\n' });
      const files = captureDownloads();
      const user = userEvent.setup();
      renderView('/statistics?range=custom&from=2026-02-01&to=2026-02-10');
      await screen.findByRole('img', { name: /Traffic chart, 2026-02-01 to 2026-02-10/ });
      await user.click(screen.getByRole('button', { name: EXPORT_TEXT.button }));
      await waitFor(() => expect(files).toHaveLength(1));
      const exported = statsCalls(calls).find((call) => call.url.endsWith('?format=csv'));
      expect(exported?.url).toMatch(/\/stats\/v1\/nodr\/range\?format=csv$/);
      expect(exported?.body).toEqual({
        from: '2026-02-01T00:00:00Z',
        to: '2026-02-11T00:00:00Z',
        clientId: 9,
        licenceKey: [KEYS.edge, KEYS.quiet],
      });
      expect(files[0]?.name).toBe('nodr-acme-eu-custom-2026-02-01T0000Z-2026-02-11T0000Z.csv');
    });

    it('is disabled, and says why, while the sample data is shown', async () => {
      fakeServer();
      const user = userEvent.setup();
      renderView();
      await screen.findByRole('img', { name: /Traffic chart, Day/ });
      await user.click(screen.getByRole('checkbox', { name: /Edge/ }));
      await user.click(screen.getByRole('checkbox', { name: /Untitled/ }));
      await screen.findByRole('img', { name: /Traffic chart, sample data/ });
      const button = screen.getByRole('button', { name: EXPORT_TEXT.button });
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription(EXPORT_TEXT.unavailable);
    });

    it('says the real reason while disabled: loading first, then a failed load', async () => {
      fakeServer({ failStats: true });
      renderView();
      const button = screen.getByRole('button', { name: EXPORT_TEXT.button });
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription(EXPORT_TEXT.loading);
      await screen.findByRole('alert');
      expect(screen.getByRole('button', { name: EXPORT_TEXT.button })).toHaveAccessibleDescription(
        EXPORT_TEXT.notLoaded,
      );
    });

    it('says so when the download fails, and can be tried again', async () => {
      const calls = fakeServer({ csv: 500 });
      captureDownloads();
      const user = userEvent.setup();
      renderView();
      await screen.findByRole('img', { name: /Traffic chart, Day/ });
      await user.click(screen.getByRole('button', { name: EXPORT_TEXT.button }));
      expect(await screen.findByRole('alert')).toHaveTextContent(EXPORT_TEXT.failed);
      await user.click(screen.getByRole('button', { name: EXPORT_TEXT.button }));
      await waitFor(() => expect(calls.filter((call) => call.url.endsWith('?format=csv'))).toHaveLength(2));
    });
  });
});
