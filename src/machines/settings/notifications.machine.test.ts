import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { NotificationSettings } from '../../../contracts/notifications.schema.ts';
import { actorDone, actorError, createMachineModel } from '../../../tests/model/machine-model.ts';
import { NetworkError } from '../../api/client.ts';
import { UNREACHABLE } from '../../lib/connection-messages.ts';
import { notificationsMachine } from './notifications.machine.ts';

const quiet: NotificationSettings = { alerts: false, offlineDelayMin: 15 };

describe('notifications machine, model', () => {
  const model = createMachineModel(notificationsMachine, {
    events: [
      { type: 'notifications.change', settings: { offlineDelayMin: 5 } },
      { type: 'notifications.reload' },
      actorDone('loadNotifications', quiet),
      actorError('loadNotifications'),
      actorDone('saveNotifications', { alerts: false, offlineDelayMin: 5 }),
      actorError('saveNotifications'),
    ],
  });
  it.each(model.paths)('$description', (path) => model.run(path));
  it('reaches every state and transition', () => model.expectFullCoverage());
});

describe('notifications machine, behaviour', () => {
  function start(save: (input: NotificationSettings) => Promise<NotificationSettings>) {
    const machine = notificationsMachine.provide({
      actors: {
        loadNotifications: fromPromise(async () => quiet),
        saveNotifications: fromPromise<NotificationSettings, NotificationSettings>(({ input }) =>
          save(input),
        ),
      },
    });
    return createActor(machine).start();
  }

  it('sends the whole settings with the change and keeps what the server answered', async () => {
    const sent: NotificationSettings[] = [];
    const actor = start(async (input) => {
      sent.push(input);
      return input;
    });
    await expect.poll(() => actor.getSnapshot().matches('ready')).toBe(true);
    actor.send({ type: 'notifications.change', settings: { alerts: true } });
    expect(actor.getSnapshot().matches({ ready: 'saving' })).toBe(true);
    expect(actor.getSnapshot().context.shown).toEqual({ alerts: true, offlineDelayMin: 15 });
    await expect.poll(() => actor.getSnapshot().matches({ ready: 'saved' })).toBe(true);
    expect(sent).toEqual([{ alerts: true, offlineDelayMin: 15 }]);
    expect(actor.getSnapshot().context.saved).toEqual({ alerts: true, offlineDelayMin: 15 });
  });

  it('undoes a change the server could not save and says why', async () => {
    const actor = start(async () => Promise.reject(new NetworkError(new TypeError('Failed to fetch'))));
    await expect.poll(() => actor.getSnapshot().matches('ready')).toBe(true);
    actor.send({ type: 'notifications.change', settings: { offlineDelayMin: 60 } });
    await expect.poll(() => actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.shown).toEqual(quiet);
    expect(actor.getSnapshot().context.error?.message).toBe(UNREACHABLE);
  });
});
