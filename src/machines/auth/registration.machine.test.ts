import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { actorDone, actorError, createMachineModel } from '../../../tests/model/machine-model.ts';
import { ApiError } from '../../api/client.ts';
import { registrationMachine } from './registration.machine.ts';

describe('registration machine, model', () => {
  const model = createMachineModel(registrationMachine, {
    events: [
      { type: 'registration.submit', email: ' ada@example.com ', offer: true, subscription: true },
      { type: 'registration.submit', email: 'ada@example.com', offer: false, subscription: false },
      { type: 'registration.submit', email: '', offer: true, subscription: true },
      { type: 'registration.edit', field: 'email' },
      actorDone('registerAccount', { ok: true }),
      actorError('registerAccount', new ApiError(429, 'rate_limited', 'Too many attempts.')),
    ],
  });
  for (const path of model.paths) it(path.description, () => model.run(path));
  it('reaches every state and transition', () => model.expectFullCoverage());
});

describe('registration machine, behaviour', () => {
  function start() {
    const register = vi.fn(async (_input?: unknown) => ({ ok: true }));
    const goToPendingRegistration = vi.fn();
    const machine = registrationMachine.provide({
      actors: { registerAccount: fromPromise(({ input }) => register(input)) },
      actions: { goToPendingRegistration },
    });
    return { actor: createActor(machine).start(), register, goToPendingRegistration };
  }

  it('sends the trimmed address with both checkboxes as offer and subscription, then goes to pending', async () => {
    const { actor, register, goToPendingRegistration } = start();
    actor.send({ type: 'registration.submit', email: ' ada@example.com ', offer: false, subscription: true });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('pending'));
    expect(register).toHaveBeenCalledWith({ login: 'ada@example.com', offer: false, subscription: true });
    expect(goToPendingRegistration).toHaveBeenCalledOnce();
  });

  it("says 'Required field' and 'invalid email', and never registers without the terms", () => {
    const { actor, register } = start();
    actor.send({ type: 'registration.submit', email: '  ', offer: true, subscription: true });
    expect(actor.getSnapshot().context.errors).toEqual({ email: 'Required field' });
    actor.send({ type: 'registration.submit', email: 'ada@', offer: true, subscription: true });
    expect(actor.getSnapshot().context.errors).toEqual({ email: 'invalid email' });
    actor.send({ type: 'registration.submit', email: 'ada@example.com', offer: true, subscription: false });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(register).not.toHaveBeenCalled();
  });
});
