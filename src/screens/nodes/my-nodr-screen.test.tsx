import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeNodesApi, renderNodes } from '../../../tests/fakes/node-screens.tsx';
import { makeNode, nodesByDisplay } from '../../../tests/fixtures/node-fixtures.ts';
import { PARAMETER_TOO_LOW, SUSPENDED_MESSAGE } from '../../lib/node-status.ts';
import { MyNodrScreen } from './my-nodr-screen.tsx';

afterEach(() => vi.unstubAllGlobals());

const { hardware, misconfigured, launching, active, inactive, suspended } = nodesByDisplay;

function renderMyNodr() {
  return renderNodes({ '/myNodr': <MyNodrScreen /> }, '/myNodr');
}

/** The card of the node named `name` (its accessible name is 'NODR <name>'). */
const card = (name: string) => screen.getByRole('article', { name: `NODR ${name}` });

describe('My NODR', () => {
  it('shows the empty state, whose button opens the add flow', async () => {
    fakeNodesApi([]);
    renderMyNodr();
    expect(
      await screen.findByRole('heading', { name: "You haven't added any NODR yet" }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add my first NODR' }));
    expect(screen.getByTestId('landed')).toHaveTextContent('/addNodr');
  });

  it('labels every status, the status-1 sub-states and a suspended node with its message', async () => {
    const names = ['Hardware', 'Wrong', 'Launch', 'Running', 'Paused', 'Limited'];
    const nodes = [hardware, misconfigured, launching, active, inactive, suspended].map((node, index) =>
      makeNode({ ...node, id: index + 1, name: names[index] }),
    );
    fakeNodesApi(nodes);
    renderMyNodr();
    await screen.findByRole('article', { name: 'NODR Hardware' });
    const labels = [
      'Configuring hardware',
      'Misconfigured',
      'Launching NODR app',
      'Active',
      'Inactive',
      'Suspended',
    ];
    for (const [index, name] of names.entries())
      expect(within(card(name)).getByText(labels[index]!)).toBeInTheDocument();
    expect(within(card('Limited')).getByText(SUSPENDED_MESSAGE)).toBeInTheDocument();
    expect(screen.getAllByText(SUSPENDED_MESSAGE)).toHaveLength(1);
  });

  it('shows the configuration, key, date, domain and verification rows in the expanded body', async () => {
    fakeNodesApi([
      makeNode({ ...misconfigured, id: 1, name: 'Wrong' }),
      makeNode({ ...hardware, id: 2, name: 'New' }),
    ]);
    renderMyNodr();
    const wrong = await screen.findByRole('article', { name: 'NODR Wrong' });
    const expand = within(wrong).getByRole('button', { name: 'Show details' });
    expect(expand).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(expand);
    expect(within(wrong).getByRole('button', { name: 'Hide details' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    for (const [term, value] of [
      ['Configuration', 'NODR Standard'],
      ['HDD', '2 TB'],
      ['RAM', '16 GB'],
      ['Bandwidth', '1 Gbps'],
      ['IP type', 'IPv4'],
      ['Created', '22 November 2026'],
      ['Domain', 'ab12cd34ef56ab78.nodr.example'],
    ]) {
      expect(within(wrong).getByText(term!, { selector: 'dt' }).nextElementSibling).toHaveTextContent(value!);
    }
    const rows = within(within(wrong).getByRole('list', { name: 'Hardware verification' })).getAllByRole(
      'listitem',
    );
    expect(rows.map((row) => row.firstChild?.textContent)).toEqual([
      'Storage',
      'RAM',
      'IP',
      'OS',
      'Bandwidth',
    ]);
    expect(within(rows[1]!).getByText(PARAMETER_TOO_LOW)).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('Failed: reported 32 GB');
    expect(rows[0]).toHaveTextContent('Passed: reported 3 TB');
    expect(within(wrong).getAllByText(PARAMETER_TOO_LOW)).toHaveLength(1);

    const fresh = card('New');
    await userEvent.click(within(fresh).getByRole('button', { name: 'Show details' }));
    expect(within(fresh).getAllByText('awaiting...')).toHaveLength(5);
    expect(within(fresh).queryByText(PARAMETER_TOO_LOW)).not.toBeInTheDocument();
  });

  it('shows the public key masked, and in full with a copy button in its modal', async () => {
    fakeNodesApi([makeNode({ ...active, id: 1 })]);
    const user = userEvent.setup();
    renderMyNodr();
    const node = await screen.findByRole('article', { name: 'NODR Frankfurt' });
    await user.click(within(node).getByRole('button', { name: 'Show details' }));
    expect(within(node).getByText('MFkwEwYH••••••••bzbiLw==')).toBeInTheDocument();
    await user.click(within(node).getByRole('button', { name: 'Show key' }));
    const dialog = screen.getByRole('dialog', { name: 'Public key' });
    expect(dialog.querySelector('pre')).toHaveTextContent('-----BEGIN PUBLIC KEY-----');
    await user.click(within(dialog).getByRole('button', { name: 'Copy key' }));
    expect(await navigator.clipboard.readText()).toBe(active.publicKey);
    expect(within(dialog).getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('deactivates an active node after the confirm, and activates an inactive one directly', async () => {
    const api = fakeNodesApi([
      makeNode({ ...active, id: 1, name: 'Running' }),
      makeNode({ ...inactive, id: 2, name: 'Paused' }),
    ]);
    renderMyNodr();
    const running = await screen.findByRole('article', { name: 'NODR Running' });
    await userEvent.click(within(running).getByRole('button', { name: 'Deactivate NODR' }));
    const dialog = screen.getByRole('dialog', { name: 'Deactivate this NODR?' });
    expect(api.calls.some((call) => call.path.includes('update_active_nodres'))).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await within(running).findByText('Inactive')).toBeInTheDocument();

    await userEvent.click(within(card('Paused')).getByRole('button', { name: 'Activate NODR' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await within(card('Paused')).findByText('Active')).toBeInTheDocument();
  });

  it('saves a new name on Enter, with the placeholder Untitled and the 320 limit', async () => {
    const api = fakeNodesApi([makeNode({ ...active, id: 1, name: '' })]);
    renderMyNodr();
    const name = await screen.findByRole('textbox', { name: 'NODR name' });
    expect(name).toHaveAttribute('placeholder', 'Untitled');
    expect(name).toHaveAttribute('maxlength', '320');
    await userEvent.type(name, '  Lisbon {Enter}');
    await waitFor(() => expect(screen.getByRole('article', { name: 'NODR Lisbon' })).toBeInTheDocument());
    const rename = api.calls.find((call) => call.method === 'PUT');
    expect(rename?.form).toEqual({ teamId: '3', config_id: '2', name: 'Lisbon', id: '1' });
  });

  it('deletes after the confirm, then reloads the nodes and the configurations', async () => {
    const api = fakeNodesApi([
      makeNode({ ...inactive, id: 1, name: 'Old' }),
      makeNode({ ...active, id: 2, name: 'Kept' }),
    ]);
    renderMyNodr();
    const old = await screen.findByRole('article', { name: 'NODR Old' });
    const before = api.calls.length;
    await userEvent.click(within(old).getByRole('button', { name: 'Delete NODR' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Delete this NODR?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('article', { name: 'NODR Old' })).not.toBeInTheDocument());
    const after = api.calls.slice(before).map((call) => `${call.method} ${call.path}`);
    expect(after).toEqual([
      'DELETE /api/v1/nodres/team/3/1',
      'POST /api/v1/nodres/team/3',
      'POST /api/v1/configs',
    ]);
    expect(screen.getByRole('article', { name: 'NODR Kept' })).toBeInTheDocument();
  });

  it('enables Reconfigure only for the exact license key, then opens the config update for the node', async () => {
    const api = fakeNodesApi([makeNode({ ...active, id: 1 })]);
    renderMyNodr();
    const node = await screen.findByRole('article', { name: 'NODR Frankfurt' });
    await userEvent.click(within(node).getByRole('button', { name: 'Reconfigure NODR' }));
    const dialog = screen.getByRole('dialog', { name: 'Reconfigure NODR' });
    const button = within(dialog).getByRole('button', { name: 'Reconfigure' });
    const field = within(dialog).getByLabelText('License key');
    expect(button).toBeDisabled();
    await userEvent.type(field, active.licenseKey.slice(0, -1));
    expect(button).toBeDisabled();
    await userEvent.type(field, `${active.licenseKey.at(-1)}x`);
    expect(button).toBeDisabled();
    await userEvent.type(field, '{Backspace}');
    expect(button).toBeEnabled();
    await userEvent.click(button);
    const update = await screen.findByRole('dialog', { name: 'Update configuration' });
    expect(within(node).getByText('Configuring hardware')).toBeInTheDocument();
    // spec 7: teamId, configId, publicKey, licenseKey, id.
    expect(api.calls.find((call) => call.path.includes('reset_settings_nodr'))?.form).toEqual({
      teamId: '3',
      configId: '2',
      publicKey: active.publicKey,
      licenseKey: active.licenseKey,
      id: '1',
    });
    // The config update: a coming-soon configuration cannot be chosen; an empty key is sent without a key.
    expect(within(update).getByRole('radio', { name: /NODR Edge/ })).toBeDisabled();
    await userEvent.click(within(update).getByRole('radio', { name: /NODR Lite/ }));
    await userEvent.click(within(update).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.at(-1)).toMatchObject({ method: 'PUT', form: { teamId: '3', configId: '1', id: '1' } });
    expect(api.calls.at(-1)?.form).not.toHaveProperty('publicKey');
  });

  it('checks a new key in the config update of a node in status 1', async () => {
    fakeNodesApi([makeNode({ ...misconfigured, id: 1 })]);
    renderMyNodr();
    const node = await screen.findByRole('article', { name: 'NODR Frankfurt' });
    await userEvent.click(within(node).getByRole('button', { name: 'Update configuration' }));
    const dialog = screen.getByRole('dialog', { name: 'Update configuration' });
    await userEvent.type(within(dialog).getByLabelText('New public key (optional)'), 'abc');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Incorrect format public key. Please check your key and try again',
    );
    await userEvent.type(within(dialog).getByLabelText('New public key (optional)'), 'd');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('opens the soon modal instead of the add flow at 3 nodes', async () => {
    fakeNodesApi([1, 2, 3].map((id) => makeNode({ ...active, id, name: `Node ${id}` })));
    renderMyNodr();
    await userEvent.click(await screen.findByRole('button', { name: 'Add NODR' }));
    const dialog = screen.getByRole('dialog', { name: 'Soon it will be possible to add a new NODR' });
    expect(screen.queryByTestId('landed')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add NODR' })).toHaveFocus();
  });

  it('goes to the add flow from the plus block below fewer than 3 nodes', async () => {
    fakeNodesApi([makeNode({ ...active, id: 1 })]);
    renderMyNodr();
    await userEvent.click(await screen.findByRole('button', { name: 'Add NODR' }));
    expect(screen.getByTestId('landed')).toHaveTextContent('/addNodr');
  });

  it('saves the compose file as docker-compose.yml', async () => {
    fakeNodesApi([makeNode({ ...active, id: 1 })]);
    const createObjectURL = vi.fn(() => 'blob:compose');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: HTMLAnchorElement[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this);
    });
    renderMyNodr();
    const node = await screen.findByRole('article', { name: 'NODR Frankfurt' });
    await userEvent.click(within(node).getByRole('button', { name: 'Show details' }));
    await userEvent.click(within(node).getByRole('button', { name: 'Download docker-compose.yml' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]?.download).toBe('docker-compose.yml');
    expect(clicked[0]?.getAttribute('href')).toBe('blob:compose');
    click.mockRestore();
  });
});
