import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, SimulatedClock } from 'xstate';
import type { EventStreamEvent } from './event-stream.actors.ts';
import { eventStreamMachine } from './event-stream.machine.ts';

type Step = 'sse.error' | 'sse.shutdown' | 'sse.open';

/** The spec's rule on its own (spec 4 and 9): 1 s, doubled after each break, at most 64 s, back to 1 s on open. */
function referenceWaits(steps: Step[]): number[] {
  let delay = 1000;
  const waits: number[] = [];
  for (const step of steps) {
    if (step === 'sse.open') {
      delay = 1000;
      continue;
    }
    waits.push(delay);
    delay = Math.min(delay * 2, 64_000);
  }
  return waits;
}

/** Runs the steps against the machine on a simulated clock; each break is followed by the wait until it reconnects. */
function machineWaits(steps: Step[]): number[] {
  const clock = new SimulatedClock();
  const connections: number[] = [];
  let send: ((event: EventStreamEvent) => void) | undefined;
  const stream = fromCallback<EventStreamEvent, { url: string }>(({ sendBack }) => {
    connections.push(clock.now());
    send = sendBack;
    return () => {
      send = undefined;
    };
  });
  const machine = eventStreamMachine.provide({ actors: { eventSource: stream } });
  const actor = createActor(machine, { input: { url: '/api/v1/sse/handle', now: () => clock.now() }, clock });
  actor.start();
  const waits: number[] = [];
  for (const step of steps) {
    if (step === 'sse.open') {
      send?.({ type: 'sse.open' });
      continue;
    }
    const before = connections.length;
    const brokenAt = clock.now();
    send?.({ type: step });
    // One millisecond at a time would be exact but slow: step by 250 ms (every delay is a multiple of it).
    while (connections.length === before) clock.increment(250);
    waits.push(connections.at(-1)! - brokenAt);
  }
  actor.stop();
  return waits;
}

describe('event stream backoff as a property', () => {
  it('waits as the spec says for any sequence of breaks, shutdowns and openings', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom<Step>('sse.error', 'sse.shutdown', 'sse.open'), { maxLength: 20 }),
        (steps) => {
          expect(machineWaits(steps)).toEqual(referenceWaits(steps));
        },
      ),
      { numRuns: 100 },
    );
  });
});
