import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { LICENSE_KEY, nodesByDisplay } from '../../../tests/fixtures/node-fixtures.ts';
import { actorDone, actorError, createMachineModel } from '../../../tests/model/machine-model.ts';
import { ApiError } from '../../api/client.ts';
import type { Node } from '../../api/nodes.ts';
import { reconfigureMachine } from './node-reconfigure.machine.ts';

const { active, hardware } = nodesByDisplay;

describe('reconfigure machine, model', () => {
  const model = createMachineModel(reconfigureMachine, {
    input: { node: active },
    events: [
      { type: 'reconfigure.input', text: LICENSE_KEY },
      { type: 'reconfigure.input', text: LICENSE_KEY.toUpperCase() },
      { type: 'reconfigure.submit' },
      { type: 'reconfigure.cancel' },
      actorDone('reconfigureNode', hardware),
      actorError(
        'reconfigureNode',
        new ApiError(400, 'license_mismatch', 'The license key does not match this NODR.'),
      ),
    ],
  });
  it.each(model.paths)('$description', (path) => model.run(path));
  it('reaches every state and transition', () => model.expectFullCoverage());
});

describe('reconfigure machine, behaviour', () => {
  function start(reconfigure: (input: { licenseKey: string }) => Promise<Node>) {
    const machine = reconfigureMachine.provide({
      actors: { reconfigureNode: fromPromise(({ input }) => reconfigure(input)) },
    });
    return createActor(machine, { input: { node: active } }).start();
  }

  it('submits only when the typed text equals the license key exactly', async () => {
    const reconfigure = vi.fn(async () => hardware);
    const actor = start(reconfigure);
    for (const text of ['', LICENSE_KEY.slice(0, -1), ` ${LICENSE_KEY}`, LICENSE_KEY.toUpperCase()]) {
      actor.send({ type: 'reconfigure.input', text });
      actor.send({ type: 'reconfigure.submit' });
      expect(actor.getSnapshot().value).toBe('editing');
    }
    actor.send({ type: 'reconfigure.input', text: LICENSE_KEY });
    actor.send({ type: 'reconfigure.submit' });
    await vi.waitFor(() => expect(actor.getSnapshot().status).toBe('done'));
    expect(reconfigure).toHaveBeenCalledWith(expect.objectContaining({ licenseKey: LICENSE_KEY }));
    expect(actor.getSnapshot().output).toEqual(hardware);
  });

  it('keeps the server message and ends with no node when cancelled', async () => {
    const actor = start(async () => {
      throw new ApiError(409, 'not_active', 'Only an active NODR can be reconfigured.');
    });
    actor.send({ type: 'reconfigure.input', text: LICENSE_KEY });
    actor.send({ type: 'reconfigure.submit' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.error).not.toBeNull());
    expect(actor.getSnapshot().context).toMatchObject({
      error: 'Only an active NODR can be reconfigured.',
      errorCode: 'not_active',
    });
    actor.send({ type: 'reconfigure.cancel' });
    expect(actor.getSnapshot().output).toBeNull();
  });
});
