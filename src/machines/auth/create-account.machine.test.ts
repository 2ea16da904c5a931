import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { actorDone, actorError, createMachineModel } from '../../../tests/model/machine-model.ts';
import { createAccountMachine } from './create-account.machine.ts';

describe('create-account machine, model', () => {
  const model = createMachineModel(createAccountMachine, {
    input: { userId: 7, teamId: 3 },
    events: [
      { type: 'account.submit', name: ' Ada ', surname: 'Lovelace', workspace: 'Engines' },
      { type: 'account.submit', name: '', surname: '', workspace: '' },
      { type: 'account.submit', name: 'Ada', surname: '', workspace: '' },
      { type: 'account.edit', field: 'surname' },
      actorDone('saveAccount'),
      actorError('saveAccount', new TypeError('offline')),
    ],
  });
  for (const path of model.paths) it(path.description, () => model.run(path));
  it('reaches every state and transition', () => model.expectFullCoverage());
});

describe('create-account machine, behaviour', () => {
  it('saves the trimmed names for the signed-in user and team, then goes to My NODR', async () => {
    const save = vi.fn(async (_input: unknown) => undefined);
    const goToMyNodr = vi.fn();
    const machine = createAccountMachine.provide({
      actors: { saveAccount: fromPromise(({ input }) => save(input)) },
      actions: { goToMyNodr },
    });
    const actor = createActor(machine, { input: { userId: 7, teamId: 3 } }).start();
    actor.send({ type: 'account.submit', name: ' Ada ', surname: ' Lovelace', workspace: 'Engines ' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('done'));
    expect(save).toHaveBeenCalledWith({
      userId: 7,
      teamId: 3,
      name: 'Ada',
      surname: 'Lovelace',
      workspace: 'Engines',
    });
    expect(goToMyNodr).toHaveBeenCalledOnce();
  });

  it("says 'All fields are required' or 'Required field' per empty field", () => {
    const actor = createActor(createAccountMachine, { input: { userId: 1, teamId: 1 } }).start();
    actor.send({ type: 'account.submit', name: ' ', surname: '', workspace: '' });
    expect(actor.getSnapshot().context.errors).toEqual({ form: 'All fields are required' });
    actor.send({ type: 'account.submit', name: 'Ada', surname: '', workspace: '' });
    expect(actor.getSnapshot().context.errors).toEqual({
      surname: 'Required field',
      workspace: 'Required field',
    });
  });
});
