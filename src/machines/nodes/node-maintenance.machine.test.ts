import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { MAINTENANCE_MESSAGES } from '../../../contracts/node-maintenance.ts';
import { nodesByDisplay } from '../../../tests/fixtures/node-fixtures.ts';
import { actorDone, actorError, createMachineModel } from '../../../tests/model/machine-model.ts';
import { ApiError } from '../../api/client.ts';
import type { Node } from '../../api/nodes.ts';
import type { MaintenanceRequest } from '../../lib/maintenance-window.ts';
import { maintenanceMachine } from './node-maintenance.machine.ts';

const { active } = nodesByDisplay;
const now = new Date('2026-11-22T14:00:00.000Z');
const saved: Node = {
  ...active,
  maintenance: { startsAt: now.toISOString(), endsAt: '2026-11-22T14:30:00.000Z' },
};

describe('maintenance machine, model', () => {
  const model = createMachineModel(maintenanceMachine, {
    input: { node: active, now },
    events: [
      { type: 'maintenance.edit', draft: { choice: '4 hours' } },
      { type: 'maintenance.edit', draft: { choice: 'custom', endInput: 'not a time' } },
      { type: 'maintenance.submit', now },
      { type: 'maintenance.cancel' },
      actorDone('setMaintenance', saved),
      actorError('setMaintenance', new ApiError(400, 'invalid_maintenance', MAINTENANCE_MESSAGES.tooLong)),
    ],
  });
  it.each(model.paths)('$description', (path) => model.run(path));
  it('reaches every state and transition', () => model.expectFullCoverage());
});

describe('maintenance machine, behaviour', () => {
  function start(call: (input: { window: MaintenanceRequest }) => Promise<Node>) {
    const machine = maintenanceMachine.provide({
      actors: { setMaintenance: fromPromise(({ input }) => call(input)) },
    });
    return createActor(machine, { input: { node: active, now } }).start();
  }

  it('sends 30 minutes from now by default, and ends with the saved node', async () => {
    const call = vi.fn(async () => saved);
    const actor = start(call);
    actor.send({ type: 'maintenance.submit', now });
    expect(actor.getSnapshot().value).toBe('submitting');
    await vi.waitFor(() => expect(actor.getSnapshot().status).toBe('done'));
    expect(call).toHaveBeenCalledWith(
      expect.objectContaining({ window: { endsAt: '2026-11-22T14:30:00.000Z' } }),
    );
    expect(actor.getSnapshot().output).toEqual(saved);
  });

  it('sends a preset from a scheduled start, and a custom end, read as UTC', async () => {
    const call = vi.fn(async () => saved);
    const actor = start(call);
    actor.send({
      type: 'maintenance.edit',
      draft: { choice: '4 hours', scheduled: true, startInput: '2026-11-23T08:00' },
    });
    actor.send({ type: 'maintenance.submit', now });
    await vi.waitFor(() => expect(actor.getSnapshot().status).toBe('done'));
    expect(call).toHaveBeenCalledWith(
      expect.objectContaining({
        window: { startsAt: '2026-11-23T08:00:00.000Z', endsAt: '2026-11-23T12:00:00.000Z' },
      }),
    );
    const custom = vi.fn(async () => saved);
    const second = start(custom);
    second.send({ type: 'maintenance.edit', draft: { choice: 'custom', endInput: '2026-11-22T18:15' } });
    second.send({ type: 'maintenance.submit', now });
    await vi.waitFor(() => expect(second.getSnapshot().status).toBe('done'));
    expect(custom).toHaveBeenCalledWith(
      expect.objectContaining({ window: { endsAt: '2026-11-22T18:15:00.000Z' } }),
    );
  });

  it('stays open with a readable message for an unreadable time or a refused window', async () => {
    const actor = start(async () => {
      throw new ApiError(400, 'invalid_maintenance', MAINTENANCE_MESSAGES.endInPast);
    });
    actor.send({ type: 'maintenance.edit', draft: { choice: 'custom', endInput: '' } });
    actor.send({ type: 'maintenance.submit', now });
    expect(actor.getSnapshot().context.error).toBe(MAINTENANCE_MESSAGES.invalidTime);
    actor.send({ type: 'maintenance.edit', draft: { endInput: '2026-11-22T13:00' } });
    expect(actor.getSnapshot().context.error).toBeNull();
    actor.send({ type: 'maintenance.submit', now });
    await vi.waitFor(() => expect(actor.getSnapshot().context.error).toBe(MAINTENANCE_MESSAGES.endInPast));
    expect(actor.getSnapshot().value).toBe('editing');
    actor.send({ type: 'maintenance.cancel' });
    expect(actor.getSnapshot().output).toBeNull();
  });
});
