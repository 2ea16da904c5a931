import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { settingsUser } from '../../../tests/fixtures/settings-fixtures.ts';
import { actorDone, actorError, createMachineModel } from '../../../tests/model/machine-model.ts';
import { ApiError } from '../../api/client.ts';
import { passwordChangeMachine } from './password-change.machine.ts';

const input = { userId: 7, teamId: 11 };
const valid = {
  type: 'password.submit' as const,
  password: ' old-secret ',
  newPassword: 'new-secret',
  confirm: 'new-secret',
};

describe('password change machine, model', () => {
  const model = createMachineModel(passwordChangeMachine, {
    input,
    events: [
      { type: 'password.toggle' },
      valid,
      { type: 'password.submit', password: '', newPassword: '', confirm: '' },
      { type: 'password.submit', password: 'old-secret', newPassword: '123', confirm: '456' },
      { type: 'password.edit', field: 'newPassword' },
      actorDone('changePassword', settingsUser),
      actorError('changePassword', new ApiError(400, 'incorrect_password', 'Incorrect password')),
    ],
  });
  it.each(model.paths)('$description', (path) => model.run(path));
  it('reaches every state and transition', () => model.expectFullCoverage());
});

describe('password change machine, behaviour', () => {
  function start(change: (input: unknown) => Promise<unknown>) {
    const recheck = vi.fn();
    const machine = passwordChangeMachine.provide({
      actors: { changePassword: fromPromise(({ input }) => change(input) as Promise<typeof settingsUser>) },
      actions: { recheckSession: recheck },
    });
    const actor = createActor(machine, { input }).start();
    actor.send({ type: 'password.toggle' });
    return { actor, recheck };
  }

  it('applies every spec 5 message', () => {
    const { actor } = start(async () => settingsUser);
    actor.send({ type: 'password.submit', password: 'x', newPassword: '  ', confirm: 'y' });
    expect(actor.getSnapshot().context.errors).toEqual({ form: 'All fields are required' });
    actor.send({ type: 'password.submit', password: 'x', newPassword: '12345', confirm: '12346' });
    expect(actor.getSnapshot().context.errors).toEqual({
      newPassword: 'Minimum 6 symbols are required',
      confirm: 'Passwords do not match',
    });
    actor.send({ type: 'password.edit', field: 'confirm' });
    expect(actor.getSnapshot().context.errors).toEqual({ newPassword: 'Minimum 6 symbols are required' });
  });

  it('sends trimmed fields, then shows success and rechecks the session', async () => {
    const change = vi.fn(async () => settingsUser);
    const { actor, recheck } = start(change);
    actor.send(valid);
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('success'));
    expect(change).toHaveBeenCalledWith({
      userId: 7,
      teamId: 11,
      password: 'old-secret',
      newPassword: 'new-secret',
      confirm: 'new-secret',
    });
    expect(recheck).toHaveBeenCalledOnce();
    actor.send({ type: 'password.toggle' });
    expect(actor.getSnapshot().value).toBe('collapsed');
  });

  it("shows 'Incorrect password' under the current password until any field is edited", async () => {
    const { actor } = start(async () => {
      throw new ApiError(400, 'incorrect_password', 'whatever the server says');
    });
    actor.send(valid);
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('editing'));
    expect(actor.getSnapshot().context).toMatchObject({
      errors: { password: 'Incorrect password' },
      errorCode: 'incorrect_password',
    });
    actor.send({ type: 'password.edit', field: 'confirm' });
    expect(actor.getSnapshot().context).toMatchObject({ errors: {}, errorCode: null });
  });

  it('ignores the arrow while the request runs', () => {
    const { actor } = start(() => new Promise(() => {}));
    actor.send(valid);
    actor.send({ type: 'password.toggle' });
    expect(actor.getSnapshot().value).toBe('submitting');
  });
});
