import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { NODE_STATUS } from '../../../contracts/node-status.ts';
import { configs, makeNode } from '../../../tests/fixtures/node-fixtures.ts';
import { actorDone, actorError, createMachineModel } from '../../../tests/model/machine-model.ts';
import { ApiError } from '../../api/client.ts';
import type { Node, ToggleResult } from '../../api/nodes.ts';
import type { nodeMachine } from './node.machine.ts';
import type { NodesAndConfigs } from './node-list.actors.ts';
import { cardId, nodeListMachine } from './node-list.machine.ts';

const two: NodesAndConfigs = { nodes: [makeNode({ id: 1 }), makeNode({ id: 2 })], configs };
const three: NodesAndConfigs = { nodes: [...two.nodes, makeNode({ id: 3 })], configs };
const failure = new ApiError(503, 'unavailable', 'Service unavailable');
const seen = '2026-11-22T14:00:00.000Z';
const wentOffline = { nodeId: 1, online: false, lastSeenAt: seen, at: '2026-11-22T14:03:00.000Z' };
const cameBack = {
  nodeId: 1,
  online: true,
  lastSeenAt: '2026-11-22T14:10:00.000Z',
  at: '2026-11-22T14:10:00.000Z',
};

describe('node list machine, model', () => {
  const model = createMachineModel(nodeListMachine, {
    input: { teamId: 3 },
    events: [
      { type: 'nodes.reload' },
      { type: 'nodes.retry' },
      { type: 'nodes.add' },
      { type: 'soon.close' },
      { type: 'nodes.health', health: wentOffline },
      { type: 'nodes.health', health: cameBack },
      actorDone('load', two),
      actorDone('load', three),
      actorError('load', failure),
      actorDone('reload', three),
      actorError('reload', failure),
    ],
  });
  it.each(model.paths)('$description', (path) => model.run(path));
  it('reaches every state and transition', () => model.expectFullCoverage());
});

