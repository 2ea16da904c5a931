import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeNodesApi, renderNodes } from '../../../tests/fakes/node-screens.tsx';
import { makeNode, nodesByDisplay } from '../../../tests/fixtures/node-fixtures.ts';
import { MyNodrScreen } from './my-nodr-screen.tsx';

/** The card shows the node's 30-day uptime and a bar of the last 30 UTC days. */

const { active } = nodesByDisplay;
const days = [...Array(27).fill(null), 0.5, 0.97, 0.99934];
const measured = makeNode({
  ...active,
  id: 1,
  name: 'Frankfurt',
  uptime: { day: 0.99934, week: 0.82, month: 0.8234567, days },
});
const never = makeNode({
  ...active,
  id: 2,
  name: 'Oslo',
  status: 20,
  uptime: { day: null, week: null, month: null, days: Array(30).fill(null) },
});

describe('node card: uptime', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-27T06:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('shows "Uptime 82.34% · 30 d" and one cell per day, each named by its date and figure', async () => {
    fakeNodesApi([measured, never]);
    renderNodes({ '/myNodr': <MyNodrScreen /> }, '/myNodr');
    const card = await screen.findByRole('article', { name: 'NODR Frankfurt' });
    expect(within(card).getByText('Uptime 82.34% · 30 d')).toBeVisible();
    const bar = within(card).getByRole('list', { name: 'Uptime per day, last 30 days' });
    const cells = within(bar).getAllByRole('listitem');
    expect(cells).toHaveLength(30);
    expect(cells[0]).toHaveTextContent('29 October 2026: not active');
    expect(cells[27]).toHaveAttribute('title', '25 November 2026: 50.00%');
    expect(cells[28]).toHaveAttribute('title', '26 November 2026: 97.00%');
    // Rounded down: a day with any offline time never reads 100%.
    expect(cells[29]).toHaveTextContent('27 November 2026: 99.93%');
    expect(cells[29]).toHaveAttribute('title', '27 November 2026: 99.93%');
  });

  it('colours each day by its uptime', async () => {
    fakeNodesApi([measured]);
    renderNodes({ '/myNodr': <MyNodrScreen /> }, '/myNodr');
    const card = await screen.findByRole('article', { name: 'NODR Frankfurt' });
    const cells = within(card).getAllByRole('listitem');
    const classes = cells.slice(-4).map((cell) => cell.className);
    expect(new Set(classes).size).toBe(4);
    expect(classes[0]).toMatch(/none/);
    expect(classes[1]).toMatch(/poor/);
    expect(classes[2]).toMatch(/fair/);
    expect(classes[3]).toMatch(/good/);
  });

  it('shows no uptime for a node without active time in 30 days', async () => {
    fakeNodesApi([never]);
    renderNodes({ '/myNodr': <MyNodrScreen /> }, '/myNodr');
    const card = await screen.findByRole('article', { name: 'NODR Oslo' });
    expect(within(card).queryByText(/^Uptime /)).not.toBeInTheDocument();
    expect(within(card).queryByRole('list', { name: /Uptime per day/ })).not.toBeInTheDocument();
  });
});
