import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { actorDone, actorError, createMachineModel } from '../../../tests/model/machine-model.ts';
import { ApiError } from '../../api/client.ts';
import { twoFactorSettingsMachine } from './two-factor-settings.machine.ts';

const setUpAnswer = {
  secret: 'JBSWY3DPEHPK3PXP',
  uri: 'otpauth://totp/NODR%20Dashboard:ada?secret=JBSWY3DPEHPK3PXP',
};
const codeHint = 'Enter the 6-digit code from your authenticator app or a recovery code';
const codes = Array.from({ length: 10 }, (_, i) => `abcde-1234${i}`);

describe('two-factor settings machine, model', () => {
  const model = createMachineModel(twoFactorSettingsMachine, {
    events: [
      { type: 'twoFactor.toggle' },
      actorDone('loadStatus', { enabled: false }),
      actorDone('loadStatus', { enabled: true }),
      actorError('loadStatus'),
      { type: 'twoFactor.retry' },
      { type: 'twoFactor.start' },
      actorDone('setUp', setUpAnswer),
      actorError('setUp', new ApiError(409, 'two_factor_enabled', 'Two-factor sign-in is already on')),
      { type: 'twoFactor.confirm', code: '123456' },
      { type: 'twoFactor.confirm', code: 'abcde-12345' },
      actorDone('enable', { recovery_codes: codes }),
      actorError('enable', new ApiError(400, 'invalid_code', 'Incorrect code')),
      { type: 'twoFactor.finish' },
      { type: 'twoFactor.turnOff' },
      { type: 'twoFactor.disable', password: 'secret1', code: '123456' },
      { type: 'twoFactor.disable', password: '', code: '1' },
      actorDone('disable', { ok: true }),
      actorError('disable', new ApiError(400, 'incorrect_password', 'Incorrect password')),
      { type: 'twoFactor.newCodes' },
      { type: 'twoFactor.renew', password: 'secret1', code: '123456' },
      { type: 'twoFactor.renew', password: 'secret1', code: '' },
      actorDone('renewCodes', { recovery_codes: codes }),
      actorError('renewCodes', new ApiError(400, 'invalid_code', 'Incorrect code')),
      { type: 'twoFactor.edit', field: 'code' },
      { type: 'twoFactor.cancel' },
    ],
  });
  for (const path of model.paths) it(path.description, () => model.run(path));
  it('reaches every state and transition', () => model.expectFullCoverage());
});

describe('two-factor settings machine, behaviour', () => {
  type Disable = (input: { password: string; code: string }) => Promise<unknown>;
  function start(enabled: boolean, disable: Disable = vi.fn(async () => ({ ok: true }))) {
    const enable = vi.fn(async (_input: { code: string }) => ({ recovery_codes: codes }));
    const machine = twoFactorSettingsMachine.provide({
      actors: {
        loadStatus: fromPromise(async () => ({ enabled })),
        setUp: fromPromise(async () => setUpAnswer),
        enable: fromPromise(({ input }) => enable(input)),
        disable: fromPromise(({ input }) => disable(input)),
      },
    });
    const actor = createActor(machine).start();
    actor.send({ type: 'twoFactor.toggle' });
    return { actor, enable, disable };
  }

  it('turns on with an app code, shows the recovery codes once, then forgets them', async () => {
    const { actor, enable } = start(false);
    await vi.waitFor(() => expect(actor.getSnapshot().value).toEqual({ off: 'idle' }));
    actor.send({ type: 'twoFactor.start' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toEqual({ off: 'scanning' }));
    expect(actor.getSnapshot().context).toMatchObject(setUpAnswer);
    // A recovery code cannot turn it on: there are none yet.
    actor.send({ type: 'twoFactor.confirm', code: 'abcde-12345' });
    expect(actor.getSnapshot().context.errors.code).toBe(
      'Enter the 6-digit code from your authenticator app or a recovery code',
    );
    actor.send({ type: 'twoFactor.confirm', code: '123 456' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('showingCodes'));
    expect(enable).toHaveBeenCalledWith({ code: '123456' });
    expect(actor.getSnapshot().context).toMatchObject({ recoveryCodes: codes, secret: '', uri: '' });
    actor.send({ type: 'twoFactor.finish' });
    expect(actor.getSnapshot().value).toEqual({ on: 'idle' });
    expect(actor.getSnapshot().context).toMatchObject({ recoveryCodes: [], changed: 'on' });
  });

  it('turns off only with the password and a code, showing a wrong one under its field', async () => {
    const disable = vi
      .fn<Disable>()
      .mockRejectedValueOnce(new ApiError(400, 'invalid_code', 'Incorrect code'))
      .mockResolvedValueOnce({ ok: true });
    const { actor } = start(true, disable);
    await vi.waitFor(() => expect(actor.getSnapshot().value).toEqual({ on: 'idle' }));
    actor.send({ type: 'twoFactor.turnOff' });
    actor.send({ type: 'twoFactor.disable', password: '', code: '12' });
    expect(actor.getSnapshot().context.errors).toEqual({
      password: 'Required field',
      code: 'Enter the 6-digit code from your authenticator app or a recovery code',
    });
    expect(disable).not.toHaveBeenCalled();
    actor.send({ type: 'twoFactor.disable', password: 'secret1', code: '000000' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.errors).toEqual({ code: 'Incorrect code' }));
    expect(actor.getSnapshot().value).toEqual({ on: 'confirming' });
    actor.send({ type: 'twoFactor.disable', password: 'secret1', code: 'ABCDE-12345' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toEqual({ off: 'idle' }));
    expect(disable).toHaveBeenLastCalledWith({ password: 'secret1', code: 'abcde-12345' });
    expect(actor.getSnapshot().context).toMatchObject({ password: '', changed: 'off' });
  });

  it.each([
    ['a missing password', '', '123456', { password: 'Required field' }],
    ['a missing recovery code', 'secret1', '', { code: codeHint }],
    ['a code too short', 'secret1', '12345', { code: codeHint }],
  ])('refuses to turn off for %s alone, naming only that field', async (_, password, code, errors) => {
    const disable = vi.fn<Disable>(async () => ({ ok: true }));
    const { actor } = start(true, disable);
    await vi.waitFor(() => expect(actor.getSnapshot().value).toEqual({ on: 'idle' }));
    actor.send({ type: 'twoFactor.turnOff' });
    actor.send({ type: 'twoFactor.disable', password, code });
    expect(actor.getSnapshot().context.errors).toEqual(errors);
    expect(actor.getSnapshot().value).toEqual({ on: 'confirming' });
    expect(disable).not.toHaveBeenCalled();
  });

  it('keeps the recovery codes open until the person is done, and forgets everything when closed', async () => {
    const { actor } = start(false);
    await vi.waitFor(() => expect(actor.getSnapshot().value).toEqual({ off: 'idle' }));
    actor.send({ type: 'twoFactor.start' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toEqual({ off: 'scanning' }));
    actor.send({ type: 'twoFactor.toggle' });
    expect(actor.getSnapshot().value).toBe('collapsed');
    expect(actor.getSnapshot().context.secret).toBe('');
    actor.send({ type: 'twoFactor.toggle' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toEqual({ off: 'idle' }));
    actor.send({ type: 'twoFactor.start' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toEqual({ off: 'scanning' }));
    actor.send({ type: 'twoFactor.confirm', code: '123456' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('showingCodes'));
    actor.send({ type: 'twoFactor.toggle' });
    expect(actor.getSnapshot().value).toBe('showingCodes');
  });
});
