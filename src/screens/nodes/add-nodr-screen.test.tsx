import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type NavigateFunction, useLocation, useNavigate } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  INVALID_PUBLIC_KEY_MESSAGE,
  KEY_TAKEN_MESSAGE,
  NODE_LIMIT_MESSAGE,
} from '../../../contracts/node-rules.ts';
import { PRIVATE_KEY_REASON } from '../../../contracts/public-key-diagnosis.ts';
import { fakeNodesApi, nodesTestConfig, renderNodes } from '../../../tests/fakes/node-screens.tsx';
import { makeNode, PUBLIC_KEY } from '../../../tests/fixtures/node-fixtures.ts';
import { SOON_DETAIL } from '../../lib/node-messages.ts';
import { ADD_NODE_DRAFT_KEY } from './add-node-draft-store.ts';
import { AddNodrScreen } from './add-nodr-screen.tsx';

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.unstubAllGlobals());

const INSTALL = 'https://get.nodr.test/install/nodr-install.sh';

/** The router's history, as the browser's Back and Forward move it. */
let history: NavigateFunction;

function Address() {
  history = useNavigate();
  return <p data-testid="address">{useLocation().pathname}</p>;
}

function renderAdd(path = '/addNodr') {
  return renderNodes({ '/addNodr/:step?': <AddNodrScreen /> }, path, (routes) => (
    <>
      {routes}
      <Address />
    </>
  ));
}

const address = () => screen.getByTestId('address');

const currentStep = () => screen.getByRole('list', { name: 'Steps' }).querySelector('[aria-current="step"]');

/** Walks to the public key step with the default (first available) configuration. */
async function toKeyStep(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Next' }));
  await user.click(screen.getByRole('button', { name: 'Next' }));
  return screen.getByLabelText('Public key');
}

