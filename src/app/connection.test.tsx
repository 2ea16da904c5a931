import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderAt, testUser } from '../../tests/fakes/auth-screens.tsx';
import { fakeNodesApi, renderNodes } from '../../tests/fakes/node-screens.tsx';
import { settingsApi } from '../../tests/fakes/settings-screens.tsx';
import { makeNode } from '../../tests/fixtures/node-fixtures.ts';
import { pendingEmailUser } from '../../tests/fixtures/settings-fixtures.ts';
import type { User } from '../api/auth.ts';
import { configureApi } from '../api/client.ts';
import { listNodes } from '../api/nodes.ts';
import { tokenStore } from '../api/token-store.ts';
import { SESSION_ENDED, UNREACHABLE } from '../lib/connection-messages.ts';
import { LoginScreen } from '../screens/auth/login-screen.tsx';
import { MyNodrScreen } from '../screens/nodes/my-nodr-screen.tsx';
import { SettingsScreen } from '../screens/settings/settings-screen.tsx';
import { LiveUpdatesProvider } from './live-updates.tsx';
import { RequireSession } from './require-session.tsx';
import { notifySessionEnded } from './session-ended.ts';

/** A stand-in for the browser's EventSource that the test opens and breaks. */
class FakeEventSource {
  static all: FakeEventSource[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((message: MessageEvent<string>) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeEventSource.all.push(this);
  }
  addEventListener() {}
  close() {}
  open() {
    act(() => this.onopen?.());
  }
  fail() {
    act(() => this.onerror?.());
  }
}

const latest = () => FakeEventSource.all.at(-1)!;

beforeEach(() => configureApi({ onSessionEnded: notifySessionEnded }));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  FakeEventSource.all = [];
  configureApi({ onSessionEnded: () => {} });
  tokenStore.clear();
});

describe('connection state', () => {
  it('shows the reconnecting banner with a countdown while the stream is down, then refetches My NODR', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const api = fakeNodesApi([makeNode({ id: 1, name: 'Frankfurt' })]);
    renderNodes({ '/myNodr': <MyNodrScreen /> }, '/myNodr', (children) => (
      <LiveUpdatesProvider>{children}</LiveUpdatesProvider>
    ));
    await screen.findByRole('article', { name: 'NODR Frankfurt' });
    latest().open();
    const banner = screen
      .getAllByRole('status')
      .find((region) => region.getAttribute('aria-live') === 'polite')!;
    expect(banner).toBeEmptyDOMElement();

    latest().fail();
    expect(banner).toHaveTextContent('Reconnecting… next try in 1 s');
    // The first try after 1 s: still down while it runs.
    await waitFor(() => expect(FakeEventSource.all).toHaveLength(2), { timeout: 2000 });
    expect(banner).toHaveTextContent(/^Reconnecting…$/);
    latest().fail();
    expect(banner).toHaveTextContent('Reconnecting… next try in 2 s');
    await waitFor(() => expect(banner).toHaveTextContent('Reconnecting… next try in 1 s'), { timeout: 1500 });

    await waitFor(() => expect(FakeEventSource.all).toHaveLength(3), { timeout: 1500 });
    const listCalls = () => api.calls.filter((call) => call.path === '/api/v1/nodres/team/3').length;
    const before = listCalls();
    api.state.nodes[0]!.name = 'Frankfurt am Main';
    latest().open();
    expect(banner).toBeEmptyDOMElement();
    expect(await screen.findByRole('article', { name: 'NODR Frankfurt am Main' })).toBeInTheDocument();
    expect(listCalls()).toBe(before + 1);
  });

  it('says the server cannot be reached when an action fails for want of a connection, and clears it on refetch', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const api = fakeNodesApi([makeNode({ id: 1, name: 'Frankfurt', status: 20 })]);
    const user = userEvent.setup();
    renderNodes({ '/myNodr': <MyNodrScreen /> }, '/myNodr', (children) => (
      <LiveUpdatesProvider>{children}</LiveUpdatesProvider>
    ));
    const card = await screen.findByRole('article', { name: 'NODR Frankfurt' });
    latest().open();
    const working = api.fetch.getMockImplementation()!;
    api.fetch.mockImplementation(async () => Promise.reject(new TypeError('Failed to fetch')));
    await user.click(within(card).getByRole('button', { name: /activate/i }));
    expect(await within(card).findByText(UNREACHABLE)).toBeInTheDocument();

    // The server is back: the stream reopens, the list is refetched and the stale message goes.
    api.fetch.mockImplementation(working);
    latest().fail();
    await waitFor(() => expect(FakeEventSource.all).toHaveLength(2), { timeout: 2000 });
    latest().open();
    await waitFor(() => expect(within(card).queryByText(UNREACHABLE)).not.toBeInTheDocument());
  });

  it('sends the tab to sign in with an explanation when a call finds the session ended', async () => {
    tokenStore.set('revoked-elsewhere');
    let signedIn = true;
    fakeApi({
      'GET /auth/v1/check': () => ({ status: 200, body: testUser }),
      'POST /api/v1/nodres/team/3': () =>
        signedIn
          ? { status: 200, body: [] }
          : { status: 401, body: { error: 'unauthorized', message: 'Please sign in.' } },
    });
    function Guarded() {
      return (
        <button type="button" onClick={() => void listNodes(3).catch(() => {})}>
          Refresh
        </button>
      );
    }
    renderAt(
      <RequireSession>
        <Guarded />
      </RequireSession>,
      '/myNodr',
      { routes: { '/': <LoginScreen /> } },
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Refresh' }));
    signedIn = false;
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText(SESSION_ENDED)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Sign in to NODR' })).toBeInTheDocument();
    expect(tokenStore.get()).toBeNull();
  });

  it('treats a 401 without a token as a refusal, not as an ended session', async () => {
    const ended = vi.fn();
    configureApi({ onSessionEnded: ended });
    fakeApi({
      'POST /api/v1/nodres/team/3': () => ({ status: 401, body: { error: 'unauthorized', message: 'x' } }),
    });
    await expect(listNodes(3)).rejects.toMatchObject({ status: 401 });
    expect(ended).not.toHaveBeenCalled();
    tokenStore.set('stale');
    await expect(listNodes(3)).rejects.toMatchObject({ status: 401 });
    expect(ended).toHaveBeenCalledOnce();
  });
});

