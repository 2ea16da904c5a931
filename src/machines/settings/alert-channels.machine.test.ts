import { describe, expect, it, vi } from 'vitest';
import { type AnyMachineSnapshot, createActor, fromPromise } from 'xstate';
import {
  ALERT_CHANNEL_ERRORS,
  type AlertChannelBody,
  type AlertDeliveryBody,
  type CreatedAlertChannelBody,
} from '../../../contracts/alert-channels.ts';
import { actorDone, actorError, createMachineModel } from '../../../tests/model/machine-model.ts';
import { ApiError } from '../../api/client.ts';
import type { ChannelSave } from './alert-channel-draft.ts';
import { type AlertChannelsContext, alertChannelsMachine } from './alert-channels.machine.ts';

const channel = (id: number, type: AlertChannelBody['type'] = 'webhook'): AlertChannelBody => ({
  id,
  type,
  name: `Channel ${id}`,
  url: type === 'telegram' ? null : `https://hooks.example.com/${id}`,
  chatId: type === 'telegram' ? '-100123' : null,
  offlineDelayMinutes: 0,
  switchedOffAt: null,
  createdAt: '2026-11-22T10:00:00.000Z',
  lastDelivery: null,
});
const SECRET = `whsec_${'A'.repeat(44)}`;
const created: CreatedAlertChannelBody = { channel: channel(3), secret: SECRET };
const delivered: AlertDeliveryBody = {
  at: '2026-11-27T06:00:00.000Z',
  event: 'alert.test',
  status: 200,
  ok: true,
  durationMs: 120,
  detail: 'ok',
  nextAttemptAt: null,
};

// The graph counts a state by what decides the next transitions: the ids listed, the form, whether a secret or a
// draft is there; every distinct draft or delivery would otherwise be a state of its own (STACK.md).
const serializeState = (snapshot: AnyMachineSnapshot) => {
  const context = snapshot.context as AlertChannelsContext;
  return JSON.stringify([
    snapshot.value,
    [...new Set(context.channels.map((row) => row.id))],
    context.form,
    context.busyId,
    context.secret !== null,
    context.draft.name !== '',
  ]);
};

describe('Alert channels machine, model', () => {
  const model = createMachineModel(alertChannelsMachine, {
    input: { teamId: 7 },
    serializeState,
    events: [
      { type: 'channels.retry' },
      { type: 'channels.add' },
      { type: 'channels.edit', id: 1 },
      { type: 'channels.change', draft: { name: 'Ops', url: 'https://hooks.example.com/ops' } },
      { type: 'channels.save' },
      { type: 'channels.cancel' },
      { type: 'channels.test', id: 1 },
      { type: 'channels.ask', id: 1 },
      { type: 'channels.confirm' },
      { type: 'channels.dismiss' },
      { type: 'channels.rotate', id: 1 },
      { type: 'channels.hideSecret' },
      { type: 'channels.switchOn', id: 1 },
      actorDone('listChannels', [channel(1)]),
      actorError('listChannels'),
      // The saved channel is the listed one, so the list stays one of two sizes and the graph stays small.
      actorDone('saveChannel', { channel: channel(1), secret: SECRET }),
      actorError(
        'saveChannel',
        new ApiError(400, 'private_target', ALERT_CHANNEL_ERRORS.privateTarget.message),
      ),
      actorDone('testChannel', delivered),
      actorError('testChannel'),
      actorDone('removeChannel', { ok: true }),
      actorError('removeChannel'),
      actorDone('rotateSecret', SECRET),
      actorError('rotateSecret'),
      actorDone('switchOn', channel(1)),
      actorError('switchOn'),
    ],
  });
  it.each(model.paths)('$description', (path) => model.run(path));
  it('reaches every state and transition', () => model.expectFullCoverage());
});

