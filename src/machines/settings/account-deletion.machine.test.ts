import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { pendingDeletionUser, precheckOf, settingsUser } from '../../../tests/fixtures/settings-fixtures.ts';
import {
  actorDone,
  actorError,
  createMachineModel,
  expectCombinedCoverage,
} from '../../../tests/model/machine-model.ts';
import { ApiError } from '../../api/client.ts';
import type { PrecheckStatus } from '../../api/settings.ts';
import { type AccountDeletionInput, accountDeletionMachine } from './account-deletion.machine.ts';
import { pendingRequestMachine } from './pending-request.machine.ts';

const inputs: Record<string, AccountDeletionInput> = {
  'no deletion pending': { userId: 7, deleteProgress: false },
  'deletion pending': { userId: 7, deleteProgress: true },
};
const codes: PrecheckStatus[] = [200, 201, 202, 203, 401, 402];

const events = [
  { type: 'deletion.start' },
  { type: 'deletion.dismiss' },
  { type: 'deletion.cancel' },
  { type: 'deletion.edit' },
  { type: 'deletion.submit', password: ' secret1 ' },
  { type: 'deletion.submit', password: '  ' },
  { type: 'request.resent' },
  // spec 4: every pre-check code is an outcome of its own.
  ...codes.map((code) => actorDone('precheck', precheckOf(code))),
  actorError('precheck'),
  actorDone('requestDeletion', pendingDeletionUser),
  actorError('requestDeletion', new ApiError(400, 'incorrect_password', 'Incorrect password')),
  // The pending-request child ends when the deletion is revoked; its resends and failures are its own test's.
  actorDone('pendingRequest'),
];

// The pre-check answers make many contexts; the graph is kept to states that differ in what the screen shows.
const serializeState = (snapshot: { value: unknown; context: Record<string, unknown> }) =>
  JSON.stringify({
    value: snapshot.value,
    code: (snapshot.context.precheck as { status?: number } | null)?.status ?? null,
    errors: snapshot.context.errors,
  });

describe.each(Object.entries(inputs))('account deletion machine, model, with %s', (_, input) => {
  const model = createMachineModel(accountDeletionMachine, {
    input,
    events,
    serializeState: serializeState as never,
  });
  it.each(model.paths)('$description', (path) => model.run(path));
});

it('account deletion machine: both starts together reach every state and transition, each pre-check code', () =>
  expectCombinedCoverage(
    Object.values(inputs).map((input) =>
      createMachineModel(accountDeletionMachine, { input, events, serializeState: serializeState as never }),
    ),
  ));

describe('account deletion machine, behaviour', () => {
  function start(
    input: AccountDeletionInput,
    api: Partial<Record<string, (input: unknown) => Promise<unknown>>>,
  ) {
    const recheck = vi.fn();
    // Typed loosely on purpose: each test answers with the shape its step needs.
    const stub = (name: string) =>
      fromPromise(({ input }) => (api[name] ?? (async () => settingsUser))(input)) as never;
    const machine = accountDeletionMachine.provide({
      actors: {
        precheck: stub('precheck'),
        requestDeletion: stub('request'),
        pendingRequest: pendingRequestMachine.provide({
          actors: { resend: stub('resend'), revoke: stub('revoke') },
        }),
      },
      actions: { recheckSession: recheck },
    });
    return { actor: createActor(machine, { input }).start(), recheck };
  }

  it.each([
    [401, 'blocked'],
    [402, 'blocked'],
    [200, 'confirming'],
    [201, 'confirming'],
    [202, 'confirming'],
    [203, 'confirming'],
  ] as const)('pre-check code %i opens %s', async (code, target) => {
    const { actor } = start(inputs['no deletion pending']!, { precheck: async () => precheckOf(code) });
    actor.send({ type: 'deletion.start' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe(target));
    expect(actor.getSnapshot().context.precheck?.status).toBe(code);
  });

  it("asks for the password ('Required field'), sends it trimmed, closes the modal and rechecks the session", async () => {
    const request = vi.fn(async () => pendingDeletionUser);
    const { actor, recheck } = start(inputs['no deletion pending']!, {
      precheck: async () => precheckOf(201),
      request,
    });
    actor.send({ type: 'deletion.start' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('confirming'));
    actor.send({ type: 'deletion.submit', password: ' ' });
    expect(actor.getSnapshot().context.errors).toEqual({ password: 'Required field' });
    actor.send({ type: 'deletion.submit', password: ' secret1 ' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('pending'));
    expect(request).toHaveBeenCalledWith({ userId: 7, password: 'secret1' });
    expect(recheck).toHaveBeenCalledOnce();
  });

  it('shows the server message when the password is rejected', async () => {
    const { actor } = start(inputs['no deletion pending']!, {
      precheck: async () => precheckOf(202),
      request: async () => {
        throw new ApiError(400, 'incorrect_password', 'Incorrect password');
      },
    });
    actor.send({ type: 'deletion.start' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('confirming'));
    actor.send({ type: 'deletion.submit', password: 'wrong' });
    await vi.waitFor(() =>
      expect(actor.getSnapshot().context.errors).toEqual({ password: 'Incorrect password' }),
    );
    // A refused password is not kept.
    expect(actor.getSnapshot().context.password).toBe('');
  });

  it('rechecks the session after resend and revoke, which its pending request sends for the user', async () => {
    const resend = vi.fn(async () => pendingDeletionUser);
    const revoke = vi.fn(async () => settingsUser);
    const { actor, recheck } = start(inputs['deletion pending']!, { resend, revoke });
    expect(actor.getSnapshot().value).toBe('pending');
    const request = actor.getSnapshot().children.pendingRequest!;
    request.send({ type: 'request.resend' });
    await vi.waitFor(() =>
      expect(request.getSnapshot().context.notice).toBe(
        'A new confirmation link has been sent to your e-mail.',
      ),
    );
    expect(recheck).toHaveBeenCalledOnce();
    request.send({ type: 'request.revoke' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('idle'));
    expect(actor.getSnapshot().children.pendingRequest).toBeUndefined();
    expect(resend).toHaveBeenCalledWith({ id: 7 });
    expect(revoke).toHaveBeenCalledWith({ id: 7 });
    expect(recheck).toHaveBeenCalledTimes(2);
  });

  it.each([401, 402] as const)(
    'closes the pre-check %i modal on Ok, back to the delete action, and checks again on the next try',
    async (code) => {
      const precheck = vi.fn(async () => precheckOf(code));
      const { actor } = start(inputs['no deletion pending']!, { precheck });
      actor.send({ type: 'deletion.start' });
      await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('blocked'));
      actor.send({ type: 'deletion.dismiss' });
      expect(actor.getSnapshot().value).toBe('idle');
      expect(actor.getSnapshot().context.precheck).toBeNull();
      actor.send({ type: 'deletion.start' });
      await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('blocked'));
      expect(precheck).toHaveBeenCalledTimes(2);
    },
  );

  it('closes the confirm modal on Cancel and forgets the refused password and its message', async () => {
    const request = vi.fn(async () => {
      throw new ApiError(400, 'incorrect_password', 'Incorrect password');
    });
    const { actor } = start(inputs['no deletion pending']!, {
      precheck: async () => precheckOf(200),
      request,
    });
    actor.send({ type: 'deletion.start' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('confirming'));
    actor.send({ type: 'deletion.submit', password: 'wrong' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.errorCode).toBe('incorrect_password'));
    actor.send({ type: 'deletion.cancel' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toMatchObject({
      precheck: null,
      password: '',
      errors: {},
      errorCode: null,
    });
  });
});