describe('Add NODR', () => {
  it('offers only available configurations, the others marked Coming soon', async () => {
    fakeNodesApi([]);
    renderAdd();
    const lite = await screen.findByRole('radio', { name: /NODR Lite/ });
    expect(currentStep()).toHaveTextContent('Step 1 of 3: Choose a configuration');
    expect(lite).toBeChecked();
    const edge = screen.getByRole('radio', { name: /NODR Edge/ });
    expect(edge).toBeDisabled();
    expect(edge.closest('label')).toHaveTextContent('Coming soon');
    expect(screen.getAllByText('Coming soon')).toHaveLength(1);
    expect(screen.getByRole('radio', { name: /NODR Standard/ }).closest('label')).toHaveTextContent(
      'HDD2 TBRAM16 GBBandwidth1 GbpsIP typeIPv4',
    );
  });

  it('links every system to the one installer and copies the install command', async () => {
    fakeNodesApi([]);
    const user = userEvent.setup();
    renderAdd();
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(currentStep()).toHaveTextContent('Install the NODR software');
    const links = within(screen.getByRole('list', { name: 'Download the installer' })).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Installer for Linux',
      'Installer for Windows',
      'Installer for macOS',
    ]);
    for (const link of links) expect(link).toHaveAttribute('href', nodesTestConfig.installerUrl);
    expect(screen.getByText(/On Windows, run it in WSL \(Windows Subsystem for Linux\)/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy command' }));
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Copied to the clipboard');
    expect(await navigator.clipboard.readText()).toBe(
      `curl -fsSLO ${INSTALL} && chmod +x nodr-install.sh && ./nodr-install.sh`,
    );
  });

  it('keeps Confirm disabled while the key is empty and checks its format before sending', async () => {
    const api = fakeNodesApi([]);
    const user = userEvent.setup();
    renderAdd();
    const key = await toKeyStep(user);
    const confirm = screen.getByRole('button', { name: 'Confirm' });
    expect(confirm).toBeDisabled();
    await user.type(key, '   ');
    expect(confirm).toBeDisabled();
    await user.type(key, 'not a key');
    expect(confirm).toBeEnabled();
    await user.click(confirm);
    expect(screen.getByRole('alert')).toHaveTextContent(INVALID_PUBLIC_KEY_MESSAGE);
    expect(api.calls.filter((call) => call.path.includes('set_public_key'))).toEqual([]);
    await user.type(key, '!');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says why a pasted private key is refused, under the spec message, and describes the field with both', async () => {
    const api = fakeNodesApi([]);
    const user = userEvent.setup();
    renderAdd();
    const key = await toKeyStep(user);
    await user.click(key);
    await user.paste(
      '-----BEGIN PRIVATE KEY-----\nMIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg\n-----END PRIVATE KEY-----',
    );
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(screen.getByRole('alert')).toHaveTextContent(INVALID_PUBLIC_KEY_MESSAGE);
    expect(key).toHaveAccessibleDescription(`${INVALID_PUBLIC_KEY_MESSAGE} ${PRIVATE_KEY_REASON}`);
    expect(api.calls.filter((call) => call.path.includes('set_public_key'))).toEqual([]);
    await user.type(key, '!');
    expect(screen.queryByText(PRIVATE_KEY_REASON)).not.toBeInTheDocument();
  });

  it('shows the 409 message until the key changes', async () => {
    fakeNodesApi([], {
      overrides: {
        'POST /api/v1/nodres/team/3/set_public_key/config/:id': () => ({
          status: 409,
          body: { error: 'public_key_taken', message: KEY_TAKEN_MESSAGE },
        }),
      },
    });
    const user = userEvent.setup();
    renderAdd();
    const key = await toKeyStep(user);
    await user.click(key);
    await user.paste(PUBLIC_KEY);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(KEY_TAKEN_MESSAGE);
    await user.type(key, '{Backspace}');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the format message on a 500', async () => {
    fakeNodesApi([], {
      overrides: {
        'POST /api/v1/nodres/team/3/set_public_key/config/:id': () => ({
          status: 500,
          body: { error: 'internal', message: 'Internal error' },
        }),
      },
    });
    const user = userEvent.setup();
    renderAdd();
    const key = await toKeyStep(user);
    await user.click(key);
    await user.paste(PUBLIC_KEY);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID_PUBLIC_KEY_MESSAGE);
  });

  it('registers the node with the chosen configuration and goes back to My NODR', async () => {
    const api = fakeNodesApi([]);
    const user = userEvent.setup();
    renderAdd();
    await user.click(await screen.findByRole('radio', { name: /NODR Standard/ }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('radio', { name: /NODR Standard/ })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(currentStep()).toHaveTextContent('Register the public key');
    await user.click(screen.getByLabelText('Public key'));
    await user.paste(`${PUBLIC_KEY}\n`);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.getByTestId('landed')).toHaveTextContent('/myNodr'));
    expect(api.calls.at(-1)).toMatchObject({
      method: 'POST',
      path: '/api/v1/nodres/team/3/set_public_key/config/2',
      form: { teamId: '3', configId: '2', publicKey: PUBLIC_KEY },
    });
  });

  it('says at once, before step 1, that a fourth NODR is not possible yet, and goes back to My NODR', async () => {
    const api = fakeNodesApi([1, 2, 3].map((id) => makeNode({ id, name: `Node ${id}` })));
    const user = userEvent.setup();
    renderAdd();
    expect(
      await screen.findByRole('heading', { name: 'Soon it will be possible to add a new NODR' }),
    ).toBeInTheDocument();
    expect(screen.getByText(SOON_DETAIL)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Steps' })).not.toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Public key')).not.toBeInTheDocument();
    expect(api.calls.some((call) => call.path.includes('set_public_key'))).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Back to My NODR' }));
    expect(screen.getByTestId('landed')).toHaveTextContent('/myNodr');
  });

  it('shows step 1 with two nodes', async () => {
    fakeNodesApi([1, 2].map((id) => makeNode({ id, name: `Node ${id}` })));
    renderAdd();
    await screen.findByRole('radio', { name: /NODR Lite/ });
    expect(currentStep()).toHaveTextContent('Step 1 of 3: Choose a configuration');
    expect(screen.queryByText(NODE_LIMIT_MESSAGE)).not.toBeInTheDocument();
  });
});

