import { act, render, screen } from '@testing-library/react';
import { describe, expect, vi } from 'vitest';
import { type AnyEventObject, createActor } from 'xstate';
import { ConnectionBanner } from '../../src/app/connection-banner.tsx';
import { eventStreamMachine } from '../../src/machines/live/event-stream.machine.ts';
import { describeScreenModel, type View } from './screen-model.ts';

/**
 * spec 4 and the connection state: the reconnecting banner. Every step is the server's: the stream opens, breaks, says
 * it shuts down, sends a message, or the wait before the next try runs out (a clock the test owns).
 */

const AFTER_WAIT = 'xstate.after.reconnect.eventStream.waiting';
const health = { nodeId: 1, online: false, lastSeenAt: null, at: '2026-01-01T00:00:00.000Z' };

const events: AnyEventObject[] = [
  { type: 'sse.open' },
  { type: 'sse.error' },
  { type: 'sse.shutdown' },
  { type: 'sse.message', value: 10 },
  { type: 'sse.message', value: 99 },
  { type: 'sse.health', health },
  { type: AFTER_WAIT },
];

/** A stand-in for the browser's EventSource that the steps open, break and speak through. */
class FakeEventSource {
  static latest: FakeEventSource | null = null;
  onopen: (() => void) | null = null;
  onmessage: ((message: { data: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  listeners = new Map<string, (message: { data: string }) => void>();
  constructor(readonly url: string) {
    FakeEventSource.latest = this;
  }
  addEventListener(name: string, listener: (message: { data: string }) => void) {
    this.listeners.set(name, listener);
  }
  close() {
    this.closed = true;
  }
}

/** The actor's timers, fired by the steps (ActorOptions.clock, public XState API). */
let timers = new Map<number, () => void>();
let nextTimer = 1;
const clock = {
  setTimeout: (fn: () => void) => {
    const id = nextTimer++;
    timers.set(id, fn);
    return id;
  },
  clearTimeout: (id: number) => timers.delete(id),
};
const NOW = 1_700_000_000_000;
const refresh = vi.fn();
const reconnected = vi.fn();
const healthSeen = vi.fn();

const source = () => {
  const latest = FakeEventSource.latest;
  if (!latest || latest.closed) throw new Error('no open EventSource to speak through');
  return latest;
};
const banner = () => screen.getByRole('status');

/** spec 4: the wait starts at 1 s, doubles after each failed try, and stops at 64 s; an open stream resets it. */
function expectedWait(history: AnyEventObject[]): number {
  let wait = 1;
  let failures = 0;
  for (const event of history) {
    if (event.type === 'sse.open') failures = 0;
    if (event.type === 'sse.error' || event.type === 'sse.shutdown') failures += 1;
  }
  for (let n = 1; n < failures; n += 1) wait = Math.min(wait * 2, 64);
  return wait;
}

const speak = (step: (latest: FakeEventSource) => void) => async (_view: View) => {
  await act(async () => step(source()));
};

describe('connection banner (model)', () => {
  describeScreenModel({
    name: 'connection banner',
    machine: eventStreamMachine,
    input: { url: '/api/v1/sse/handle', now: () => NOW },
    events,
    serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.retryDelay]),
    journeys: [
      // spec 4: eight failed tries in a row wait 1, 2, 4 … 64 and then 64 s again.
      Array.from({ length: 8 }, () => [{ type: 'sse.error' }, { type: AFTER_WAIT }]).flat(),
      // spec 4: a stream that opened resets the wait to 1 s.
      [
        { type: 'sse.error' },
        { type: AFTER_WAIT },
        { type: 'sse.error' },
        { type: AFTER_WAIT },
        { type: 'sse.open' },
        { type: 'sse.error' },
      ],
    ],
    render: () => {
      timers = new Map();
      FakeEventSource.latest = null;
      for (const spy of [refresh, reconnected, healthSeen]) spy.mockClear();
      vi.stubGlobal('EventSource', FakeEventSource);
      const stream = createActor(
        eventStreamMachine.provide({
          actions: {
            refresh: (_, value) => refresh(value),
            reconnected: () => reconnected(),
            health: (_, event) => healthSeen(event),
          },
        }),
        { input: { url: '/api/v1/sse/handle', now: () => NOW }, clock },
      );
      stream.start();
      render(<ConnectionBanner stream={stream} />);
    },
    act: {
      'sse.open': speak((latest) => latest.onopen?.()),
      'sse.error': speak((latest) => latest.onerror?.()),
      'sse.shutdown': speak((latest) => latest.listeners.get('shutdown')?.({ data: '' })),
      'sse.message': async (view) =>
        speak((latest) => latest.onmessage?.({ data: String(view.event.value) }))(view),
      'sse.health': speak((latest) => latest.listeners.get('health')?.({ data: JSON.stringify(health) })),
      [AFTER_WAIT]: async () => {
        expect(timers.size, 'one wait pending').toBe(1);
        const [id, fire] = [...timers][0]!;
        timers.delete(id);
        await act(async () => fire());
      },
    },
    rules: (view) => {
      const { event, from } = view;
      // spec 4: messages 10, 20 and 30 reload what is on screen; other values do nothing.
      if (event.type === 'sse.message') expect(refresh.mock.calls).toEqual(event.value === 10 ? [[10]] : []);
      // A health event reaches the node's card.
      if (event.type === 'sse.health') expect(healthSeen).toHaveBeenCalledWith(health);
      // A stream that opens after a break makes every screen refetch; the first open does not.
      if (event.type === 'sse.open')
        expect(reconnected).toHaveBeenCalledTimes(from.matches({ connected: 'reconnecting' }) ? 1 : 0);
      // A break shows the banner at once, counting down to the next try.
      if (event.type === 'sse.error' || event.type === 'sse.shutdown')
        expect(banner()).toHaveTextContent(`Reconnecting… next try in ${expectedWait(view.history)} s`);
    },
    sees: {
      'connected.connecting': () => expect(banner()).toBeEmptyDOMElement(),
      'connected.open': () => expect(banner()).toBeEmptyDOMElement(),
      'connected.reconnecting': () => expect(banner()).toHaveTextContent(/^Reconnecting…$/),
      waiting: (view) => {
        expect(banner()).toHaveTextContent(`Reconnecting… next try in ${expectedWait(view.history)} s`);
      },
    },
  });
});
