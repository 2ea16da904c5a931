import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { INVALID_PUBLIC_KEY_MESSAGE, KEY_TAKEN_MESSAGE } from '../../../contracts/node-rules.ts';
import { configs, nodesByDisplay, OTHER_PUBLIC_KEY } from '../../../tests/fixtures/node-fixtures.ts';
import { actorDone, actorError, createMachineModel } from '../../../tests/model/machine-model.ts';
import { ApiError } from '../../api/client.ts';
import type { Node } from '../../api/nodes.ts';
import { configUpdateMachine } from './node-config-update.machine.ts';

const { misconfigured, hardware } = nodesByDisplay;

describe('config update machine, model', () => {
  const model = createMachineModel(configUpdateMachine, {
    input: { node: misconfigured, configs },
    events: [
      { type: 'config.select', configId: 1 },
      { type: 'config.select', configId: 4 },
      { type: 'config.keyInput', text: 'not a key' },
      { type: 'config.keyInput', text: OTHER_PUBLIC_KEY },
      { type: 'config.submit' },
      { type: 'config.cancel' },
      actorDone('updateNode', hardware),
      actorError('updateNode', new ApiError(409, 'public_key_taken', KEY_TAKEN_MESSAGE)),
    ],
  });
  it.each(model.paths)('$description', (path) => model.run(path));
  it('reaches every state and transition', () => model.expectFullCoverage());
});

describe('config update machine, behaviour', () => {
  type Update = (input: { configId: number; publicKey: string }) => Promise<Node>;
  function start(update: Update) {
    const machine = configUpdateMachine.provide({
      actors: { updateNode: fromPromise(({ input }) => update(input)) },
    });
    return createActor(machine, { input: { node: misconfigured, configs } }).start();
  }

  it('sends an empty key as no key, with the chosen available configuration', async () => {
    const update = vi.fn<Update>(async () => hardware);
    const actor = start(update);
    actor.send({ type: 'config.select', configId: 4 });
    expect(actor.getSnapshot().context.configId).toBe(2);
    actor.send({ type: 'config.select', configId: 1 });
    actor.send({ type: 'config.keyInput', text: '   ' });
    actor.send({ type: 'config.submit' });
    await vi.waitFor(() => expect(actor.getSnapshot().status).toBe('done'));
    expect(update).toHaveBeenCalledWith(expect.objectContaining({ configId: 1, publicKey: '' }));
    expect(actor.getSnapshot().output).toEqual(hardware);
  });

  it('checks a key that is entered, and clears the message when the key changes', () => {
    const update = vi.fn<Update>(async () => hardware);
    const actor = start(update);
    actor.send({
      type: 'config.keyInput',
      text: '-----BEGIN PUBLIC KEY-----\nabc\n-----END PUBLIC KEY-----',
    });
    actor.send({ type: 'config.submit' });
    expect(actor.getSnapshot().context.error).toBe(INVALID_PUBLIC_KEY_MESSAGE);
    expect(update).not.toHaveBeenCalled();
    actor.send({ type: 'config.keyInput', text: OTHER_PUBLIC_KEY });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it.each([
    [new ApiError(409, 'public_key_taken', 'taken'), KEY_TAKEN_MESSAGE],
    [new ApiError(500, 'internal', 'boom'), INVALID_PUBLIC_KEY_MESSAGE],
    [new ApiError(400, 'invalid_public_key', 'bad'), INVALID_PUBLIC_KEY_MESSAGE],
  ])('shows the spec 8 message for %s', async (error, message) => {
    const actor = start(async () => {
      throw error;
    });
    actor.send({ type: 'config.keyInput', text: OTHER_PUBLIC_KEY });
    actor.send({ type: 'config.submit' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.error).toBe(message));
    expect(actor.getSnapshot().context.errorCode).toBe(error.code);
  });
});
