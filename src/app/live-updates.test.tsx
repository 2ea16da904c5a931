import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HEALTH_EVENT } from '../../contracts/node-health.ts';
import { fakeNodesApi, renderNodes, testSession } from '../../tests/fakes/node-screens.tsx';
import { checkJson, makeNode } from '../../tests/fixtures/node-fixtures.ts';
import { MyNodrScreen } from '../screens/nodes/my-nodr-screen.tsx';
import { LiveUpdatesProvider } from './live-updates.tsx';

/** A stand-in for the browser's EventSource: the test opens it and sends messages. */
class FakeEventSource {
  static all: FakeEventSource[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((message: MessageEvent<string>) => void) | null = null;
  onerror: (() => void) | null = null;
  readonly named = new Map<string, (message: MessageEvent<string>) => void>();
  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    FakeEventSource.all.push(this);
  }
  close() {}
  addEventListener(name: string, listener: (message: MessageEvent<string>) => void) {
    this.named.set(name, listener);
  }
  send(data: string) {
    act(() => this.onmessage?.(new MessageEvent('message', { data })));
  }
  /** A named event (`event: <name>`), which onmessage never sees. */
  sendNamed(name: string, data: string) {
    act(() => this.named.get(name)?.(new MessageEvent(name, { data })));
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeEventSource.all = [];
});

describe('live updates', () => {
  it('reloads My NODR in place on 10, 20 and 30, from one stream opened with credentials', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const recheck = vi.spyOn(testSession, 'recheck');
    const api = fakeNodesApi([makeNode({ id: 1, name: 'Frankfurt' })]);
    renderNodes({ '/myNodr': <MyNodrScreen /> }, '/myNodr', (children) => (
      <LiveUpdatesProvider>{children}</LiveUpdatesProvider>
    ));
    const card = await screen.findByRole('article', { name: 'NODR Frankfurt' });
    expect(within(card).getByText('Configuring hardware')).toBeInTheDocument();
    expect(FakeEventSource.all).toHaveLength(1);
    const [stream] = FakeEventSource.all;
    expect(stream).toMatchObject({ url: '/api/v1/sse/handle', init: { withCredentials: true } });
    act(() => stream!.onopen?.());

    api.state.nodes[0]!.check = checkJson(['bandwidth']);
    stream!.send('20');
    expect(await within(card).findByText('Misconfigured')).toBeInTheDocument();

    api.state.nodes[0]!.check = checkJson();
    stream!.send('10');
    expect(await within(card).findByText('Launching NODR app')).toBeInTheDocument();

    api.state.nodes[0]!.status = 10;
    stream!.send('30');
    expect(await within(card).findByText('Active')).toBeInTheDocument();
    expect(recheck).toHaveBeenCalledOnce();

    const lists = api.calls.filter((call) => call.path === '/api/v1/nodres/team/3').length;
    stream!.send('99');
    expect(api.calls.filter((call) => call.path === '/api/v1/nodres/team/3')).toHaveLength(lists);
    expect(FakeEventSource.all).toHaveLength(1);
  });

  it('updates a card on a health event, offline then back, without reloading the list', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const seen = new Date(Date.now() - 12 * 60_000).toISOString();
    const api = fakeNodesApi([
      makeNode({ id: 1, name: 'Frankfurt', status: 10, check: checkJson(), online: true, lastSeenAt: seen }),
      makeNode({ id: 2, name: 'Paris', status: 10, check: checkJson(), online: true, lastSeenAt: seen }),
    ]);
    renderNodes({ '/myNodr': <MyNodrScreen /> }, '/myNodr', (children) => (
      <LiveUpdatesProvider>{children}</LiveUpdatesProvider>
    ));
    const frankfurt = await screen.findByRole('article', { name: 'NODR Frankfurt' });
    const paris = screen.getByRole('article', { name: 'NODR Paris' });
    expect(within(frankfurt).getByText('Active')).toBeInTheDocument();
    const lists = api.calls.filter((call) => call.path === '/api/v1/nodres/team/3').length;
    const [stream] = FakeEventSource.all;
    const at = new Date().toISOString();

    stream!.sendNamed(HEALTH_EVENT, JSON.stringify({ nodeId: 1, online: false, lastSeenAt: seen, at }));
    expect(within(frankfurt).getByText('Offline')).toBeInTheDocument();
    expect(within(frankfurt).getByText(/last seen 12 minutes ago/)).toBeInTheDocument();
    expect(within(paris).getByText('Active')).toBeInTheDocument();
    expect(screen.getByText('2 of 3 NODRs · 1 active · 1 offline · 0 configuring')).toBeInTheDocument();

    // A body of another shape is ignored.
    stream!.sendNamed(HEALTH_EVENT, JSON.stringify({ nodeId: 1, online: 'yes' }));
    stream!.sendNamed(HEALTH_EVENT, 'not json');
    expect(within(frankfurt).getByText('Offline')).toBeInTheDocument();

    stream!.sendNamed(HEALTH_EVENT, JSON.stringify({ nodeId: 1, online: true, lastSeenAt: at, at }));
    expect(within(frankfurt).getByText('Active')).toBeInTheDocument();
    expect(within(frankfurt).queryByText(/last seen/)).not.toBeInTheDocument();
    expect(api.calls.filter((call) => call.path === '/api/v1/nodres/team/3')).toHaveLength(lists);
  });
});
