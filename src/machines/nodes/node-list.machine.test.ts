import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { NODE_STATUS } from '../../../contracts/node-status.ts';
import { configs, makeNode } from '../../../tests/fixtures/node-fixtures.ts';
import { actorDone, actorError, createMachineModel } from '../../../tests/model/machine-model.ts';
import { ApiError } from '../../api/client.ts';
import type { Node, ToggleResult } from '../../api/nodes.ts';
import { cardStatus } from '../../lib/node-status.ts';
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
    // The graph state: the machine's value and how many nodes are listed, which the add rule reads; what each node
    // holds is for the behaviour tests.
    serializeState: (snapshot) =>
      JSON.stringify({
        value: snapshot.value,
        nodes: snapshot.context.nodes.length,
        error: snapshot.context.error,
      }),
    events: [
      { type: 'nodes.reload' },
      { type: 'nodes.retry' },
      { type: 'nodes.add' },
      { type: 'soon.close' },
      { type: 'nodes.health', health: wentOffline },
      { type: 'nodes.health', health: cameBack },
      // What the cards report back: an answered node, a toggle's status, a delete.
      { type: 'node.updated', node: makeNode({ id: 1, name: 'Lyon' }) },
      { type: 'node.toggled', nodeId: 2, status: NODE_STATUS.inactive },
      { type: 'node.deleted', nodeId: 3 },
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
  type NodeKey = { node: Pick<Node, 'id' | 'teamId'> };
  const listedNode = (id: number) => three.nodes.find((each) => each.id === id)!;
  // The list's own node logic (with its reports), given fake toggle, rename and delete calls.
  const node = (nodeListMachine.implementations.actors.node as typeof nodeMachine).provide({
    actors: {
      toggleNode: fromPromise<ToggleResult, NodeKey>(async ({ input }) => ({
        id: input.node.id,
        status: NODE_STATUS.inactive,
      })),
      renameNode: fromPromise<Node, { node: Pick<Node, 'id' | 'teamId' | 'configId'>; name: string }>(
        async ({ input }) => ({ ...listedNode(input.node.id), name: input.name }),
      ),
      deleteNode: fromPromise<ToggleResult, NodeKey>(async ({ input }) => ({
        id: input.node.id,
        status: NODE_STATUS.deleted,
      })),
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
  const idsOf = (actor: ReturnType<typeof start>['actor']) =>
    actor.getSnapshot().context.nodes.map(({ id }) => id);

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

  it('spawns one node actor per node, keeps it across reloads, and stops those that left', async () => {
    let answer: NodesAndConfigs = two;
    const { actor } = start(async () => answer);
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
    const { 1: first, 2: second } = cardsOf(actor);
    expect([first!.id, second!.id]).toEqual([cardId(1), cardId(2)]);
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
    await vi.waitFor(() => expect(idsOf(actor)).toEqual([1, 3]));
    expect(Object.keys(cardsOf(actor))).toEqual(['1', '3']);
    expect(cardsOf(actor)[1]).toBe(first);
    expect(actor.getSnapshot().context.nodes[0]).toEqual(changed);
    expect(second!.getSnapshot().status).toBe('stopped');
    expect(actor.getSnapshot().children[cardId(2)]).toBeUndefined();
    expect(cardsOf(actor)[3]!.getSnapshot().context.nodeId).toBe(3);
  });

  it('takes a toggled status and a renamed node from the card into its one copy', async () => {
    const listed = { ...two, nodes: [{ ...two.nodes[0]!, status: NODE_STATUS.active }, two.nodes[1]!] };
    const { actor, loader } = start(async () => listed);
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
    const card = cardsOf(actor)[1]!;
    const shown = () => actor.getSnapshot().context.nodes[0]!;
    card.send({ type: 'node.power', node: shown() });
    card.send({ type: 'node.confirm', node: shown() });
    await vi.waitFor(() => expect(shown().status).toBe(NODE_STATUS.inactive));
    card.send({ type: 'node.rename', node: shown(), name: ' Lyon ' });
    await vi.waitFor(() => expect(shown().name).toBe('Lyon'));
    expect(actor.getSnapshot().context.nodes[1]).toEqual(two.nodes[1]);
    expect(loader).toHaveBeenCalledOnce();
  });

  it("applies a health event once, to the list's node, and the card's status follows it through cardStatus", async () => {
    const active = {
      ...two,
      nodes: two.nodes.map((each) => ({ ...each, status: NODE_STATUS.active, online: true })),
    };
    const { actor } = start(async () => active);
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
    const card = cardsOf(actor)[1]!;
    const before = card.getSnapshot();
    actor.send({ type: 'nodes.health', health: wentOffline });
    const [first, second] = actor.getSnapshot().context.nodes;
    expect(first).toMatchObject({ online: false, lastSeenAt: seen, offlineSince: wentOffline.at });
    expect([cardStatus(first!), cardStatus(second!)]).toEqual(['offline', 'active']);
    // The card holds no copy of the node: the event changes nothing in it.
    expect(card.getSnapshot()).toBe(before);
    expect(card.getSnapshot().context).not.toHaveProperty('node');
  });

  it('drops a node its actor deleted at once, then reloads the nodes and the configurations (spec 4)', async () => {
    let answer: NodesAndConfigs = two;
    const { actor, loader } = start(async () => answer);
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
    const first = cardsOf(actor)[1]!;
    answer = { nodes: [two.nodes[1]!], configs };
    first.send({ type: 'node.delete' });
    first.send({ type: 'node.confirm', node: two.nodes[0]! });
    await vi.waitFor(() => expect(idsOf(actor)).toEqual([2]));
    expect(Object.keys(cardsOf(actor))).toEqual(['2']);
    expect(first.getSnapshot().status).toBe('stopped');
    await vi.waitFor(() => expect(loader).toHaveBeenCalledTimes(2));
  });
});
