import { describe, expect, it, type Mock, vi } from 'vitest';
import { type AnyMachineSnapshot, createActor, fromPromise } from 'xstate';
import { NODE_STATUS } from '../../../contracts/node-status.ts';
import { configs, makeNode, nodesByDisplay } from '../../../tests/fixtures/node-fixtures.ts';
import { actorDone, actorError, createMachineModel } from '../../../tests/model/machine-model.ts';
import { ApiError, NetworkError } from '../../api/client.ts';
import type { Node, ToggleResult } from '../../api/nodes.ts';
import { UNREACHABLE } from '../../lib/connection-messages.ts';
import { awaitsFirstCheck, nodeMachine, shownStatus } from './node.machine.ts';
import { configUpdateMachine } from './node-config-update.machine.ts';
import { reconfigureMachine } from './node-reconfigure.machine.ts';

const { hardware, misconfigured, launching, active, inactive, suspended } = nodesByDisplay;
const sync = (node: Node) => ({ type: 'node.sync' as const, node, configs });
const renamed = makeNode({ status: NODE_STATUS.active, check: active.check, name: 'Edge' });
const deleted = makeNode({ status: NODE_STATUS.deleted, check: active.check });
const seen = '2026-11-22T14:00:00.000Z';
const wentOffline = { nodeId: 7, online: false, lastSeenAt: seen, at: '2026-11-22T14:03:00.000Z' };

/**
 * The graph state: the machine's value (which carries what the node shows) and the name, the one other field a
 * guard reads. The error message is left out: no transition depends on it, and the behaviour tests check it.
 */
const serializeState = (snapshot: AnyMachineSnapshot) =>
  JSON.stringify({ value: snapshot.value, name: snapshot.context.node.name });

describe('node machine, model', () => {
  const model = createMachineModel(nodeMachine, {
    input: { node: active, configs },
    serializeState,
    events: [
      // Live updates bring the status-1 sub-states and a suspended node; answers bring the others.
      sync(misconfigured),
      sync(launching),
      sync(suspended),
      sync(deleted),
      // A refetch can say offline or back; a health event forwarded by the list says offline.
      sync({ ...active, online: false }),
      sync({ ...active, online: true }),
      { type: 'node.health', health: wentOffline },
      { type: 'node.power' },
      { type: 'node.settings' },
      { type: 'node.delete' },
      { type: 'node.confirm' },
      { type: 'node.cancel' },
      { type: 'node.rename', name: ' Edge ' },
      actorDone('toggleNode', { id: 7, status: NODE_STATUS.inactive }),
      actorDone('toggleNode', { id: 7, status: NODE_STATUS.active }),
      actorError('toggleNode', new ApiError(409, 'status_changed', 'The NODR changed meanwhile.')),
      actorDone('renameNode', renamed),
      actorError('renameNode', new ApiError(400, 'name_too_long', 'Too long.')),
      actorDone('deleteNode', { id: 7, status: NODE_STATUS.deleted }),
      actorError('deleteNode', new ApiError(404, 'not_found', 'No such NODR in this team.')),
      actorDone('reconfigure', hardware),
      actorDone('reconfigure', null),
      actorDone('configUpdate', hardware),
      actorDone('configUpdate', null),
    ],
  });
  it.each(model.paths)('$description', (path) => model.run(path));
  it('reaches every state and transition', () => model.expectFullCoverage());
});

