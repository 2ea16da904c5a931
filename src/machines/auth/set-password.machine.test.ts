import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { LINK_GONE, type LinkCheckInput } from '../../../contracts/password-link.ts';
import { actorDone, actorError, createMachineModel } from '../../../tests/model/machine-model.ts';
import type { PasswordStep, SetNewPasswordInput } from '../../api/auth.ts';
import { ApiError, NetworkError } from '../../api/client.ts';
import { setPasswordMachine } from './set-password.machine.ts';

const input = { hash: 'h4sh', purpose: 'create_password' } as const;
/** The link check answers at once: these tests start with a link known to work. */
const liveLink = fromPromise<{ ok: true }, LinkCheckInput>(async () => ({ ok: true }));
const gone = new ApiError(410, LINK_GONE.error, LINK_GONE.message);

const token = {
  access_token: 'n3w',
  token_type: 'Bearer' as const,
  expires_at: '2030-01-01T00:00:00Z',
  user_id: 7,
};

const challenge = {
  two_factor_required: true as const,
  challenge: 'ch4ll3nge',
  expires_at: '2030-01-01T00:05:00Z',
};

describe('set-password machine, model', () => {
  const model = createMachineModel(setPasswordMachine, {
    input,
    events: [
      actorDone('checkLink', { ok: true }),
      actorError('checkLink', gone),
      actorError('checkLink', new NetworkError(new TypeError('Failed to fetch'))),
      { type: 'link.retry' },
      { type: 'password.submit', password: 'secret1', confirm: 'secret1' },
      { type: 'password.submit', password: '', confirm: '' },
      { type: 'password.submit', password: 'short', confirm: 'other' },
      { type: 'password.edit', field: 'confirm' },
      actorDone('savePassword', token),
      actorDone('savePassword', challenge),
      actorError(
        'savePassword',
        new ApiError(400, 'invalid_link', 'This link is expired or has already been used.'),
      ),
    ],
  });
  for (const path of model.paths) it(path.description, () => model.run(path));
  it('reaches every state and transition', () => model.expectFullCoverage());
});

describe('set-password machine, behaviour', () => {
  it('sends the hash with the trimmed passwords, stores the token and goes on', async () => {
    const save = vi.fn(async (_input: unknown) => token);
    const storeToken = vi.fn();
    const goNext = vi.fn();
    const machine = setPasswordMachine.provide({
      actors: { checkLink: liveLink, savePassword: fromPromise(({ input }) => save(input)) },
      actions: { storeToken: (_, params) => storeToken(params.token), goNext },
    });
    const actor = createActor(machine, { input }).start();
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('editing'));
    actor.send({ type: 'password.submit', password: ' secret1 ', confirm: 'secret1  ' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('signedIn'));
    expect(save).toHaveBeenCalledWith({ hash: 'h4sh', password: 'secret1', confirm: 'secret1' });
    expect(storeToken).toHaveBeenCalledWith('n3w');
    expect(goNext).toHaveBeenCalledOnce();
  });

  it('keeps the rules of spec 5', async () => {
    const machine = setPasswordMachine.provide({ actors: { checkLink: liveLink } });
    const actor = createActor(machine, { input }).start();
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('editing'));
    const submit = (password: string, confirm: string) => {
      actor.send({ type: 'password.submit', password, confirm });
      return actor.getSnapshot().context.errors;
    };
    expect(submit('', '')).toEqual({ form: 'All fields are required' });
    expect(submit('12345', '12345')).toEqual({ password: 'Minimum 6 symbols are required' });
    expect(submit('secret1', '')).toEqual({ confirm: 'Required field' });
    expect(submit('', 'secret1')).toEqual({ password: 'Required field' });
    expect(submit('secret1', 'secret2')).toEqual({ confirm: 'Passwords do not match' });
    actor.send({ type: 'password.edit', field: 'confirm' });
    expect(actor.getSnapshot().context.errors).toEqual({});
  });

  it('sends the person to sign in with a code when the account has two-factor sign-in on', async () => {
    const storeToken = vi.fn();
    const goNext = vi.fn();
    const goToSignIn = vi.fn();
    const machine = setPasswordMachine.provide({
      actors: {
        checkLink: liveLink,
        savePassword: fromPromise<PasswordStep, SetNewPasswordInput>(async () => challenge),
      },
      actions: { storeToken: (_, params) => storeToken(params.token), goNext, goToSignIn },
    });
    const actor = createActor(machine, { input }).start();
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('editing'));
    actor.send({ type: 'password.submit', password: 'secret1', confirm: 'secret1' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('codeNeeded'));
    expect(goToSignIn).toHaveBeenCalledOnce();
    expect(storeToken).not.toHaveBeenCalled();
    expect(goNext).not.toHaveBeenCalled();
  });

  it('checks the link when it starts, with its purpose, and takes no password for a link that is gone', async () => {
    const check = vi.fn(async (_input: unknown) => {
      throw gone;
    });
    const machine = setPasswordMachine.provide({
      actors: { checkLink: fromPromise(({ input }) => check(input)) },
    });
    const actor = createActor(machine, { input: { hash: 'h4sh', purpose: 'reset_password' } }).start();
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('expired'));
    expect(check).toHaveBeenCalledWith({ hash: 'h4sh', purpose: 'reset_password' });
    actor.send({ type: 'password.submit', password: 'secret1', confirm: 'secret1' });
    expect(actor.getSnapshot().value).toBe('expired');
  });

  it('offers to check again when the check could not reach the server', async () => {
    let calls = 0;
    const machine = setPasswordMachine.provide({
      actors: {
        checkLink: fromPromise<{ ok: true }, LinkCheckInput>(async () => {
          calls += 1;
          if (calls === 1) throw new NetworkError(new TypeError('Failed to fetch'));
          return { ok: true };
        }),
      },
    });
    const actor = createActor(machine, { input }).start();
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('checkFailed'));
    expect(actor.getSnapshot().context.errors.form).toBeTruthy();
    actor.send({ type: 'link.retry' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('editing'));
    expect(actor.getSnapshot().context.errors).toEqual({});
  });
});
