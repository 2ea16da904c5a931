import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { pendingEmailUser, settingsUser } from '../../../tests/fixtures/settings-fixtures.ts';
import {
  actorDone,
  actorError,
  createMachineModel,
  expectCombinedCoverage,
} from '../../../tests/model/machine-model.ts';
import { ApiError } from '../../api/client.ts';
import { type EmailChangeInput, emailChangeMachine, validateEmailChange } from './email-change.machine.ts';
import { pendingRequestMachine } from './pending-request.machine.ts';

const base = { userId: 7, teamId: 11, statusChangeEmail: 0, newChangeEmail: null };
const inputs: Record<string, EmailChangeInput> = {
  'status 0': base,
  'status 10': { ...base, statusChangeEmail: 10, newChangeEmail: 'ada@new.example' },
};
const failure = new ApiError(409, 'email_taken', 'This e-mail is already used by another account.');

const events = [
  { type: 'email.submit', email: ' ada@new.example ', password: ' secret1 ' },
  { type: 'email.submit', email: '', password: '' },
  { type: 'email.submit', email: 'not-an-address', password: 'secret1' },
  { type: 'email.edit', field: 'password' },
  { type: 'request.resent' },
  actorDone('requestChange', pendingEmailUser),
  actorError('requestChange', failure),
  // The pending-request child ends when the change is revoked; its resends and failures are its own test's.
  actorDone('pendingRequest'),
];

describe.each(Object.entries(inputs))('e-mail change machine, model, starting with %s', (_, input) => {
  const model = createMachineModel(emailChangeMachine, { input, events });
  it.each(model.paths)('$description', (path) => model.run(path));
});

it('e-mail change machine: both starts together reach every state and transition', () =>
  expectCombinedCoverage(
    Object.values(inputs).map((input) => createMachineModel(emailChangeMachine, { input, events })),
  ));

describe('e-mail change machine, behaviour', () => {
  function start(
    input: EmailChangeInput,
    api: Partial<Record<string, (input: unknown) => Promise<unknown>>>,
  ) {
    const recheck = vi.fn();
    // Typed loosely on purpose: each test answers with the shape its step needs.
    const stub = (name: string) =>
      fromPromise(({ input }) => (api[name] ?? (async () => settingsUser))(input)) as never;
    const machine = emailChangeMachine.provide({
      actors: {
        requestChange: stub('request'),
        pendingRequest: pendingRequestMachine.provide({
          actors: { resend: stub('resend'), revoke: stub('revoke') },
        }),
      },
      actions: { recheckSession: recheck },
    });
    return { actor: createActor(machine, { input }).start(), recheck };
  }

  it('follows statusChangeEmail at start', () => {
    expect(start(inputs['status 0']!, {}).actor.getSnapshot().value).toBe('form');
    const pending = start(inputs['status 10']!, {}).actor.getSnapshot();
    expect(pending.value).toBe('pending');
    expect(pending.context.newEmail).toBe('ada@new.example');
  });

  it('opens on the form at status 0 even when the user still names an address (spec 2: the status decides)', () => {
    const stale = { ...inputs['status 0']!, newChangeEmail: 'old@new.example' };
    expect(start(stale, {}).actor.getSnapshot().value).toBe('form');
  });

  it('checks the fields trimmed: blanks are no value (spec 5)', () => {
    expect(validateEmailChange({ email: '  ', password: 'secret1' })).toEqual({
      form: 'All fields are required',
    });
    expect(validateEmailChange({ email: 'ada@new.example', password: ' \t' })).toEqual({
      form: 'All fields are required',
    });
    expect(validateEmailChange({ email: ' ada@new.example ', password: 'secret1' })).toEqual({});
  });

  it('words the spec 5 checks', () => {
    const { actor } = start(inputs['status 0']!, {});
    actor.send({ type: 'email.submit', email: '  ', password: 'x' });
    expect(actor.getSnapshot().context.errors).toEqual({ form: 'All fields are required' });
    actor.send({ type: 'email.submit', email: 'ada@', password: 'x' });
    expect(actor.getSnapshot().context.errors).toEqual({ email: 'Invalid e-mail' });
  });

  it('sends trimmed fields, goes pending with the new address and rechecks the session', async () => {
    const request = vi.fn(async () => pendingEmailUser);
    const { actor, recheck } = start(inputs['status 0']!, { request });
    actor.send({ type: 'email.submit', email: ' ada@new.example ', password: ' secret1 ' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('pending'));
    expect(request).toHaveBeenCalledWith({
      userId: 7,
      teamId: 11,
      email: 'ada@new.example',
      password: 'secret1',
    });
    expect(actor.getSnapshot().context.newEmail).toBe('ada@new.example');
    expect(recheck).toHaveBeenCalledOnce();
  });

  it('shows the server message under the password field', async () => {
    const { actor } = start(inputs['status 0']!, {
      request: async () => {
        throw failure;
      },
    });
    actor.send({ type: 'email.submit', email: 'ada@new.example', password: 'secret1' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.errorCode).toBe('email_taken'));
    expect(actor.getSnapshot().context.errors).toEqual({ password: failure.message });
  });

  it('rechecks the session after resend and revoke, which its pending request sends for the user', async () => {
    const resend = vi.fn(async () => pendingEmailUser);
    const revoke = vi.fn(async () => settingsUser);
    const { actor, recheck } = start(inputs['status 10']!, { resend, revoke });
    const request = actor.getSnapshot().children.pendingRequest!;
    request.send({ type: 'request.resend' });
    await vi.waitFor(() =>
      expect(request.getSnapshot().context.notice).toBe(
        'A new confirmation link has been sent to ada@new.example.',
      ),
    );
    expect(recheck).toHaveBeenCalledOnce();
    request.send({ type: 'request.revoke' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('form'));
    expect(actor.getSnapshot().context.newEmail).toBeNull();
    expect(resend).toHaveBeenCalledWith({ id: 7 });
    expect(revoke).toHaveBeenCalledWith({ id: 7 });
    expect(recheck).toHaveBeenCalledTimes(2);
  });

  it('asks for both fields when only the password is missing or blank, and sends nothing', () => {
    const request = vi.fn(async () => pendingEmailUser);
    const { actor } = start(inputs['status 0']!, { request });
    for (const password of ['', ' \t ']) {
      actor.send({ type: 'email.submit', email: 'ada@new.example', password });
      expect(actor.getSnapshot().value).toBe('form');
      expect(actor.getSnapshot().context.errors).toEqual({ form: 'All fields are required' });
    }
    expect(request).not.toHaveBeenCalled();
  });
});
