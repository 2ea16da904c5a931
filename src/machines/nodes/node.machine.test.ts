import { describe, expect, it, type Mock, vi } from 'vitest';
import { type AnyMachineSnapshot, createActor, fromPromise } from 'xstate';
import { NODE_STATUS } from '../../../contracts/node-status.ts';
import { configs, makeNode, nodesByDisplay } from '../../../tests/fixtures/node-fixtures.ts';
import { actorDone, actorError, createMachineModel } from '../../../tests/model/machine-model.ts';
import { ApiError, NetworkError } from '../../api/client.ts';
import type { Node, ToggleResult } from '../../api/nodes.ts';
import { UNREACHABLE } from '../../lib/connection-messages.ts';
import { type NodeReport, nodeMachine } from './node.machine.ts';
import { configUpdateMachine } from './node-config-update.machine.ts';
import { maintenanceMachine } from './node-maintenance.machine.ts';
import { reconfigureMachine } from './node-reconfigure.machine.ts';

const { hardware, misconfigured, active, inactive, suspended } = nodesByDisplay;
const deleted = makeNode({ status: NODE_STATUS.deleted, check: active.check });
const offline = { ...active, online: false, lastSeenAt: '2026-11-22T14:00:00.000Z' };
const renamed = makeNode({ status: NODE_STATUS.active, check: active.check, name: 'Edge' });
const input = { nodeId: active.id, teamId: active.teamId };
const NOW = new Date('2026-11-22T14:00:00.000Z');
const inMaintenance: Node = {
  ...active,
  maintenance: { startsAt: '2026-11-22T14:00:00.000Z', endsAt: '2026-11-22T14:30:00.000Z' },
};