describe('Settings stays true across tabs', () => {
  it('shows an e-mail change confirmed in another tab when this tab regains focus', async () => {
    tokenStore.set('good-token');
    let checked: User = pendingEmailUser;
    settingsApi({ 'GET /auth/v1/check': () => ({ status: 200, body: checked }) });
    let time = 1_000_000;
    vi.spyOn(Date, 'now').mockImplementation(() => time);
    renderAt(
      <RequireSession>
        <SettingsScreen />
      </RequireSession>,
      '/settings/account',
      { route: '/settings/:section?' },
    );
    const email = await screen.findByRole('region', { name: 'Change e-mail' });
    expect(within(email).getByText('Request in progress')).toBeInTheDocument();

    checked = { ...pendingEmailUser, email: 'new@example.com', statusChangeEmail: 0, newChangeEmail: null };
    // Within 10 s of the last check, coming back asks nothing.
    time += 5_000;
    act(() => void window.dispatchEvent(new Event('focus')));
    expect(within(email).getByText('Request in progress')).toBeInTheDocument();
    time += 5_000;
    act(() => void window.dispatchEvent(new Event('focus')));
    // The section starts again from the server's state: the new address, and the form instead of the request.
    expect(await screen.findByText('new@example.com')).toBeInTheDocument();
    const updated = screen.getByRole('region', { name: 'Change e-mail' });
    expect(within(updated).queryByText('Request in progress')).not.toBeInTheDocument();
    expect(within(updated).getByLabelText('New e-mail')).toBeInTheDocument();
  });
});

describe('a sign-out in another tab of this browser', () => {
  it('sends this tab to sign in with the explanation when the shared token goes', async () => {
    tokenStore.set('shared-token');
    fakeApi({ 'GET /auth/v1/check': () => ({ status: 200, body: testUser }) });
    renderAt(
      <RequireSession>
        <p>Guarded page</p>
      </RequireSession>,
      '/myNodr',
      { routes: { '/': <LoginScreen /> } },
    );
    await screen.findByText('Guarded page');
    // Another tab's change of the token does not end this one; its removal does.
    act(
      () =>
        void window.dispatchEvent(new StorageEvent('storage', { key: 'bearer_access_token', newValue: 'x' })),
    );
    expect(screen.getByText('Guarded page')).toBeInTheDocument();
    tokenStore.clear();
    act(
      () =>
        void window.dispatchEvent(
          new StorageEvent('storage', { key: 'bearer_access_token', newValue: null }),
        ),
    );
    expect(await screen.findByText(SESSION_ENDED)).toBeInTheDocument();
  });
});