describe('node machine, behaviour', () => {
  type Call = (input: {
    node?: unknown;
    name?: string;
    configId?: number;
    licenseKey?: string;
  }) => Promise<unknown>;
  type Api = Record<'toggle' | 'rename' | 'delete' | 'reconfigure' | 'update', Mock<Call>>;

  function start(node: Node, overrides: Partial<Api> = {}) {
    const api: Api = {
      toggle: vi.fn<Call>(async () => {
        throw new Error('unexpected toggle');
      }),
      rename: vi.fn<Call>(async (input) => ({ ...node, name: input.name })),
      delete: vi.fn<Call>(async () => ({ id: node.id, status: NODE_STATUS.deleted })),
      reconfigure: vi.fn<Call>(async () => hardware),
      update: vi.fn<Call>(async (input) => ({ ...hardware, configId: input.configId })),
      ...overrides,
    };
    const reportDeleted = vi.fn();
    const machine = nodeMachine.provide({
      actions: { reportDeleted },
      actors: {
        toggleNode: fromPromise(({ input }) => api.toggle(input) as Promise<ToggleResult>),
        renameNode: fromPromise(({ input }) => api.rename(input) as Promise<Node>),
        deleteNode: fromPromise(({ input }) => api.delete(input) as Promise<ToggleResult>),
        reconfigure: reconfigureMachine.provide({
          actors: { reconfigureNode: fromPromise(({ input }) => api.reconfigure(input) as Promise<Node>) },
        }),
        configUpdate: configUpdateMachine.provide({
          actors: { updateNode: fromPromise(({ input }) => api.update(input) as Promise<Node>) },
        }),
      },
    });
    const actor = createActor(machine, { input: { node, configs } }).start();
    return { actor, api, reportDeleted };
  }
  const actions = (actor: { getSnapshot(): AnyMachineSnapshot }) => actor.getSnapshot().value.actions;

  it('shows the status-1 sub-states by the check, and follows live updates', () => {
    const { actor } = start(hardware);
    expect(actor.getSnapshot().matches({ status: { configuring: 'hardware' } })).toBe(true);
    actor.send(sync(misconfigured));
    expect(actor.getSnapshot().matches({ status: { configuring: 'misconfigured' } })).toBe(true);
    actor.send(sync(launching));
    expect(actor.getSnapshot().matches({ status: { configuring: 'launching' } })).toBe(true);
    actor.send(sync(active));
    expect(actor.getSnapshot().matches({ status: 'active' })).toBe(true);
    actor.send(sync(suspended));
    expect(actor.getSnapshot().matches({ status: 'suspended' })).toBe(true);
  });

  it('shows a node answered as deleted (status 50) as Deleted, which can be neither toggled nor set up', () => {
    const { actor } = start(active);
    actor.send(sync(deleted));
    expect(actor.getSnapshot().matches({ status: 'deleted' })).toBe(true);
    expect(shownStatus(actor.getSnapshot())).toBe('deleted');
    actor.send({ type: 'node.power' });
    actor.send({ type: 'node.settings' });
    expect(actions(actor)).toBe('idle');
  });

  it('names what the card shows from the status region, Offline for an active node gone quiet', () => {
    const shown = (node: Node) => shownStatus(start(node).actor.getSnapshot());
    expect([hardware, misconfigured, launching, active, inactive, suspended, deleted].map(shown)).toEqual([
      'hardware',
      'misconfigured',
      'launching',
      'active',
      'inactive',
      'suspended',
      'deleted',
    ]);
    expect(shown({ ...active, online: false })).toBe('offline');
    // Offline is a health state of an active node only; an inactive node that stopped reporting is inactive.
    expect(shown({ ...inactive, online: false })).toBe('inactive');
  });

  it('waits for the first check only while configuring hardware and never seen', () => {
    const waits = (node: Node) => awaitsFirstCheck(start(node).actor.getSnapshot());
    expect(waits(hardware)).toBe(true);
    expect(waits({ ...hardware, lastSeenAt: seen })).toBe(false);
    expect(waits(misconfigured)).toBe(false);
    expect(waits(launching)).toBe(false);
    expect(waits(active)).toBe(false);
  });

  it('applies a health event to its own node, keeping a newer name and the shown error', async () => {
    const rename = vi
      .fn<Call>()
      .mockResolvedValueOnce({ ...active, name: 'Lyon' })
      .mockRejectedValueOnce(new ApiError(400, 'invalid_name', 'The name is too long.'));
    const { actor } = start(active, { rename });
    actor.send({ type: 'node.rename', name: 'Lyon' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.node.name).toBe('Lyon'));
    actor.send({ type: 'node.rename', name: 'Rome' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.error).toBe('The name is too long.'));
    actor.send({ type: 'node.health', health: wentOffline });
    expect(actor.getSnapshot().matches({ status: { active: 'offline' } })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({
      node: { name: 'Lyon', online: false, lastSeenAt: seen, offlineSince: wentOffline.at },
      error: 'The name is too long.',
    });
    actor.send({ type: 'node.health', health: { ...wentOffline, online: true, at: seen } });
    expect(actor.getSnapshot().matches({ status: { active: 'online' } })).toBe(true);
    expect(actor.getSnapshot().context.node.offlineSince).toBeNull();
  });

  it('marks an active node offline and back online as health arrives, keeping the active rules', () => {
    const { actor } = start(active);
    expect(actor.getSnapshot().matches({ status: { active: 'online' } })).toBe(true);
    actor.send(sync({ ...active, online: false, lastSeenAt: '2026-11-22T14:00:00.000Z' }));
    expect(actor.getSnapshot().matches({ status: { active: 'offline' } })).toBe(true);
    // An offline node is still status 10: it can be deactivated and reconfigured like any active node.
    actor.send({ type: 'node.power' });
    expect(actions(actor)).toBe('confirmingDeactivate');
    actor.send({ type: 'node.cancel' });
    actor.send(sync({ ...active, online: true }));
    expect(actor.getSnapshot().matches({ status: { active: 'online' } })).toBe(true);
    actor.send(sync({ ...inactive, online: false }));
    expect(actor.getSnapshot().matches({ status: 'inactive' })).toBe(true);
  });

  it('starts offline when the list says so', () => {
    const { actor } = start({ ...active, online: false });
    expect(actor.getSnapshot().matches({ status: { active: 'offline' } })).toBe(true);
  });

  it('asks before deactivating an active node, then takes the status from the response', async () => {
    const toggle = vi.fn<Call>(async () => ({ id: 7, status: NODE_STATUS.inactive }));
    const { actor } = start(active, { toggle });
    actor.send({ type: 'node.power' });
    expect(actions(actor)).toBe('confirmingDeactivate');
    expect(toggle).not.toHaveBeenCalled();
    actor.send({ type: 'node.confirm' });
    await vi.waitFor(() => expect(actions(actor)).toBe('idle'));
    expect(toggle).toHaveBeenCalledOnce();
    expect(actor.getSnapshot().context.node.status).toBe(NODE_STATUS.inactive);
    expect(actor.getSnapshot().matches({ status: 'inactive' })).toBe(true);
  });

  it('activates an inactive node directly', async () => {
    const toggle = vi.fn<Call>(async () => ({ id: 7, status: NODE_STATUS.active }));
    const { actor } = start(inactive, { toggle });
    actor.send({ type: 'node.power' });
    expect(actions(actor)).toBe('toggling');
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ status: 'active' })).toBe(true));
  });

  it('does not toggle a node that is being configured or suspended', () => {
    for (const node of [hardware, suspended]) {
      const { actor } = start(node);
      actor.send({ type: 'node.power' });
      expect(actions(actor)).toBe('idle');
    }
  });

  it('does not toggle when the node stopped being active while the confirm was open', () => {
    const { actor, api } = start(active);
    actor.send({ type: 'node.power' });
    actor.send(sync(inactive));
    actor.send({ type: 'node.confirm' });
    expect(actions(actor)).toBe('idle');
    expect(api.toggle).not.toHaveBeenCalled();
  });

  it('keeps the message and the code of a failed toggle', async () => {
    const toggle = vi.fn<Call>(async () => {
      throw new ApiError(409, 'status_changed', 'The NODR changed meanwhile; reload and try again.');
    });
    const { actor } = start(inactive, { toggle });
    actor.send({ type: 'node.power' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.error).not.toBeNull());
    expect(actor.getSnapshot().context).toMatchObject({
      error: 'The NODR changed meanwhile; reload and try again.',
      errorCode: 'status_changed',
    });
  });

  it('says the server cannot be reached, and drops the message on the next success or refetch', async () => {
    const toggle = vi.fn<Call>(async () => {
      throw new NetworkError(new TypeError('Failed to fetch'));
    });
    const { actor } = start(inactive, { toggle });
    actor.send({ type: 'node.power' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.error).toBe(UNREACHABLE));
    expect(actor.getSnapshot().context.errorCode).toBe('network_error');
    actor.send({ type: 'node.sync', node: inactive, configs });
    expect(actor.getSnapshot().context).toMatchObject({ error: null, errorCode: null });

    actor.send({ type: 'node.power' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.error).toBe(UNREACHABLE));
    // A rename that succeeds clears it too.
    actor.send({ type: 'node.rename', name: 'Lisbon' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.node.name).toBe('Lisbon'));
    expect(actor.getSnapshot().context.error).toBeNull();

    // A toggle that goes through at the second try clears it as well.
    const { actor: again } = start(inactive, {
      toggle: vi
        .fn<Call>()
        .mockRejectedValueOnce(new NetworkError(new TypeError('Failed to fetch')))
        .mockResolvedValueOnce({ id: inactive.id, status: NODE_STATUS.active }),
    });
    again.send({ type: 'node.power' });
    await vi.waitFor(() => expect(again.getSnapshot().context.error).toBe(UNREACHABLE));
    again.send({ type: 'node.power' });
    await vi.waitFor(() => expect(again.getSnapshot().context.node.status).toBe(NODE_STATUS.active));
    expect(again.getSnapshot().context.error).toBeNull();
  });

  it('renames with the trimmed name, and only a changed name of at most 320 characters', async () => {
    const { actor, api } = start(active);
    actor.send({ type: 'node.rename', name: '  Frankfurt ' });
    actor.send({ type: 'node.rename', name: 'x'.repeat(321) });
    expect(api.rename).not.toHaveBeenCalled();
    actor.send({ type: 'node.rename', name: ' Edge 2 ' });
    expect(actor.getSnapshot().context.saved).toBe(false);
    await vi.waitFor(() => expect(actor.getSnapshot().context.node.name).toBe('Edge 2'));
    expect(api.rename).toHaveBeenCalledWith(expect.objectContaining({ name: 'Edge 2' }));
    // A successful rename is confirmed until the next action starts.
    expect(actor.getSnapshot().context.saved).toBe(true);
    actor.send({ type: 'node.delete' });
    expect(actor.getSnapshot().context.saved).toBe(false);
  });

  it('renames to a name of exactly 320 characters, the spec 5 limit', async () => {
    const { actor, api } = start(active);
    const longest = 'x'.repeat(320);
    actor.send({ type: 'node.rename', name: ` ${longest} ` });
    await vi.waitFor(() => expect(actor.getSnapshot().context.node.name).toBe(longest));
    expect(api.rename).toHaveBeenCalledOnce();
  });

  it('deletes after the confirm and reports it, so the list and the configurations reload', async () => {
    const { actor, api, reportDeleted } = start(inactive);
    actor.send({ type: 'node.delete' });
    expect(actions(actor)).toBe('confirmingDelete');
    actor.send({ type: 'node.cancel' });
    expect(api.delete).not.toHaveBeenCalled();
    actor.send({ type: 'node.delete' });
    actor.send({ type: 'node.confirm' });
    await vi.waitFor(() => expect(actions(actor)).toBe('gone'));
    expect(reportDeleted).toHaveBeenCalledOnce();
  });

  it('opens the config update on status 1 and the reconfigure modal on status 10', () => {
    const configuring = start(misconfigured).actor;
    configuring.send({ type: 'node.settings' });
    expect(actions(configuring)).toBe('updatingConfig');
    expect(configuring.getSnapshot().children.configUpdate).toBeDefined();
    const running = start(active).actor;
    running.send({ type: 'node.settings' });
    expect(actions(running)).toBe('reconfiguring');
    const idle = start(inactive).actor;
    idle.send({ type: 'node.settings' });
    expect(actions(idle)).toBe('idle');
  });

  it('after a reconfigure opens the config update for the returned node', async () => {
    const { actor } = start(active);
    actor.send({ type: 'node.settings' });
    const reconfigure = actor.getSnapshot().children.reconfigure!;
    reconfigure.send({ type: 'reconfigure.input', text: active.licenseKey });
    reconfigure.send({ type: 'reconfigure.submit' });
    await vi.waitFor(() => expect(actions(actor)).toBe('updatingConfig'));
    expect(actor.getSnapshot().context.node.status).toBe(NODE_STATUS.configuring);
    expect(actor.getSnapshot().matches({ status: { configuring: 'hardware' } })).toBe(true);
    actor.getSnapshot().children.configUpdate!.send({ type: 'config.cancel' });
    expect(actions(actor)).toBe('idle');
  });
});