describe('node list machine, behaviour', () => {
  // The list's own node logic (with its delete report), given a fake delete call.
  const node = (nodeListMachine.implementations.actors.node as typeof nodeMachine).provide({
    actors: {
      deleteNode: fromPromise<ToggleResult, { node: Pick<Node, 'id' | 'teamId' | 'configId'> }>(
        async ({ input }) => ({
          id: input.node.id,
          status: NODE_STATUS.deleted,
        }),
      ),
    },
  });

  function start(load: () => Promise<NodesAndConfigs>) {
    const goToAdd = vi.fn();
    const loader = vi.fn((_input: { teamId: number }) => load());
    const machine = nodeListMachine.provide({
      actions: { goToAdd },
      actors: { loadNodesAndConfigs: fromPromise(({ input }) => loader(input)), node },
    });
    return { actor: createActor(machine, { input: { teamId: 3 } }).start(), goToAdd, loader };
  }
  const cardsOf = (actor: ReturnType<typeof start>['actor']) => actor.getSnapshot().context.cards;

  it('goes to the add flow while fewer than 3 nodes exist, and opens the soon modal at 3', async () => {
    let answer = two;
    const { actor, goToAdd, loader } = start(async () => answer);
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
    actor.send({ type: 'nodes.add' });
    expect(goToAdd).toHaveBeenCalledOnce();
    answer = three;
    actor.send({ type: 'nodes.reload' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.nodes).toHaveLength(3));
    expect(loader.mock.calls).toEqual([[{ teamId: 3 }], [{ teamId: 3 }]]);
    actor.send({ type: 'nodes.add' });
    expect(goToAdd).toHaveBeenCalledOnce();
    expect(actor.getSnapshot().matches({ ready: { dialog: 'soon' } })).toBe(true);
    actor.send({ type: 'soon.close' });
    expect(actor.getSnapshot().matches({ ready: { dialog: 'closed' } })).toBe(true);
  });

  it('keeps the list on screen when a reload fails', async () => {
    let fail = false;
    const { actor } = start(async () => {
      if (fail) throw failure;
      return two;
    });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
    fail = true;
    actor.send({ type: 'nodes.reload' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.error).not.toBeNull());
    expect(actor.getSnapshot().context.nodes).toHaveLength(2);
  });

  it('applies a health event to its node only, offline then back online, without a reload', async () => {
    const active = {
      ...two,
      nodes: two.nodes.map((node) => ({ ...node, status: NODE_STATUS.active, online: true })),
    };
    const { actor, loader } = start(async () => active);
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
    actor.send({ type: 'nodes.health', health: wentOffline });
    const [first, second] = actor.getSnapshot().context.nodes;
    expect(first).toMatchObject({ online: false, lastSeenAt: seen, offlineSince: wentOffline.at });
    expect(second).toEqual(active.nodes[1]);
    actor.send({ type: 'nodes.health', health: cameBack });
    expect(actor.getSnapshot().context.nodes[0]).toMatchObject({
      online: true,
      lastSeenAt: cameBack.lastSeenAt,
      offlineSince: null,
    });
    actor.send({ type: 'nodes.health', health: { ...wentOffline, nodeId: 99 } });
    expect(actor.getSnapshot().context.nodes.map((node) => node.online)).toEqual([true, true]);
    expect(loader).toHaveBeenCalledOnce();
  });

  it('spawns one node actor per node, keeps it across reloads with the new node, and stops those that left', async () => {
    let answer: NodesAndConfigs = two;
    const { actor } = start(async () => answer);
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
    const [first, second] = cardsOf(actor);
    expect(cardsOf(actor).map((card) => card.id)).toEqual([cardId(1), cardId(2)]);
    expect(first!.getSnapshot().context.node).toEqual(two.nodes[0]);
    expect(actor.getSnapshot().children[cardId(1)]).toBe(first);

    // The server renamed node 1 and activated it, removed node 2, and listed a new node 3.
    const changed = makeNode({
      id: 1,
      name: 'Lyon',
      status: NODE_STATUS.active,
      check: three.nodes[0]!.check,
    });
    answer = { nodes: [changed, makeNode({ id: 3 })], configs };
    actor.send({ type: 'nodes.reload' });
    await vi.waitFor(() => expect(cardsOf(actor).map((card) => card.id)).toEqual([cardId(1), cardId(3)]));
    expect(cardsOf(actor)[0]).toBe(first);
    expect(first!.getSnapshot().context.node).toEqual(changed);
    expect(first!.getSnapshot().matches({ status: 'active' })).toBe(true);
    expect(second!.getSnapshot().status).toBe('stopped');
    expect(actor.getSnapshot().children[cardId(2)]).toBeUndefined();
    expect(cardsOf(actor)[1]!.getSnapshot().context.node.id).toBe(3);
  });

  it('forwards a health event to its node actor only', async () => {
    const active = {
      ...two,
      nodes: two.nodes.map((each) => ({ ...each, status: NODE_STATUS.active, online: true })),
    };
    const { actor } = start(async () => active);
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
    const [first, second] = cardsOf(actor);
    actor.send({ type: 'nodes.health', health: wentOffline });
    expect(first!.getSnapshot().matches({ status: { active: 'offline' } })).toBe(true);
    expect(first!.getSnapshot().context.node).toMatchObject({ online: false, lastSeenAt: seen });
    expect(second!.getSnapshot().matches({ status: { active: 'online' } })).toBe(true);
    actor.send({ type: 'nodes.health', health: { ...wentOffline, nodeId: 99 } });
    expect(cardsOf(actor)).toHaveLength(2);
    expect(actor.getSnapshot().status).toBe('active');
    actor.send({ type: 'nodes.health', health: { ...wentOffline, nodeId: 2 } });
    expect(second!.getSnapshot().matches({ status: { active: 'offline' } })).toBe(true);
  });

  it('reloads the nodes and the configurations when a node actor deleted its node (spec 4)', async () => {
    let answer: NodesAndConfigs = two;
    const { actor, loader } = start(async () => answer);
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
    const [first] = cardsOf(actor);
    answer = { nodes: [two.nodes[1]!], configs };
    first!.send({ type: 'node.delete' });
    first!.send({ type: 'node.confirm' });
    await vi.waitFor(() => expect(cardsOf(actor).map((card) => card.id)).toEqual([cardId(2)]));
    expect(loader).toHaveBeenCalledTimes(2);
    expect(first!.getSnapshot().status).toBe('stopped');
  });
});