describe('node machine, model', () => {
  const model = createMachineModel(nodeMachine, {
    input,
    events: [
      // Each action brings the list's node as the card shows it: the rules read its status.
      ...[active, offline, inactive, hardware, suspended, deleted].map((node) => ({
        type: 'node.power',
        node,
      })),
      ...[active, misconfigured, inactive].map((node) => ({ type: 'node.settings', node, configs })),
      { type: 'node.delete' },
      // A confirm may come after the node changed meanwhile (a live update).
      { type: 'node.confirm', node: active },
      { type: 'node.confirm', node: inactive },
      { type: 'node.cancel' },
      { type: 'node.rename', node: active, name: ' Edge ' },
      { type: 'node.reloaded' },
      actorDone('toggleNode', { id: 7, status: NODE_STATUS.inactive }),
      actorError('toggleNode', new ApiError(409, 'status_changed', 'The NODR changed meanwhile.')),
      actorDone('renameNode', renamed),
      actorError('renameNode', new ApiError(400, 'name_too_long', 'Too long.')),
      actorDone('deleteNode', { id: 7, status: NODE_STATUS.deleted }),
      actorError('deleteNode', new ApiError(404, 'not_found', 'No such NODR in this team.')),
      actorDone('reconfigure', hardware),
      actorDone('reconfigure', null),
      actorDone('configUpdate', hardware),
      actorDone('configUpdate', null),
      { type: 'node.maintenance', node: active, now: NOW },
      { type: 'node.endMaintenance' },
      actorDone('maintenance', inMaintenance),
      actorDone('maintenance', null),
      actorDone('endMaintenance', active),
      actorError('endMaintenance', new ApiError(403, 'read_only', 'Only admins can change this.')),
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

  function start(overrides: Partial<Api> = {}) {
    const api: Api = {
      toggle: vi.fn<Call>(async () => {
        throw new Error('unexpected toggle');
      }),
      rename: vi.fn<Call>(async (call) => ({ ...active, name: call.name })),
      delete: vi.fn<Call>(async () => ({ id: active.id, status: NODE_STATUS.deleted })),
      reconfigure: vi.fn<Call>(async () => hardware),
      update: vi.fn<Call>(async (call) => ({ ...hardware, configId: call.configId })),
      ...overrides,
    };
    const reports: NodeReport[] = [];
    const machine = nodeMachine.provide({
      actions: { report: (_, report) => reports.push(report) },
      actors: {
        maintenance: maintenanceMachine.provide({
          actors: { setMaintenance: fromPromise(async () => inMaintenance) },
        }),
        endMaintenance: fromPromise(async () => active),
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
    const actor = createActor(machine, { input }).start();
    return { actor, api, reports };
  }
  const state = (actor: { getSnapshot(): AnyMachineSnapshot }) => actor.getSnapshot().value;

  it('asks before deactivating an active node, offline or not, then reports the status from the response', async () => {
    const toggle = vi.fn<Call>(async () => ({ id: 7, status: NODE_STATUS.inactive }));
    const { actor, reports } = start({ toggle });
    actor.send({ type: 'node.power', node: offline });
    expect(state(actor)).toBe('confirmingDeactivate');
    actor.send({ type: 'node.cancel' });
    actor.send({ type: 'node.power', node: active });
    expect(state(actor)).toBe('confirmingDeactivate');
    expect(toggle).not.toHaveBeenCalled();
    actor.send({ type: 'node.confirm', node: active });
    await vi.waitFor(() => expect(state(actor)).toBe('idle'));
    expect(toggle).toHaveBeenCalledWith({ node: { id: 7, teamId: 3 } });
    expect(reports).toEqual([{ type: 'node.toggled', nodeId: 7, status: NODE_STATUS.inactive }]);
  });

  it('opens the maintenance dialog and reports the node with its window; ending it reports the node without', async () => {
    const { actor, reports } = start();
    actor.send({ type: 'node.maintenance', node: active, now: NOW });
    expect(state(actor)).toBe('maintaining');
    actor.getSnapshot().children.maintenance?.send({ type: 'maintenance.submit', now: NOW });
    await vi.waitFor(() => expect(state(actor)).toBe('idle'));
    expect(reports).toEqual([{ type: 'node.updated', node: inMaintenance }]);
    actor.send({ type: 'node.endMaintenance' });
    expect(state(actor)).toBe('endingMaintenance');
    await vi.waitFor(() => expect(state(actor)).toBe('idle'));
    expect(reports.at(-1)).toEqual({ type: 'node.updated', node: active });
  });

  it('reports nothing when the maintenance dialog is cancelled', () => {
    const { actor, reports } = start();
    actor.send({ type: 'node.maintenance', node: active, now: NOW });
    actor.getSnapshot().children.maintenance?.send({ type: 'maintenance.cancel' });
    expect(state(actor)).toBe('idle');
    expect(reports).toEqual([]);
  });

  it('activates an inactive node directly', async () => {
    const toggle = vi.fn<Call>(async () => ({ id: 7, status: NODE_STATUS.active }));
    const { actor, reports } = start({ toggle });
    actor.send({ type: 'node.power', node: inactive });
    expect(state(actor)).toBe('toggling');
    await vi.waitFor(() => expect(reports).toEqual([{ type: 'node.toggled', nodeId: 7, status: 10 }]));
  });

  it('neither toggles nor sets up a node being configured, suspended or deleted', () => {
    for (const node of [hardware, suspended, deleted]) {
      const { actor, api } = start();
      actor.send({ type: 'node.power', node });
      expect(state(actor)).toBe('idle');
      expect(api.toggle).not.toHaveBeenCalled();
    }
    for (const node of [inactive, suspended, deleted]) {
      const { actor } = start();
      actor.send({ type: 'node.settings', node, configs });
      expect(state(actor)).toBe('idle');
    }
  });

  it('does not toggle when the node stopped being active while the confirm was open', () => {
    const { actor, api } = start();
    actor.send({ type: 'node.power', node: active });
    actor.send({ type: 'node.confirm', node: inactive });
    expect(state(actor)).toBe('idle');
    expect(api.toggle).not.toHaveBeenCalled();
  });

  it('keeps the message and the code of a failed toggle, and reports nothing', async () => {
    const toggle = vi.fn<Call>(async () => {
      throw new ApiError(409, 'status_changed', 'The NODR changed meanwhile; reload and try again.');
    });
    const { actor, reports } = start({ toggle });
    actor.send({ type: 'node.power', node: inactive });
    await vi.waitFor(() => expect(actor.getSnapshot().context.error).not.toBeNull());
    expect(actor.getSnapshot().context).toMatchObject({
      error: 'The NODR changed meanwhile; reload and try again.',
      errorCode: 'status_changed',
    });
    expect(reports).toEqual([]);
  });

  it('says the server cannot be reached, and drops the message on the next success or reload', async () => {
    const toggle = vi.fn<Call>(async () => {
      throw new NetworkError(new TypeError('Failed to fetch'));
    });
    const { actor } = start({ toggle });
    actor.send({ type: 'node.power', node: inactive });
    await vi.waitFor(() => expect(actor.getSnapshot().context.error).toBe(UNREACHABLE));
    expect(actor.getSnapshot().context.errorCode).toBe('network_error');
    actor.send({ type: 'node.reloaded' });
    expect(actor.getSnapshot().context).toMatchObject({ error: null, errorCode: null });

    actor.send({ type: 'node.power', node: inactive });
    await vi.waitFor(() => expect(actor.getSnapshot().context.error).toBe(UNREACHABLE));
    // A rename that succeeds clears it too.
    actor.send({ type: 'node.rename', node: inactive, name: 'Lisbon' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.saved).toBe(true));
    expect(actor.getSnapshot().context.error).toBeNull();

    // A toggle that goes through at the second try clears it as well.
    const { actor: again, reports } = start({
      toggle: vi
        .fn<Call>()
        .mockRejectedValueOnce(new NetworkError(new TypeError('Failed to fetch')))
        .mockResolvedValueOnce({ id: inactive.id, status: NODE_STATUS.active }),
    });
    again.send({ type: 'node.power', node: inactive });
    await vi.waitFor(() => expect(again.getSnapshot().context.error).toBe(UNREACHABLE));
    again.send({ type: 'node.power', node: inactive });
    await vi.waitFor(() => expect(reports).toHaveLength(1));
    expect(again.getSnapshot().context.error).toBeNull();
  });

  it('renames with the trimmed name, only a changed name of at most 320 characters, and reports the answer', async () => {
    const { actor, api, reports } = start();
    actor.send({ type: 'node.rename', node: { ...active, name: 'Frankfurt' }, name: '  Frankfurt ' });
    actor.send({ type: 'node.rename', node: active, name: 'x'.repeat(321) });
    expect(api.rename).not.toHaveBeenCalled();
    actor.send({ type: 'node.rename', node: active, name: ' Edge 2 ' });
    expect(actor.getSnapshot().context.saved).toBe(false);
    await vi.waitFor(() => expect(actor.getSnapshot().context.saved).toBe(true));
    expect(api.rename).toHaveBeenCalledWith({ node: active, name: 'Edge 2' });
    expect(reports).toEqual([{ type: 'node.updated', node: { ...active, name: 'Edge 2' } }]);
    // A successful rename is confirmed until the next action starts.
    actor.send({ type: 'node.delete' });
    expect(actor.getSnapshot().context.saved).toBe(false);
  });

  it('renames to a name of exactly 320 characters, the spec 5 limit', async () => {
    const { actor, api } = start();
    const longest = 'x'.repeat(320);
    actor.send({ type: 'node.rename', node: active, name: ` ${longest} ` });
    await vi.waitFor(() => expect(actor.getSnapshot().context.saved).toBe(true));
    expect(api.rename).toHaveBeenCalledWith({ node: active, name: longest });
  });

  it('deletes after the confirm and reports it, so the list drops the node and reloads', async () => {
    const { actor, api, reports } = start();
    actor.send({ type: 'node.delete' });
    expect(state(actor)).toBe('confirmingDelete');
    actor.send({ type: 'node.cancel' });
    expect(api.delete).not.toHaveBeenCalled();
    actor.send({ type: 'node.delete' });
    actor.send({ type: 'node.confirm', node: inactive });
    await vi.waitFor(() => expect(state(actor)).toBe('gone'));
    expect(api.delete).toHaveBeenCalledWith({ node: { id: 7, teamId: 3 } });
    expect(reports).toEqual([{ type: 'node.deleted', nodeId: 7 }]);
  });

  it('opens the config update on status 1 and the reconfigure modal on status 10, for the node shown', () => {
    const configuring = start().actor;
    configuring.send({ type: 'node.settings', node: misconfigured, configs });
    expect(state(configuring)).toBe('updatingConfig');
    expect(configuring.getSnapshot().children.configUpdate!.getSnapshot().context).toMatchObject({
      node: misconfigured,
      configs,
    });
    const running = start().actor;
    running.send({ type: 'node.settings', node: offline, configs });
    expect(state(running)).toBe('reconfiguring');
    expect(running.getSnapshot().children.reconfigure!.getSnapshot().context.node).toEqual(offline);
  });

  it('after a reconfigure reports the returned node and opens the config update for it', async () => {
    const { actor, reports } = start();
    actor.send({ type: 'node.settings', node: active, configs });
    const reconfigure = actor.getSnapshot().children.reconfigure!;
    reconfigure.send({ type: 'reconfigure.input', text: active.licenseKey });
    reconfigure.send({ type: 'reconfigure.submit' });
    await vi.waitFor(() => expect(state(actor)).toBe('updatingConfig'));
    expect(reports).toEqual([{ type: 'node.updated', node: hardware }]);
    expect(actor.getSnapshot().children.configUpdate!.getSnapshot().context).toMatchObject({
      node: hardware,
      configs,
    });
    actor.getSnapshot().children.configUpdate!.send({ type: 'config.cancel' });
    expect(state(actor)).toBe('idle');
    expect(reports).toHaveLength(1);
  });

  it('reports the node a config update answered', async () => {
    const { actor, reports } = start();
    actor.send({ type: 'node.settings', node: hardware, configs });
    actor.getSnapshot().children.configUpdate!.send({ type: 'config.submit' });
    await vi.waitFor(() => expect(state(actor)).toBe('idle'));
    expect(reports).toEqual([{ type: 'node.updated', node: { ...hardware, configId: hardware.configId } }]);
  });
});
