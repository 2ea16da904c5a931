import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  INVALID_PUBLIC_KEY_MESSAGE,
  KEY_TAKEN_MESSAGE,
  NODE_LIMIT_MESSAGE,
} from '../../../contracts/node-rules.ts';
import { configs, makeNode, PUBLIC_KEY } from '../../../tests/fixtures/node-fixtures.ts';
import { actorDone, actorError, createMachineModel } from '../../../tests/model/machine-model.ts';
import { ApiError } from '../../api/client.ts';
import type { Node } from '../../api/nodes.ts';
import { addNodeMachine } from './add-node.machine.ts';

const input = { teamId: 3, command: 'curl -fsSLO https://example.com/nodr-install.sh' };

describe('add node machine, model', () => {
  const model = createMachineModel(addNodeMachine, {
    input,
    events: [
      { type: 'config.select', configId: 1 },
      { type: 'config.select', configId: 4 },
      { type: 'step.next' },
      { type: 'step.back' },
      { type: 'installer.copy' },
      { type: 'key.input', text: 'not a key' },
      { type: 'key.input', text: PUBLIC_KEY },
      { type: 'key.submit' },
      { type: 'configs.retry' },
      { type: 'xstate.after.copiedNotice.addNode.installer.copied' },
      actorDone('loadConfigs', { configs, nodeCount: 2 }),
      actorDone('loadConfigs', { configs: [configs[2]], nodeCount: 0 }),
      actorDone('loadConfigs', { configs, nodeCount: 3 }),
      actorError('loadConfigs', new ApiError(503, 'unavailable', 'Service unavailable')),
      actorDone('copyText'),
      actorError('copyText', new Error('denied')),
      actorDone('createNode', makeNode()),
      actorError('createNode', new ApiError(409, 'public_key_taken', KEY_TAKEN_MESSAGE)),
    ],
  });
  it.each(model.paths)('$description', (path) => model.run(path));
  it('reaches every state and transition', () => model.expectFullCoverage());
});

describe('add node machine, behaviour', () => {
  type Create = (input: { teamId: number; configId: number; publicKey: string }) => Promise<Node>;
  function start(create: Create, nodeCount = 0, offered = configs) {
    const finish = vi.fn();
    const copy = vi.fn(async (_: { text: string }) => undefined);
    const machine = addNodeMachine.provide({
      actions: { finish },
      actors: {
        loadConfigs: fromPromise(async ({ input }: { input: { teamId: number } }) => {
          expect(input.teamId).toBe(3);
          return { configs: offered, nodeCount };
        }),
        createNode: fromPromise(({ input }) => create(input)),
        copyText: fromPromise(({ input }) => copy(input)),
      },
    });
    const actor = createActor(machine, { input }).start();
    return { actor, finish, copy };
  }

  it('walks the three steps and registers the node with the chosen configuration', async () => {
    const create = vi.fn<Create>(async () => makeNode());
    const { actor, finish, copy } = start(create);
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('chooseConfig'));
    expect(actor.getSnapshot().context.configId).toBe(1);
    actor.send({ type: 'config.select', configId: 4 });
    expect(actor.getSnapshot().context.configId).toBe(1);
    actor.send({ type: 'config.select', configId: 2 });
    actor.send({ type: 'step.next' });
    actor.send({ type: 'installer.copy' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ installer: 'copied' })).toBe(true));
    expect(copy).toHaveBeenCalledWith({ text: input.command });
    actor.send({ type: 'step.next' });
    actor.send({ type: 'key.submit' });
    expect(actor.getSnapshot().value).toBe('publicKey');
    actor.send({ type: 'key.input', text: `  ${PUBLIC_KEY}\n` });
    actor.send({ type: 'key.submit' });
    await vi.waitFor(() => expect(finish).toHaveBeenCalledOnce());
    expect(create).toHaveBeenCalledWith({ teamId: 3, configId: 2, publicKey: PUBLIC_KEY });
  });

  it.each([
    [new ApiError(409, 'public_key_taken', 'taken'), KEY_TAKEN_MESSAGE],
    [new ApiError(500, 'internal', 'boom'), INVALID_PUBLIC_KEY_MESSAGE],
    [new ApiError(400, 'invalid_public_key', 'bad'), INVALID_PUBLIC_KEY_MESSAGE],
    [new ApiError(409, 'node_limit', 'limit'), NODE_LIMIT_MESSAGE],
  ])('maps %s to the spec 8 message, kept until the key changes', async (error, message) => {
    const { actor, finish } = start(async () => {
      throw error;
    });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('chooseConfig'));
    actor.send({ type: 'step.next' });
    actor.send({ type: 'step.next' });
    actor.send({ type: 'key.input', text: PUBLIC_KEY });
    actor.send({ type: 'key.submit' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.error).toBe(message));
    expect(actor.getSnapshot().context.errorCode).toBe(error.code);
    expect(finish).not.toHaveBeenCalled();
    actor.send({ type: 'key.input', text: `${PUBLIC_KEY} ` });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('refuses a key of the wrong shape before any call', async () => {
    const create = vi.fn<Create>(async () => makeNode());
    const { actor } = start(create);
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('chooseConfig'));
    actor.send({ type: 'step.next' });
    actor.send({ type: 'step.next' });
    actor.send({ type: 'key.input', text: PUBLIC_KEY.replace('\n', '') });
    actor.send({ type: 'key.submit' });
    expect(actor.getSnapshot().context.error).toBe(INVALID_PUBLIC_KEY_MESSAGE);
    expect(create).not.toHaveBeenCalled();
  });

  it('does nothing for a key field holding only blanks, as for an empty one (spec 5: Confirm disabled)', async () => {
    const create = vi.fn<Create>(async () => makeNode());
    const { actor } = start(create);
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('chooseConfig'));
    actor.send({ type: 'step.next' });
    actor.send({ type: 'step.next' });
    actor.send({ type: 'key.input', text: ' \n\t ' });
    actor.send({ type: 'key.submit' });
    expect(actor.getSnapshot().value).toBe('publicKey');
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(create).not.toHaveBeenCalled();
  });

  it('stops before step 1 when the team already has 3 nodes, and goes on at 2', async () => {
    const full = start(vi.fn<Create>(), 3);
    await vi.waitFor(() => expect(full.actor.getSnapshot().value).toBe('full'));
    expect(full.actor.getSnapshot().status).toBe('done');
    expect(full.finish).not.toHaveBeenCalled();
    const room = start(vi.fn<Create>(), 2);
    await vi.waitFor(() => expect(room.actor.getSnapshot().value).toBe('chooseConfig'));
  });

  it('stays on step 1 while no configuration can be chosen (spec 5: only status 10 is selectable)', async () => {
    const unavailable = configs.filter((config) => config.status !== 10);
    const { actor } = start(vi.fn<Create>(), 0, unavailable);
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('chooseConfig'));
    actor.send({ type: 'config.select', configId: unavailable[0]!.id });
    actor.send({ type: 'step.next' });
    expect(actor.getSnapshot().value).toBe('chooseConfig');
    expect(actor.getSnapshot().context.configId).toBeNull();
  });
});
