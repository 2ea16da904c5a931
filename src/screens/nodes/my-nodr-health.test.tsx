import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeNodesApi, renderNodes } from '../../../tests/fakes/node-screens.tsx';
import { makeNode, nodesByDisplay } from '../../../tests/fixtures/node-fixtures.ts';
import { MyNodrScreen } from './my-nodr-screen.tsx';

/** My NODR shows offline nodes, their history, a summary, next steps and the rename. */

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const NOW = new Date('2026-11-22T14:12:00.000Z');
const SEEN = '2026-11-22T14:00:00.000Z';
const { hardware, misconfigured, active } = nodesByDisplay;
const offline = makeNode({ ...active, id: 1, name: 'Frankfurt', online: false, lastSeenAt: SEEN });
const running = makeNode({ ...active, id: 2, name: 'Paris', online: true, lastSeenAt: NOW.toISOString() });
const fresh = makeNode({ ...hardware, id: 3, name: 'Oslo', lastSeenAt: null });

const card = (name: string) => screen.getByRole('article', { name: `NODR ${name}` });
const renderMyNodr = () => renderNodes({ '/myNodr': <MyNodrScreen /> }, '/myNodr');

describe('My NODR health', () => {
  it('labels an offline node Offline with its last seen, relative and exact, moving by itself', async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date', 'setInterval', 'clearInterval'] });
    fakeNodesApi([offline, running]);
    renderMyNodr();
    const node = await screen.findByRole('article', { name: 'NODR Frankfurt' });
    expect(within(node).getByText('Offline')).toBeInTheDocument();
    expect(within(node).queryByText('Active')).not.toBeInTheDocument();
    expect(within(card('Paris')).getByText('Active')).toBeInTheDocument();
    const time = within(node).getByText(/last seen 12 minutes ago/);
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('dateTime', SEEN);
    expect(time).toHaveAttribute('title', '22 November 2026, 14:00 UTC');
    expect(time).toHaveTextContent('22 November 2026, 14:00 UTC');
    // The exact time is also reachable by keyboard.
    expect(time).toHaveAttribute('tabindex', '0');
    act(() => vi.advanceTimersByTime(60_000));
    expect(within(node).getByText(/last seen 13 minutes ago/)).toBeInTheDocument();
  });

  it('keeps the spec labels of every other state and counts the nodes above the list', async () => {
    fakeNodesApi([offline, running, fresh]);
    renderMyNodr();
    await screen.findByRole('article', { name: 'NODR Oslo' });
    expect(within(card('Oslo')).getByText('Configuring hardware')).toBeInTheDocument();
    expect(screen.getByText('3 of 3 NODRs · 1 active · 1 offline · 1 configuring')).toBeInTheDocument();
  });

  it('names inactive and suspended nodes in the summary only when there are some', async () => {
    fakeNodesApi([running, makeNode({ ...nodesByDisplay.inactive, id: 5 })]);
    renderMyNodr();
    expect(
      await screen.findByText('2 of 3 NODRs · 1 active · 0 offline · 0 configuring · 1 inactive'),
    ).toBeVisible();
  });

  it('shows last seen and the recent transitions when the card is expanded', async () => {
    const api = fakeNodesApi([offline], {
      transitions: {
        1: [
          { online: false, at: '2026-11-22T14:03:00.000Z' },
          { online: true, at: '2026-11-22T09:30:00.000Z' },
        ],
      },
    });
    renderMyNodr();
    const node = await screen.findByRole('article', { name: 'NODR Frankfurt' });
    expect(api.calls.some((call) => call.path.endsWith('/health'))).toBe(false);
    await userEvent.click(within(node).getByRole('button', { name: 'Show details' }));
    const history = await within(node).findByRole('list', { name: 'Recent changes' });
    expect(api.calls.filter((call) => call.path === '/api/v1/nodres/team/3/1/health')).toHaveLength(1);
    const rows = within(history).getAllByRole('listitem');
    expect(rows.map((row) => row.querySelector('time')?.getAttribute('title'))).toEqual([
      '22 November 2026, 14:03 UTC',
      '22 November 2026, 09:30 UTC',
    ]);
    expect(rows[0]).toHaveTextContent('Went offline');
    expect(rows[1]).toHaveTextContent('Back online');
    const lastSeen = within(node).getByText('Last seen', { selector: 'dt' }).nextElementSibling;
    expect(lastSeen?.querySelector('time')).toHaveAttribute('dateTime', SEEN);
  });

  it('says when the transitions cannot be loaded, and loads them again on request', async () => {
    let fail = true;
    fakeNodesApi([offline], {
      overrides: {
        'GET /api/v1/nodres/team/3/1/health': () =>
          fail ? { status: 503, body: { error: 'unavailable', message: 'Down' } } : undefined,
      },
      transitions: { 1: [{ online: false, at: '2026-11-22T14:03:00.000Z' }] },
    });
    renderMyNodr();
    const node = await screen.findByRole('article', { name: 'NODR Frankfurt' });
    await userEvent.click(within(node).getByRole('button', { name: 'Show details' }));
    expect(await within(node).findByRole('alert')).toHaveTextContent(
      'The recent changes could not be loaded.',
    );
    fail = false;
    await userEvent.click(within(node).getByRole('button', { name: 'Try again' }));
    expect(await within(node).findByRole('list', { name: 'Recent changes' })).toBeInTheDocument();
    expect(within(node).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('tells a just-added node what to do next, until its first check arrives', async () => {
    fakeNodesApi([fresh, makeNode({ ...misconfigured, id: 4, name: 'Seen' })]);
    renderMyNodr();
    const node = await screen.findByRole('article', { name: 'NODR Oslo' });
    const hint = within(node).getByRole('heading', { name: 'Next: start your NODR' }).parentElement!;
    expect(hint).toHaveTextContent('Download docker-compose.yml and copy it to your server.');
    expect(hint).toHaveTextContent('Put it beside the keys/ folder the installer created.');
    expect(hint).toHaveTextContent('Run docker compose up -d in that folder.');
    expect(within(hint).getByRole('button', { name: 'Download docker-compose.yml' })).toBeEnabled();
    // A node whose check arrived (here a failed one) no longer shows it.
    expect(within(card('Seen')).queryByText('Next: start your NODR')).not.toBeInTheDocument();
  });

  it('hides the next steps of a status-1 node that has been seen without a check yet', async () => {
    fakeNodesApi([makeNode({ ...hardware, id: 1, name: 'Seen', lastSeenAt: SEEN })]);
    renderMyNodr();
    const node = await screen.findByRole('article', { name: 'NODR Seen' });
    expect(within(node).queryByText('Next: start your NODR')).not.toBeInTheDocument();
  });
});

describe('My NODR rename', () => {
  it('has a visible pencil that focuses the name; Enter saves and confirms Saved politely', async () => {
    const api = fakeNodesApi([running]);
    const user = userEvent.setup();
    renderMyNodr();
    const node = await screen.findByRole('article', { name: 'NODR Paris' });
    const status = within(node).getByRole('status');
    expect(status).toBeEmptyDOMElement();
    await user.click(within(node).getByRole('button', { name: 'Rename NODR' }));
    const field = within(node).getByRole('textbox', { name: 'NODR name' });
    expect(field).toHaveFocus();
    await user.keyboard('Lyon{Enter}');
    expect(await within(status).findByText('Saved')).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'PUT').map((call) => call.form.name)).toEqual(['Lyon']);
    expect(screen.getByRole('article', { name: 'NODR Lyon' })).toBe(node);
  });

  it('cancels with Escape without saving, and says nothing when the save fails', async () => {
    const api = fakeNodesApi([running], {
      overrides: {
        'PUT /api/v1/nodres/team/3/nodr/:id': () => ({
          status: 400,
          body: { error: 'invalid_name', message: 'The name is too long.' },
        }),
      },
    });
    const user = userEvent.setup();
    renderMyNodr();
    const node = await screen.findByRole('article', { name: 'NODR Paris' });
    const field = within(node).getByRole('textbox', { name: 'NODR name' });
    await user.click(field);
    await user.keyboard('{Control>}a{/Control}Rome{Escape}');
    expect(field).toHaveValue('Paris');
    expect(field).not.toHaveFocus();
    expect(api.calls.some((call) => call.method === 'PUT')).toBe(false);
    await user.click(field);
    await user.keyboard('{Control>}a{/Control}Rome{Enter}');
    expect(await within(node).findByRole('alert')).toHaveTextContent('The name is too long.');
    expect(within(node).getByRole('status')).toBeEmptyDOMElement();
    expect(field).toHaveValue('Paris');
  });
});
