import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkJson, makeNode } from '../machines/node-fixtures.ts';
import { MyNodrScreen } from '../screens/nodes/my-nodr-screen.tsx';
import { fakeNodesApi, renderNodes, testSession } from '../screens/nodes/testing.tsx';
import { LiveUpdatesProvider } from './live-updates.tsx';

/** A stand-in for the browser's EventSource: the test opens it and sends messages. */
class FakeEventSource {
  static all: FakeEventSource[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((message: MessageEvent<string>) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    FakeEventSource.all.push(this);
  }
  addEventListener() {}
  close() {}
  send(data: string) {
    act(() => this.onmessage?.(new MessageEvent('message', { data })));
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
});
