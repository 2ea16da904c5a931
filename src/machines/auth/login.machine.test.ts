import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { actorDone, actorError, createMachineModel } from '../../../tests/model/machine-model.ts';
import { ApiError, NetworkError } from '../../api/client.ts';
import { UNREACHABLE } from '../../lib/connection-messages.ts';
import { loginMachine } from './login.machine.ts';

const token = {
  access_token: 't0k3n',
  token_type: 'Bearer' as const,
  expires_at: '2030-01-01T00:00:00Z',
  user_id: 1,
};

const challenge = {
  two_factor_required: true as const,
  challenge: 'ch4ll3nge',
  expires_at: '2030-01-01T00:05:00Z',
};

describe('login machine, model', () => {
  const model = createMachineModel(loginMachine, {
    events: [
      { type: 'login.submit', email: ' ada@example.com ', password: 'secret1' },
      { type: 'login.submit', email: '', password: '' },
      { type: 'login.submit', email: 'ada', password: '' },
      { type: 'login.edit', field: 'email' },
      actorDone('signIn', token),
      actorDone('signIn', challenge),
      actorError('signIn', new ApiError(401, 'invalid_credentials', 'Incorrect e-mail or password')),
      // The code step.
      { type: 'code.submit', code: '123 456' },
      { type: 'code.submit', code: '12' },
      { type: 'login.edit', field: 'code' },
      { type: 'code.cancel' },
      actorDone('verifyCode', token),
      actorError('verifyCode', new ApiError(401, 'invalid_code', 'Incorrect code')),
      actorError('verifyCode', new ApiError(400, 'challenge_expired', 'This sign-in has expired.')),
      // Passkeys: the button (also on the code step) and the e-mail field's autofill.
      { type: 'passkey.start' },
      actorDone('passkeySignIn', token),
      actorError(
        'passkeySignIn',
        new ApiError(400, 'passkey_failed', 'Signing in with this passkey did not work.'),
      ),
      actorError('passkeySignIn', new ApiError(400, 'challenge_expired', 'This sign-in has expired.')),
      actorDone('passkeyAutofill', token),
      actorDone('passkeyAutofill', null),
      actorError(
        'passkeyAutofill',
        new ApiError(400, 'passkey_failed', 'Signing in with this passkey did not work.'),
      ),
    ],
  });
  for (const path of model.paths) it(path.description, () => model.run(path));
  it('reaches every state and transition', () => model.expectFullCoverage());
});

