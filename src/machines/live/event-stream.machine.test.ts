import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, SimulatedClock } from 'xstate';
import { SHUTDOWN_EVENT } from '../../../contracts/event-stream.ts';
import { createMachineModel } from '../../../tests/model/machine-model.ts';
import type { EventStreamEvent } from './event-stream.actors.ts';
import { eventStreamMachine } from './event-stream.machine.ts';

const quietStream = fromCallback<EventStreamEvent, { url: string }>(() => () => {});

describe('event stream machine, model', () => {
  const model = createMachineModel(eventStreamMachine, {
    // A fixed clock keeps nextRetryAt, part of each state of the graph, finite.
    input: { url: '/api/v1/sse/handle', now: () => 0 },
    actors: { eventSource: quietStream },
    events: [
      { type: 'sse.open' },
      { type: 'sse.message', value: 20 },
      { type: 'sse.message', value: 99 },
      { type: 'sse.error' },
      { type: 'sse.shutdown' },
      {
        type: 'sse.health',
        health: { nodeId: 7, online: false, lastSeenAt: null, at: '2026-11-22T14:03:00.000Z' },
      },
      { type: 'xstate.after.reconnect.eventStream.waiting' },
    ],
  });
  it.each(model.paths)('$description', (path) => model.run(path));
  it('reaches every state and transition', () => model.expectFullCoverage());
});

/** A stream stub that records when each connection is made and lets the test open or break the latest one. */
function recordingStream(clock: SimulatedClock) {
  const connections: number[] = [];
  let send: ((event: EventStreamEvent) => void) | undefined;
  const logic = fromCallback<EventStreamEvent, { url: string }>(({ sendBack }) => {
    connections.push(clock.now());
    send = sendBack;
    return () => {
      send = undefined;
    };
  });
  return { logic, connections, emit: (event: EventStreamEvent) => send?.(event) };
}

describe('event stream machine, reconnect backoff (simulated clock)', () => {
  function start() {
    const clock = new SimulatedClock();
    const stream = recordingStream(clock);
    const refresh = vi.fn();
    const reconnected = vi.fn();
    const machine = eventStreamMachine.provide({
      actors: { eventSource: stream.logic },
      actions: { refresh: (_, value) => refresh(value), reconnected },
    });
    const input = { url: '/api/v1/sse/handle', now: () => clock.now() };
    const actor = createActor(machine, { input, clock }).start();
    return { actor, clock, stream, refresh, reconnected };
  }

  /** Breaks the open connection and lets the clock run until the next one, returning the wait. */
  function failAndWait(clock: SimulatedClock, stream: ReturnType<typeof recordingStream>): number {
    const before = stream.connections.length;
    const failedAt = clock.now();
    stream.emit({ type: 'sse.error' });
    for (let waited = 0; stream.connections.length === before; waited += 500) {
      if (waited > 200_000) throw new Error('never reconnected');
      clock.increment(500);
    }
    return stream.connections.at(-1)! - failedAt;
  }

  it('waits 1, 2, 4, 8, 16, 32, 64 and then 64 s between attempts', () => {
    const { clock, stream } = start();
    const waits = Array.from({ length: 8 }, () => failAndWait(clock, stream));
    expect(waits.map((ms) => ms / 1000)).toEqual([1, 2, 4, 8, 16, 32, 64, 64]);
  });

  it('does not reconnect a moment early', () => {
    const { clock, stream, actor } = start();
    failAndWait(clock, stream);
    stream.emit({ type: 'sse.error' });
    clock.increment(1999);
    expect(actor.getSnapshot().value).toBe('waiting');
    clock.increment(1);
    expect(actor.getSnapshot().value).toEqual({ connected: 'reconnecting' });
  });

  it('starts again from 1 s once a stream has opened', () => {
    const { clock, stream } = start();
    for (let i = 0; i < 4; i += 1) failAndWait(clock, stream);
    stream.emit({ type: 'sse.open' });
    expect(failAndWait(clock, stream)).toBe(1000);
    expect(failAndWait(clock, stream)).toBe(2000);
  });

  it('after a shutdown message, reconnects with the same backoff as after an error', () => {
    const { clock, stream, actor } = start();
    stream.emit({ type: 'sse.open' });
    stream.emit({ type: 'sse.shutdown' });
    expect(actor.getSnapshot().value).toBe('waiting');
    clock.increment(999);
    expect(stream.connections).toHaveLength(1);
    clock.increment(1);
    expect(stream.connections).toHaveLength(2);
    stream.emit({ type: 'sse.shutdown' });
    clock.increment(1999);
    expect(stream.connections).toHaveLength(2);
    clock.increment(1);
    expect(stream.connections).toHaveLength(3);
  });

  it('is down, with the time of the next try, from a break until the stream opens again (the banner)', () => {
    const { actor, clock, stream } = start();
    stream.emit({ type: 'sse.open' });
    expect(actor.getSnapshot().hasTag('down')).toBe(false);
    expect(actor.getSnapshot().context.nextRetryAt).toBeNull();
    clock.increment(5000);
    stream.emit({ type: 'sse.error' });
    expect(actor.getSnapshot().hasTag('down')).toBe(true);
    expect(actor.getSnapshot().context.nextRetryAt).toBe(6000);
    clock.increment(1000);
    // Trying: still down, no countdown.
    expect(actor.getSnapshot().hasTag('down')).toBe(true);
    expect(actor.getSnapshot().context.nextRetryAt).toBeNull();
    stream.emit({ type: 'sse.error' });
    expect(actor.getSnapshot().context.nextRetryAt).toBe(8000);
    clock.increment(2000);
    stream.emit({ type: 'sse.open' });
    expect(actor.getSnapshot().hasTag('down')).toBe(false);
  });

  it('says reconnected when a broken stream opens again, not on the first open', () => {
    const { clock, stream, reconnected } = start();
    stream.emit({ type: 'sse.open' });
    expect(reconnected).not.toHaveBeenCalled();
    stream.emit({ type: 'sse.error' });
    clock.increment(1000);
    expect(reconnected).not.toHaveBeenCalled();
    stream.emit({ type: 'sse.open' });
    expect(reconnected).toHaveBeenCalledOnce();
  });

  it('refreshes on 10, 20 and 30 only', () => {
    const { stream, refresh } = start();
    stream.emit({ type: 'sse.open' });
    for (const value of [10, 20, 30, 40, Number.NaN]) stream.emit({ type: 'sse.message', value });
    expect(refresh.mock.calls).toEqual([[10], [20], [30]]);
  });
});

