import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeNodesApi, renderNodes, viewerSession } from '../../../tests/fakes/node-screens.tsx';
import { makeNode, nodesByDisplay } from '../../../tests/fixtures/node-fixtures.ts';
import { AddNodrScreen } from './add-nodr-screen.tsx';
import { MyNodrScreen } from './my-nodr-screen.tsx';

afterEach(() => vi.unstubAllGlobals());

/** contracts/team-body.ts TEAM_ERRORS.viewerReadOnly, written out so a changed text fails. */
const READ_ONLY = 'Viewers can look but not change anything in this team.';

const asViewer = (path = '/myNodr') =>
  renderNodes({ '/myNodr': <MyNodrScreen />, '/addNodr': <AddNodrScreen /> }, path, undefined, viewerSession);

describe('My NODR for a viewer', () => {
  it('shows the fleet with no control that changes it, and says why once', async () => {
    const api = fakeNodesApi([
      makeNode({ ...nodesByDisplay.active, id: 1, name: 'Running' }),
      makeNode({ ...nodesByDisplay.inactive, id: 2, name: 'Paused' }),
      makeNode({ ...nodesByDisplay.hardware, id: 3, name: 'New' }),
    ]);
    asViewer();
    const running = await screen.findByRole('article', { name: 'NODR Running' });
    expect(screen.getByText(READ_ONLY)).toBeInTheDocument();
    for (const name of ['Deactivate NODR', 'Activate NODR', 'Reconfigure NODR', 'Delete NODR'])
      expect(screen.queryByRole('button', { name })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'NODR name' })).toBeNull();
    expect(within(running).getAllByText('Running')[0]).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add NODR' })).toBeNull();
    // A node waiting for its first check shows no first-run steps (they download the compose file and start it).
    expect(screen.queryByText('Next: start your NODR')).toBeNull();
    expect(screen.queryByRole('button', { name: /compose/i })).toBeNull();
    // The details stay readable; the compose download (what installs a node) is an admin's.
    await userEvent.click(within(running).getByRole('button', { name: 'Show details' }));
    expect(within(running).getByText('Hardware verification')).toBeInTheDocument();
    expect(within(running).queryByRole('button', { name: /compose/i })).toBeNull();
    expect(api.calls.filter((call) => ['PUT', 'DELETE', 'PATCH'].includes(call.method))).toEqual([]);
  });

  it('offers no add button on an empty fleet, and sends /addNodr back to My NODR', async () => {
    fakeNodesApi([]);
    asViewer('/addNodr');
    expect(await screen.findByRole('heading', { name: 'This team has no NODR yet' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add my first NODR' })).toBeNull();
  });
});