describe('Add NODR, each step at its own address', () => {
  it('moves back and forward between the steps with the browser, the choices kept', async () => {
    fakeNodesApi([]);
    const user = userEvent.setup();
    renderAdd();
    await user.click(await screen.findByRole('radio', { name: /NODR Standard/ }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(address()).toHaveTextContent('/addNodr/installer'));
    history(-1);
    await waitFor(() => expect(currentStep()).toHaveTextContent('Choose a configuration'));
    await waitFor(() => expect(address()).toHaveTextContent(/^\/addNodr$/));
    expect(screen.getByRole('radio', { name: /NODR Standard/ })).toBeChecked();
    history(1);
    await waitFor(() => expect(currentStep()).toHaveTextContent('Install the NODR software'));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(address()).toHaveTextContent('/addNodr/key'));
    await user.click(screen.getByLabelText('Public key'));
    await user.paste(PUBLIC_KEY);
    history(-1);
    await waitFor(() => expect(currentStep()).toHaveTextContent('Install the NODR software'));
    history(1);
    await waitFor(() => expect(currentStep()).toHaveTextContent('Register the public key'));
    expect(screen.getByLabelText('Public key')).toHaveValue(PUBLIC_KEY);
  });

  it('keeps the step and the choices through a reload, and forgets them once the node is registered', async () => {
    const api = fakeNodesApi([]);
    const user = userEvent.setup();
    const first = renderAdd();
    await user.click(await screen.findByRole('radio', { name: /NODR Standard/ }));
    await toKeyStep(user);
    await user.click(screen.getByLabelText('Public key'));
    await user.paste(PUBLIC_KEY);
    first.unmount();

    const second = renderAdd('/addNodr/key');
    expect(await screen.findByLabelText('Public key')).toHaveValue(PUBLIC_KEY);
    expect(currentStep()).toHaveTextContent('Register the public key');
    await waitFor(() => expect(address()).toHaveTextContent('/addNodr/key'));
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('button', { name: 'Copy command' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('radio', { name: /NODR Standard/ })).toBeChecked();
    await toKeyStep(user);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.getByTestId('landed')).toHaveTextContent('/myNodr'));
    expect(api.calls.at(-1)?.path).toBe('/api/v1/nodres/team/3/set_public_key/config/2');
    second.unmount();

    renderAdd('/addNodr/key');
    expect(await screen.findByRole('radio', { name: /NODR Lite/ })).toBeChecked();
    await waitFor(() => expect(address()).toHaveTextContent(/^\/addNodr$/));
  });

  it('opens a step not reached yet at step 1, and corrects the address', async () => {
    fakeNodesApi([]);
    renderAdd('/addNodr/key');
    await screen.findByRole('radio', { name: /NODR Lite/ });
    expect(currentStep()).toHaveTextContent('Step 1 of 3: Choose a configuration');
    await waitFor(() => expect(address()).toHaveTextContent(/^\/addNodr$/));
    history(1);
    expect(currentStep()).toHaveTextContent('Choose a configuration');
  });

  it('opens an address that names no step at step 1', async () => {
    fakeNodesApi([]);
    renderAdd('/addNodr/elsewhere');
    await screen.findByRole('radio', { name: /NODR Lite/ });
    await waitFor(() => expect(address()).toHaveTextContent(/^\/addNodr$/));
  });

  it.each([
    ['not JSON', '{"teamId":3,'],
    ['another team’s', JSON.stringify({ teamId: 4, reached: 'key', configId: 2, publicKey: PUBLIC_KEY })],
    ['of an unknown step', JSON.stringify({ teamId: 3, reached: 'done', configId: 2, publicKey: '' })],
    [
      'of a configuration not available',
      JSON.stringify({ teamId: 3, reached: 'key', configId: 4, publicKey: '' }),
    ],
  ])('ignores a stored draft %s', async (_, raw) => {
    fakeNodesApi([]);
    sessionStorage.setItem(ADD_NODE_DRAFT_KEY, raw);
    renderAdd('/addNodr/key');
    expect(await screen.findByRole('radio', { name: /NODR Lite/ })).toBeChecked();
    expect(currentStep()).toHaveTextContent('Choose a configuration');
  });

  it('forgets the choices when the flow is left by its My NODR link', async () => {
    fakeNodesApi([]);
    const user = userEvent.setup();
    const first = renderAdd();
    await user.click(await screen.findByRole('radio', { name: /NODR Standard/ }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('link', { name: 'My NODR' }));
    expect(screen.getByTestId('landed')).toHaveTextContent('/myNodr');
    first.unmount();
    renderAdd('/addNodr/installer');
    expect(await screen.findByRole('radio', { name: /NODR Lite/ })).toBeChecked();
    expect(currentStep()).toHaveTextContent('Choose a configuration');
  });
});
