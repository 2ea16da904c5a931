import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { NodeHealthAnswer } from '../../../contracts/node-health.schema.ts';
import { actorDone, actorError, createMachineModel } from '../../../tests/model/machine-model.ts';
import { ApiError } from '../../api/client.ts';
import { GENERIC_FAILURE } from '../../lib/node-messages.ts';
import { nodeHealthMachine } from './node-health.machine.ts';

const answer: NodeHealthAnswer = {
  lastSeenAt: '2026-11-22T14:00:00.000Z',
  online: false,
  transitions: [{ online: false, at: '2026-11-22T14:03:00.000Z' }],
};
const failure = new ApiError(503, 'unavailable', 'Service unavailable');

describe('node health machine, model', () => {
  const model = createMachineModel(nodeHealthMachine, {
    input: { teamId: 3, nodeId: 7 },
    events: [
      { type: 'health.retry' },
      { type: 'health.reload' },
      actorDone('load', answer),
      actorError('load', failure),
    ],
  });
  it.each(model.paths)('$description', (path) => model.run(path));
  it('reaches every state and transition', () => model.expectFullCoverage());
});

describe('node health machine, behaviour', () => {
  it('loads the node of its input, keeps the last answer through a failed reload, and retries', async () => {
    let fail = false;
    const load = vi.fn(async (input: { teamId: number; nodeId: number }) => {
      if (fail) throw failure;
      return input.nodeId === 7 ? answer : { ...answer, transitions: [] };
    });
    const machine = nodeHealthMachine.provide({
      actors: { loadNodeHealth: fromPromise(({ input }) => load(input)) },
    });
    const actor = createActor(machine, { input: { teamId: 3, nodeId: 7 } }).start();
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('loaded'));
    expect(load).toHaveBeenCalledWith({ teamId: 3, nodeId: 7 });
    expect(actor.getSnapshot().context.health).toEqual(answer);
    fail = true;
    actor.send({ type: 'health.reload' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('failed'));
    expect(actor.getSnapshot().context).toMatchObject({ health: answer, error: GENERIC_FAILURE });
    fail = false;
    actor.send({ type: 'health.retry' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('loaded'));
    expect(actor.getSnapshot().context.error).toBeNull();
  });
});