describe('Alert channels machine, behaviour', () => {
  function start(save: (input: ChannelSave) => Promise<CreatedAlertChannelBody>) {
    const removed: number[] = [];
    const machine = alertChannelsMachine.provide({
      actors: {
        listChannels: fromPromise(async () => [channel(1), channel(2, 'telegram')]),
        saveChannel: fromPromise(({ input }: { input: ChannelSave }) => save(input)),
        testChannel: fromPromise(async () => delivered),
        removeChannel: fromPromise<unknown, { teamId: number; id: number }>(async ({ input }) => {
          removed.push(input.id);
          return { ok: true };
        }),
        rotateSecret: fromPromise(async () => SECRET),
        switchOn: fromPromise(async () => channel(1)),
      },
    });
    return { actor: createActor(machine, { input: { teamId: 7 } }).start(), removed };
  }
  const settled = (actor: ReturnType<typeof start>['actor']) =>
    vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));

  it('refuses a draft without a name or its type’s fields, without calling the server', async () => {
    const save = vi.fn(async (_input: ChannelSave) => created);
    const { actor } = start(save);
    await settled(actor);
    actor.send({ type: 'channels.add' });
    actor.send({ type: 'channels.save' });
    expect(actor.getSnapshot().context.formError).toBe('Give the channel a name.');
    actor.send({
      type: 'channels.change',
      draft: { name: 'Ops', type: 'telegram', url: 'https://x.example' },
    });
    actor.send({ type: 'channels.save' });
    expect(actor.getSnapshot().context.formError).toBe(ALERT_CHANNEL_ERRORS.missingField.message);
    expect(save).not.toHaveBeenCalled();
  });

  it('adds a webhook with only its own fields and shows its secret once', async () => {
    const save = vi.fn(async (_input: ChannelSave) => created);
    const { actor } = start(save);
    await settled(actor);
    actor.send({ type: 'channels.add' });
    actor.send({
      type: 'channels.change',
      draft: { name: '  Ops ', url: ' https://hooks.example.com/ops ', chatId: 'left over' },
    });
    actor.send({ type: 'channels.save' });
    await settled(actor);
    expect(save.mock.calls[0]?.[0]).toMatchObject({
      teamId: 7,
      id: null,
      create: { type: 'webhook', name: 'Ops', url: 'https://hooks.example.com/ops' },
    });
    const context = actor.getSnapshot().context;
    expect(context.secret).toEqual({ name: 'Channel 3', secret: SECRET });
    expect(context.form).toBeNull();
    expect(context.channels.map((row) => row.id)).toEqual([1, 2, 3]);
    actor.send({ type: 'channels.hideSecret' });
    expect(JSON.stringify(actor.getSnapshot().context)).not.toContain(SECRET);
  });

  it('edits a Telegram channel keeping its bot token unless one is typed', async () => {
    const save = vi.fn(async (input: ChannelSave) => ({
      channel: { ...channel(2, 'telegram'), name: input.edit.name ?? '' },
      secret: null,
    }));
    const { actor } = start(save);
    await settled(actor);
    actor.send({ type: 'channels.edit', id: 2 });
    expect(actor.getSnapshot().context.draft).toMatchObject({
      type: 'telegram',
      chatId: '-100123',
      botToken: '',
    });
    actor.send({ type: 'channels.change', draft: { name: 'On call' } });
    actor.send({ type: 'channels.save' });
    await settled(actor);
    expect(save.mock.calls[0]?.[0]).toMatchObject({ id: 2, edit: { name: 'On call', chatId: '-100123' } });
    expect(save.mock.calls[0]?.[0].edit).not.toHaveProperty('botToken');
    expect(actor.getSnapshot().context.channels.map((row) => row.name)).toEqual(['Channel 1', 'On call']);
  });

  it('keeps the form and shows the server’s refusal', async () => {
    const { actor } = start(async () => {
      throw new ApiError(400, 'private_target', ALERT_CHANNEL_ERRORS.privateTarget.message);
    });
    await settled(actor);
    actor.send({ type: 'channels.add' });
    actor.send({ type: 'channels.change', draft: { name: 'Ops', url: 'http://10.0.0.1/' } });
    actor.send({ type: 'channels.save' });
    await vi.waitFor(() =>
      expect(actor.getSnapshot().context.formError).toBe(ALERT_CHANNEL_ERRORS.privateTarget.message),
    );
    expect(actor.getSnapshot().context.draft.url).toBe('http://10.0.0.1/');
  });

  it('shows a test’s result as the channel’s last delivery, and removes only after a confirmation', async () => {
    const { actor, removed } = start(async () => created);
    await settled(actor);
    actor.send({ type: 'channels.test', id: 1 });
    await settled(actor);
    expect(actor.getSnapshot().context.channels[0]?.lastDelivery).toEqual(delivered);
    actor.send({ type: 'channels.ask', id: 1 });
    actor.send({ type: 'channels.ask', id: 2 });
    expect(removed).toEqual([]);
    actor.send({ type: 'channels.confirm' });
    await settled(actor);
    expect(removed).toEqual([2]);
    expect(actor.getSnapshot().context.channels.map((row) => row.id)).toEqual([1]);
  });
});