describe('login machine, behaviour', () => {
  type Answer = typeof token | typeof challenge;
  function start(
    signIn: (input: { login: string; password: string }) => Promise<Answer>,
    verifyCode: (input: { challenge: string; code: string }) => Promise<typeof token> = async () => token,
    passkeySignIn: (input: { challenge: string | null }) => Promise<typeof token> = async () => token,
  ) {
    const app = { storeToken: vi.fn(), clearToken: vi.fn(), goToMyNodr: vi.fn() };
    const machine = loginMachine.provide({
      actors: {
        signIn: fromPromise(({ input }) => signIn(input)),
        verifyCode: fromPromise(({ input }) => verifyCode(input)),
        passkeySignIn: fromPromise(({ input }) => passkeySignIn(input)),
        passkeyAutofill: fromPromise<typeof token | null>(async () => null),
      },
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

  it('signs in with a passkey alone from the form, and says why when the passkey fails', async () => {
    const passkeySignIn = vi.fn(async () => token);
    const { actor, app } = start(async () => token, undefined, passkeySignIn);
    actor.send({ type: 'passkey.start' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('success'));
    expect(passkeySignIn).toHaveBeenCalledWith({ challenge: null });
    expect(app.storeToken).toHaveBeenCalledWith('t0k3n');

    const failing = start(
      async () => token,
      undefined,
      async () => {
        throw new ApiError(0, 'passkey_cancelled', 'The passkey request was cancelled.');
      },
    );
    failing.actor.send({ type: 'passkey.start' });
    await vi.waitFor(() =>
      expect(failing.actor.getSnapshot().context.errors).toEqual({
        form: 'The passkey request was cancelled.',
      }),
    );
    expect(failing.actor.getSnapshot().value).toBe('idle');
  });

  it("lets a passkey stand in for the code, with the step's challenge", async () => {
    const passkeySignIn = vi.fn(async () => token);
    const { actor, app } = start(async () => challenge, undefined, passkeySignIn);
    actor.send({ type: 'login.submit', email: 'ada@example.com', password: 'secret1' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toEqual({ code: 'idle' }));
    actor.send({ type: 'passkey.start' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('success'));
    expect(passkeySignIn).toHaveBeenCalledWith({ challenge: 'ch4ll3nge' });
    expect(app.storeToken).toHaveBeenCalledWith('t0k3n');
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

  it('says the server cannot be reached, not that the password is wrong, when sign-in never left', async () => {
    const { actor } = start(async () => {
      throw new NetworkError(new TypeError('Failed to fetch'));
    });
    actor.send({ type: 'login.submit', email: 'ada@example.com', password: 'secret1' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('failure'));
    expect(actor.getSnapshot().context.errors.form).toBe(UNREACHABLE);
  });

  it('reads a wrong code with its own text, whatever the server wrote', async () => {
    const { actor } = start(
      async () => challenge,
      async () => {
        throw new ApiError(401, 'invalid_code', 'Code rejected.');
      },
    );
    actor.send({ type: 'login.submit', email: 'ada@example.com', password: 'secret1' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('code')).toBe(true));
    actor.send({ type: 'code.submit', code: '000000' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.errors.code).toBe('Incorrect code'));
  });

  it('asks for the code after a password step that answers a challenge, then signs in with it', async () => {
    const verifyCode = vi.fn(async () => token);
    const { actor, app } = start(async () => challenge, verifyCode);
    actor.send({ type: 'login.submit', email: 'ada@example.com', password: 'secret1' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toEqual({ code: 'idle' }));
    expect(app.storeToken).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context.credentials.password).toBe('');

    actor.send({ type: 'code.submit', code: 'abc' });
    expect(actor.getSnapshot().context.errors.code).toBe(
      'Enter the 6-digit code from your authenticator app or a recovery code',
    );
    expect(verifyCode).not.toHaveBeenCalled();
    actor.send({ type: 'login.edit', field: 'code' });
    expect(actor.getSnapshot().context.errors).toEqual({});

    actor.send({ type: 'code.submit', code: ' 123 456 ' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('success'));
    expect(verifyCode).toHaveBeenCalledWith({ challenge: 'ch4ll3nge', code: '123456' });
    expect(app.storeToken).toHaveBeenCalledWith('t0k3n');
    expect(app.goToMyNodr).toHaveBeenCalledOnce();
  });

  it('sends a recovery code as typed, normalized', async () => {
    const verifyCode = vi.fn(async () => token);
    const { actor } = start(async () => challenge, verifyCode);
    actor.send({ type: 'login.submit', email: 'ada@example.com', password: 'secret1' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('code')).toBe(true));
    actor.send({ type: 'code.submit', code: 'ABCDE 12345' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('success'));
    expect(verifyCode).toHaveBeenCalledWith({ challenge: 'ch4ll3nge', code: 'abcde-12345' });
  });

  it('stays on the code step after a wrong code or a limit, and goes back to the password when the challenge is gone', async () => {
    const failures = [
      new ApiError(401, 'invalid_code', 'Incorrect code'),
      new ApiError(429, 'rate_limited', 'Too many attempts. Please wait a moment and try again.'),
      new ApiError(
        400,
        'challenge_expired',
        'This sign-in has expired. Please enter your e-mail and password again.',
      ),
    ];
    const { actor } = start(
      async () => challenge,
      async () => {
        throw failures.shift();
      },
    );
    actor.send({ type: 'login.submit', email: 'ada@example.com', password: 'secret1' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('code')).toBe(true));
    actor.send({ type: 'code.submit', code: '000000' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.errors.code).toBe('Incorrect code'));
    expect(actor.getSnapshot().value).toEqual({ code: 'idle' });
    actor.send({ type: 'code.submit', code: '000001' });
    await vi.waitFor(() =>
      expect(actor.getSnapshot().context.errors.code).toBe(
        'Too many attempts. Please wait a moment and try again.',
      ),
    );
    actor.send({ type: 'code.submit', code: '000002' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('failure'));
    expect(actor.getSnapshot().context).toMatchObject({
      challenge: null,
      errorCode: 'challenge_expired',
      errors: { form: 'This sign-in has expired. Please enter your e-mail and password again.' },
    });
  });

  it('goes back to the password step on cancel, forgetting the challenge', async () => {
    const { actor } = start(async () => challenge);
    actor.send({ type: 'login.submit', email: 'ada@example.com', password: 'secret1' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('code')).toBe(true));
    actor.send({ type: 'code.cancel' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.challenge).toBeNull();
  });
});
