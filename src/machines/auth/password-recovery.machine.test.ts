import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { actorDone, actorError, createMachineModel } from '../../../tests/model/machine-model.ts';
import { ApiError } from '../../api/client.ts';
import { passwordRecoveryMachine } from './password-recovery.machine.ts';

describe('password-recovery machine, model', () => {
  const model = createMachineModel(passwordRecoveryMachine, {
    events: [
      { type: 'recovery.submit', email: 'ada@example.com ' },
      { type: 'recovery.submit', email: 'ada' },
      { type: 'recovery.edit', field: 'email' },
      actorDone('requestRecovery', { ok: true }),
      actorError('requestRecovery', new ApiError(429, 'rate_limited', 'Too many attempts.')),
    ],
  });
  for (const path of model.paths) it(path.description, () => model.run(path));
  it('reaches every state and transition', () => model.expectFullCoverage());
});

describe('password-recovery machine, behaviour', () => {
  it('asks for the trimmed address and goes to the recovery page', async () => {
    const recover = vi.fn(async (_input?: unknown) => ({ ok: true }));
    const goToPasswordRecovery = vi.fn();
    const machine = passwordRecoveryMachine.provide({
      actors: { requestRecovery: fromPromise(({ input }) => recover(input)) },
      actions: { goToPasswordRecovery },
    });
    const actor = createActor(machine).start();
    actor.send({ type: 'recovery.submit', email: '' });
    expect(actor.getSnapshot().context.errors).toEqual({ email: 'Required field' });
    actor.send({ type: 'recovery.submit', email: ' ada@example.com' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('sent'));
    expect(recover).toHaveBeenCalledWith({ login: 'ada@example.com' });
    expect(goToPasswordRecovery).toHaveBeenCalledOnce();
  });
});