/** A stand-in for the browser's EventSource, to check the actor that wraps it. */
class FakeEventSource {
  static last: FakeEventSource | undefined;
  onopen: (() => void) | null = null;
  onmessage: ((message: MessageEvent<string>) => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  readonly named = new Map<string, () => void>();
  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, listener: () => void) {
    this.named.set(type, listener);
  }
  close() {
    this.closed = true;
  }
}

describe('event source actor', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('opens the stream with credentials, passes its messages on and closes it on error', () => {
    vi.useFakeTimers();
    vi.stubGlobal('EventSource', FakeEventSource);
    const refresh = vi.fn();
    const actor = createActor(
      eventStreamMachine.provide({ actions: { refresh: (_, value) => refresh(value) } }),
      {
        input: { url: '/api/v1/sse/handle' },
      },
    ).start();
    const first = FakeEventSource.last!;
    expect(first.url).toBe('/api/v1/sse/handle');
    expect(first.init).toEqual({ withCredentials: true });
    first.onopen?.();
    first.onmessage?.(new MessageEvent('message', { data: '20' }));
    expect(refresh).toHaveBeenCalledWith(20);
    first.onerror?.();
    expect(first.closed).toBe(true);
    vi.advanceTimersByTime(1000);
    expect(FakeEventSource.last).not.toBe(first);
    actor.stop();
    expect(FakeEventSource.last!.closed).toBe(true);
  });

  it("closes the stream on the server's shutdown message and reconnects after the backoff", () => {
    vi.useFakeTimers();
    vi.stubGlobal('EventSource', FakeEventSource);
    const actor = createActor(eventStreamMachine, { input: { url: '/api/v1/sse/handle' } }).start();
    const first = FakeEventSource.last!;
    first.onopen?.();
    first.named.get(SHUTDOWN_EVENT)?.();
    expect(first.closed).toBe(true);
    vi.advanceTimersByTime(999);
    expect(FakeEventSource.last).toBe(first);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.last).not.toBe(first);
    actor.stop();
  });
});
