import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { settingsUser } from '../../../tests/fixtures/settings-fixtures.ts';
import { actorDone, actorError, createMachineModel } from '../../../tests/model/machine-model.ts';
import { ApiError } from '../../api/client.ts';
import { profileMachine } from './profile.machine.ts';

const input = { user: settingsUser };
const refused = new ApiError(400, 'invalid_request', 'Name is too long.');

const events = [
  { type: 'profile.open' },
  { type: 'profile.edit', field: 'name', value: ' Augusta ' },
  // spec 5: only digits and phone punctuation.
  { type: 'profile.edit', field: 'phone', value: 'abc' },
  { type: 'profile.save', user: settingsUser },
  { type: 'profile.pick', user: settingsUser, image: '8' },
  { type: 'profile.cancel' },
  actorDone('saveProfile', { ...settingsUser, name: 'Augusta' }),
  actorError('saveProfile', refused),
  actorDone('recheckSession'),
  actorError('recheckSession'),
];

describe('profile machine, model', () => {
  const model = createMachineModel(profileMachine, { input, events });
  it.each(model.paths)('$description', (path) => model.run(path));
  it('reaches every state and transition', () => model.expectFullCoverage());
});

describe('profile machine, behaviour', () => {
  function start(save: (input: unknown) => Promise<unknown>, recheck = async () => {}) {
    const saves: unknown[] = [];
    const rechecks = vi.fn(recheck);
    const machine = profileMachine.provide({
      actors: {
        saveProfile: fromPromise(({ input }) => {
          saves.push(input);
          return save(input);
        }) as never,
        recheckSession: fromPromise<void>(() => rechecks()),
      },
    });
    return { actor: createActor(machine, { input }).start(), saves, rechecks };
  }

  it('saves the trimmed details over the session user, rechecks, then reads as saved with the saved values', async () => {
    let finishRecheck: () => void = () => {};
    const { actor, saves, rechecks } = start(
      async () => ({ ...settingsUser, name: 'Augusta', phone: '020 7946 0001' }),
      () => new Promise<void>((resolve) => (finishRecheck = resolve)),
    );
    actor.send({ type: 'profile.edit', field: 'name', value: '  Augusta ' });
    actor.send({ type: 'profile.edit', field: 'phone', value: ' 020 7946 0001 ' });
    actor.send({ type: 'profile.save', user: settingsUser });
    expect(actor.getSnapshot().value).toBe('saving');
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('refreshing'));
    expect(saves).toEqual([
      { user: settingsUser, change: { name: 'Augusta', surname: 'Lovelace', phone: '020 7946 0001' } },
    ]);
    // Not saved until the session holds the new user.
    expect(rechecks).toHaveBeenCalledOnce();
    finishRecheck();
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('saved'));
    expect(actor.getSnapshot().context.details).toEqual({
      name: 'Augusta',
      surname: 'Lovelace',
      phone: '020 7946 0001',
    });
  });

  it("names the spec 5 errors without a call, and an edit clears that field's message", () => {
    const { actor, saves } = start(async () => settingsUser);
    actor.send({ type: 'profile.edit', field: 'name', value: 'x'.repeat(31) });
    actor.send({ type: 'profile.edit', field: 'phone', value: 'abc' });
    actor.send({ type: 'profile.save', user: settingsUser });
    expect(actor.getSnapshot().context.errors).toEqual({
      name: 'Maximum 30 symbols',
      phone: 'Use digits, spaces and + ( ) - only',
    });
    actor.send({ type: 'profile.edit', field: 'phone', value: '1' });
    expect(actor.getSnapshot().context.errors).toEqual({ name: 'Maximum 30 symbols' });
    expect(saves).toEqual([]);
  });

  it('saves a picked image as it is, whatever the details typed, and keeps a refusal open with its message', async () => {
    const { actor, saves, rechecks } = start(async () => {
      throw refused;
    });
    actor.send({ type: 'profile.open' });
    actor.send({ type: 'profile.pick', user: settingsUser, image: '8' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('failed'));
    expect(saves).toEqual([{ user: settingsUser, change: { image: '8' } }]);
    expect(actor.getSnapshot().context).toMatchObject({
      errors: { form: 'Name is too long.' },
      errorCode: 'invalid_request',
    });
    expect(rechecks).not.toHaveBeenCalled();
    actor.send({ type: 'profile.cancel' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.errors).toEqual({});
  });

  it('sends one save at a time', async () => {
    let release: () => void = () => {};
    const { actor, saves } = start(() => new Promise((resolve) => (release = () => resolve(settingsUser))));
    actor.send({ type: 'profile.save', user: settingsUser });
    actor.send({ type: 'profile.save', user: settingsUser });
    actor.send({ type: 'profile.pick', user: settingsUser, image: '2' });
    release();
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('saved'));
    expect(saves).toHaveLength(1);
  });
});
