import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { actorDone, actorError, createMachineModel } from '../../tests/model/machine-model.ts';
import { ApiError } from '../api/client.ts';
import { loginMachine } from './login.machine.ts';

const token = {
  access_token: 't0k3n',
  token_type: 'Bearer' as const,
  expires_at: '2030-01-01T00:00:00Z',
  user_id: 1,
};

describe('login machine, model', () => {
  const model = createMachineModel(loginMachine, {
    events: [
      { type: 'login.submit', email: ' ada@example.com ', password: 'secret1' },
      { type: 'login.submit', email: '', password: '' },
      { type: 'login.submit', email: 'ada', password: '' },
      { type: 'login.edit', field: 'email' },
      actorDone('signIn', token),
      actorError('signIn', new ApiError(401, 'invalid_credentials', 'Incorrect e-mail or password')),
    ],
  });
  for (const path of model.paths) it(path.description, () => model.run(path));
  it('reaches every state and transition', () => model.expectFullCoverage());
});

describe('login machine, behaviour', () => {
  function start(signIn: (input: { login: string; password: string }) => Promise<typeof token>) {
    const app = { storeToken: vi.fn(), clearToken: vi.fn(), goToMyNodr: vi.fn() };
    const machine = loginMachine.provide({
      actors: { signIn: fromPromise(({ input }) => signIn(input)) },
      actions: {
        storeToken: (_, params) => app.storeToken(params.token),
        clearToken: app.clearToken,
        goToMyNodr: app.goToMyNodr,
      },
    });
    return { actor: createActor(machine).start(), app };
  }

  it('sends trimmed credentials, stores the token and goes to My NODR', async () => {
    const signIn = vi.fn(async () => token);
    const { actor, app } = start(signIn);
    actor.send({ type: 'login.submit', email: '  ada@example.com ', password: ' secret1 ' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('success'));
    expect(signIn).toHaveBeenCalledWith({ login: 'ada@example.com', password: 'secret1' });
    expect(app.storeToken).toHaveBeenCalledWith('t0k3n');
    expect(app.goToMyNodr).toHaveBeenCalledOnce();
  });

  it('clears the token and keeps the error code on failure; an edit clears the message', async () => {
    const { actor, app } = start(async () => {
      throw new ApiError(401, 'invalid_credentials', 'nope');
    });
    actor.send({ type: 'login.submit', email: 'ada@example.com', password: 'wrong12' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('failure'));
    expect(app.clearToken).toHaveBeenCalledOnce();
    expect(actor.getSnapshot().context).toMatchObject({
      errorCode: 'invalid_credentials',
      errors: { form: 'Incorrect e-mail or password' },
    });
    actor.send({ type: 'login.edit', field: 'password' });
    expect(actor.getSnapshot().context).toMatchObject({ errorCode: null, errors: {} });
  });

  it('shows the server message when sign-in is rate limited', async () => {
    const { actor } = start(async () => {
      throw new ApiError(429, 'rate_limited', 'Too many attempts. Please wait a moment and try again.');
    });
    actor.send({ type: 'login.submit', email: 'ada@example.com', password: 'secret1' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('failure'));
    expect(actor.getSnapshot().context.errors.form).toBe(
      'Too many attempts. Please wait a moment and try again.',
    );
  });
});
