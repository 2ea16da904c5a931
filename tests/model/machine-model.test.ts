import { describe, expect, it } from 'vitest';
import { assign, fromCallback, fromPromise, setup } from 'xstate';
import { actorDone, actorError, createMachineModel } from './machine-model.ts';

/** A machine with the features other machines use: guards, always, after, nested and parallel states, invokes. */
const sample = setup({
  types: { context: {} as { tries: number }, events: {} as { type: 'job.start' } | { type: 'job.tick' } },
  actors: { job: fromPromise<number>(async () => 1), ticker: fromCallback(() => () => {}) },
  guards: { tooMany: ({ context }) => context.tries >= 2 },
  delays: { pause: 500 },
}).createMachine({
  id: 'sample',
  context: { tries: 0 },
  initial: 'idle',
  states: {
    idle: { on: { 'job.start': 'running' } },
    running: {
      invoke: { id: 'job', src: 'job', onDone: 'done', onError: 'failed' },
    },
    failed: {
      entry: assign({ tries: ({ context }) => context.tries + 1 }),
      always: { guard: 'tooMany', target: 'givenUp' },
      after: { pause: 'idle' },
    },
    givenUp: { type: 'final' },
    done: {
      type: 'parallel',
      invoke: { id: 'ticker', src: 'ticker' },
      states: {
        a: { initial: 'one', states: { one: { on: { 'job.tick': 'two' } }, two: {} } },
        b: {},
      },
    },
  },
});

const events = [
  { type: 'job.start' },
  { type: 'job.tick' },
  { type: 'xstate.after.pause.sample.failed' },
  actorDone('job', 1),
  actorError('job'),
];

describe('createMachineModel', () => {
  const model = createMachineModel(sample, { events, actors: { ticker: fromCallback(() => () => {}) } });
  for (const path of model.paths) it(path.description, () => model.run(path));
  it('reaches every state and transition of the sample', () => model.expectFullCoverage());

  it('names what no path reached when an outcome is missing', async () => {
    const partial = createMachineModel(sample, {
      events: events.filter((event) => event.type !== 'xstate.error.actor.job'),
    });
    await expect(partial.expectFullCoverage()).rejects.toThrow(/sample\.failed/);
  });

  it('fails a path whose real actor disagrees with the graph', async () => {
    // Without the guard the retries never end: stopWhen bounds the traversal (STACK.md).
    const lying = createMachineModel(sample.provide({ guards: { tooMany: () => false } }), {
      events,
      stopWhen: (snapshot) => snapshot.context.tries > 2,
    });
    const giveUp = createMachineModel(sample, { events }).paths.find((path) =>
      path.description.endsWith('givenUp'),
    );
    await expect(lying.run(giveUp!)).rejects.toThrow(/after step/);
  });
});
