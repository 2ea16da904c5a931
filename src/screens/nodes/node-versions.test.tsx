import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeNodesApi, renderNodes } from '../../../tests/fakes/node-screens.tsx';
import { makeNode, nodesByDisplay } from '../../../tests/fixtures/node-fixtures.ts';
import { MyNodrScreen } from './my-nodr-screen.tsx';

/** The expanded card names the node's agent version and says when an update is available. */

const { active } = nodesByDisplay;
const outdated = makeNode({
  ...active,
  id: 1,
  name: 'Frankfurt',
  agentVersion: '1.4.1',
  updateAvailable: true,
});
const current = makeNode({ ...active, id: 2, name: 'Paris', agentVersion: '1.4.2', updateAvailable: false });
const unknown = makeNode({ ...active, id: 3, name: 'Oslo', agentVersion: null, updateAvailable: false });

async function expanded(name: string) {
  const card = await screen.findByRole('article', { name: `NODR ${name}` });
  await userEvent.click(within(card).getByRole('button', { name: 'Show details' }));
  return card;
}

describe('node card: agent version', () => {
  it('shows "Agent 1.4.1" and "Update available" for an older agent, only the version for the latest', async () => {
    fakeNodesApi([outdated, current, unknown]);
    renderNodes({ '/myNodr': <MyNodrScreen /> }, '/myNodr');
    const old = await expanded('Frankfurt');
    expect(within(old).getByText('Agent 1.4.1')).toBeVisible();
    expect(within(old).getByText('Update available')).toBeVisible();
    const latest = await expanded('Paris');
    expect(within(latest).getByText('Agent 1.4.2')).toBeVisible();
    expect(within(latest).queryByText('Update available')).not.toBeInTheDocument();
    const silent = await expanded('Oslo');
    expect(within(silent).queryByText(/^Agent /)).not.toBeInTheDocument();
  });
});
