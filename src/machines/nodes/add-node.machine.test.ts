import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  INVALID_PUBLIC_KEY_MESSAGE,
  KEY_TAKEN_MESSAGE,
  NODE_LIMIT_MESSAGE,
} from '../../../contracts/node-rules.ts';
import { configs, makeNode, PUBLIC_KEY } from '../../../tests/fixtures/node-fixtures.ts';
import {
  actorDone,
  actorError,
  createMachineModel,
  expectCombinedCoverage,
} from '../../../tests/model/machine-model.ts';
import { ApiError } from '../../api/client.ts';
import type { Node } from '../../api/nodes.ts';
import { addNodeMachine } from './add-node.machine.ts';
import type { AddNodeDraft, AddNodeStep } from './add-node-draft.ts';

const input = { teamId: 3, command: 'curl -fsSLO https://example.com/nodr-install.sh' };

describe('add node machine, model', () => {
  const events = [
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
    { type: 'step.show', step: 'configuration' },
    { type: 'step.show', step: 'installer' },
    { type: 'step.show', step: 'key' },
    { type: 'flow.cancel' },
  ];
  // Opened at /addNodr afresh; reloaded at the key step with a draft that reached it; opened at the key step with a
  // draft that reached only the installer.
  const fresh = createMachineModel(addNodeMachine, { input, events });
  const draft = { teamId: 3, reached: 'key', configId: 2, publicKey: PUBLIC_KEY } as const;
  const reloaded = createMachineModel(addNodeMachine, { input: { ...input, step: 'key', draft }, events });
  const short = createMachineModel(addNodeMachine, {
    input: { ...input, step: 'key', draft: { ...draft, reached: 'installer' } },
    events: [actorDone('loadConfigs', { configs, nodeCount: 2 }), { type: 'step.show', step: 'key' }],
  });
  it.each(fresh.paths)('afresh: $description', (path) => fresh.run(path));
  it.each(reloaded.paths)('reloaded: $description', (path) => reloaded.run(path));
  it.each(short.paths)('short of the step asked: $description', (path) => short.run(path));
  it('reaches every state and transition', () => expectCombinedCoverage([fresh, reloaded, short]));
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

describe('add node machine, steps and draft', () => {
  function open(step: AddNodeStep = 'configuration', draft: AddNodeDraft | null = null, offered = configs) {
    const showStep = vi.fn<(_: unknown, shown: { step: AddNodeStep; replace: boolean }) => void>();
    const saveDraft = vi.fn<(_: unknown, draft: AddNodeDraft) => void>();
    const clearDraft = vi.fn();
    const machine = addNodeMachine.provide({
      actions: { showStep, saveDraft, clearDraft },
      actors: {
        loadConfigs: fromPromise(async () => ({ configs: offered, nodeCount: 0 })),
        createNode: fromPromise(async () => makeNode()),
      },
    });
    const actor = createActor(machine, { input: { ...input, step, draft } }).start();
    const shown = () => showStep.mock.calls.map(([, call]) => call);
    const saved = () => saveDraft.mock.calls.at(-1)?.[1];
    return { actor, shown, saved, clearDraft };
  }
  const landed = async (actor: ReturnType<typeof open>['actor']) =>
    vi.waitFor(() => expect(actor.getSnapshot().matches('loading')).toBe(false));

  it('gives each move a new address and moves back and forward between the steps reached, choices kept', async () => {
    const { actor, shown, saved } = open();
    await landed(actor);
    expect(shown()).toEqual([{ step: 'configuration', replace: true }]);
    actor.send({ type: 'step.show', step: 'installer' });
    expect(actor.getSnapshot().value).toBe('chooseConfig');
    actor.send({ type: 'config.select', configId: 2 });
    expect(saved()).toEqual({ teamId: 3, reached: 'configuration', configId: 2, publicKey: '' });
    actor.send({ type: 'step.next' });
    expect(shown().at(-1)).toEqual({ step: 'installer', replace: false });
    expect(saved()).toEqual({ teamId: 3, reached: 'installer', configId: 2, publicKey: '' });
    // Back in the browser, then Forward: the configuration is kept; the key step was never reached.
    actor.send({ type: 'step.show', step: 'configuration' });
    expect(actor.getSnapshot().value).toBe('chooseConfig');
    expect(actor.getSnapshot().context.configId).toBe(2);
    actor.send({ type: 'step.show', step: 'key' });
    expect(actor.getSnapshot().value).toBe('chooseConfig');
    actor.send({ type: 'step.show', step: 'installer' });
    expect(actor.getSnapshot().matches('installer')).toBe(true);
    actor.send({ type: 'step.show', step: 'key' });
    expect(actor.getSnapshot().matches('installer')).toBe(true);
    actor.send({ type: 'step.next' });
    actor.send({ type: 'key.input', text: PUBLIC_KEY });
    expect(saved()).toEqual({ teamId: 3, reached: 'key', configId: 2, publicKey: PUBLIC_KEY });
    actor.send({ type: 'step.back' });
    expect(shown().at(-1)).toEqual({ step: 'installer', replace: false });
    actor.send({ type: 'step.show', step: 'key' });
    expect(actor.getSnapshot().value).toBe('publicKey');
    expect(actor.getSnapshot().context.publicKey).toBe(PUBLIC_KEY);
    actor.send({ type: 'step.show', step: 'installer' });
    expect(actor.getSnapshot().matches('installer')).toBe(true);
    // Moves the address made do not make new addresses.
    expect(shown().filter((call) => !call.replace)).toHaveLength(3);
  });

  it('opens a step not reached at the first step, and corrects the address in place', async () => {
    const { actor, shown } = open('key');
    await landed(actor);
    expect(actor.getSnapshot().value).toBe('chooseConfig');
    expect(shown()).toEqual([{ step: 'configuration', replace: true }]);
  });

  it('reopens at the step asked for, with the draft’s choices', async () => {
    const { actor, shown } = open('key', { teamId: 3, reached: 'key', configId: 2, publicKey: PUBLIC_KEY });
    await landed(actor);
    expect(actor.getSnapshot().value).toBe('publicKey');
    expect(actor.getSnapshot().context).toMatchObject({ configId: 2, publicKey: PUBLIC_KEY });
    expect(shown()).toEqual([{ step: 'key', replace: true }]);
  });

  it('reopens no further than the draft reached, and at an earlier step when that is asked for', async () => {
    const draft = { teamId: 3, reached: 'installer', configId: 2, publicKey: '' } as const;
    const further = open('key', draft);
    await landed(further.actor);
    expect(further.actor.getSnapshot().matches('installer')).toBe(true);
    expect(further.shown()).toEqual([{ step: 'installer', replace: true }]);
    const earlier = open('configuration', draft);
    await landed(earlier.actor);
    expect(earlier.actor.getSnapshot().value).toBe('chooseConfig');
    expect(earlier.actor.getSnapshot().context.configId).toBe(2);
  });

  it.each([
    ['no longer offered', 99],
    ['not available (status 1)', 4],
  ])('starts afresh when the draft’s configuration is %s', async (_, configId) => {
    const { actor, shown } = open('key', { teamId: 3, reached: 'key', configId, publicKey: PUBLIC_KEY });
    await landed(actor);
    expect(actor.getSnapshot().value).toBe('chooseConfig');
    expect(actor.getSnapshot().context).toMatchObject({ configId: 1, publicKey: '' });
    expect(shown()).toEqual([{ step: 'configuration', replace: true }]);
    actor.send({ type: 'step.show', step: 'installer' });
    expect(actor.getSnapshot().value).toBe('chooseConfig');
  });

  it('forgets the draft when the flow is cancelled', async () => {
    const { actor, clearDraft } = open();
    await landed(actor);
    actor.send({ type: 'flow.cancel' });
    expect(clearDraft).toHaveBeenCalledOnce();
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('forgets the draft when the node is registered', async () => {
    const { actor, clearDraft } = open('key', {
      teamId: 3,
      reached: 'key',
      configId: 2,
      publicKey: PUBLIC_KEY,
    });
    await landed(actor);
    expect(clearDraft).not.toHaveBeenCalled();
    actor.send({ type: 'key.submit' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('done'));
    expect(clearDraft).toHaveBeenCalledOnce();
  });
});
