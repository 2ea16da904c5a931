import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { pendingDeletionUser, precheckOf, settingsUser } from '../../tests/fixtures/settings-fixtures.ts';
import {
  actorDone,
  actorError,
  createMachineModel,
  expectCombinedCoverage,
} from '../../tests/model/machine-model.ts';
import { ApiError } from '../api/client.ts';
import type { PrecheckStatus } from '../api/settings.ts';
import { type AccountDeletionInput, accountDeletionMachine } from './account-deletion.machine.ts';

const inputs: Record<string, AccountDeletionInput> = {
  'no deletion pending': { userId: 7, deleteProgress: false },
  'deletion pending': { userId: 7, deleteProgress: true },
  'a link': { userId: 0, deleteProgress: false, hash: 'h4sh' },
};
const codes: PrecheckStatus[] = [200, 201, 202, 203, 401, 402];

const events = [
  { type: 'deletion.start' },
  { type: 'deletion.dismiss' },
  { type: 'deletion.cancel' },
  { type: 'deletion.edit' },
  { type: 'deletion.submit', password: ' secret1 ' },
  { type: 'deletion.submit', password: '  ' },
  { type: 'deletion.resend' },
  { type: 'deletion.revoke' },
  // spec 4: every pre-check code is an outcome of its own.
  ...codes.map((code) => actorDone('precheck', precheckOf(code))),
  actorError('precheck'),
  actorDone('requestDeletion', pendingDeletionUser),
  actorError('requestDeletion', new ApiError(400, 'incorrect_password', 'Incorrect password')),
  actorDone('resendDeletion', pendingDeletionUser),
  actorError('resendDeletion', new ApiError(429, 'rate_limited', 'Please wait a minute.')),
  actorDone('revokeDeletion', settingsUser),
  actorError('revokeDeletion'),
  actorDone('acceptDeletion', { ok: true }),
  actorError('acceptDeletion', new ApiError(400, 'invalid_link', 'expired')),
];

// The pre-check answers make many contexts; the graph is kept to states that differ in what the screen shows.
const serializeState = (snapshot: { value: unknown; context: Record<string, unknown> }) =>
  JSON.stringify({
    value: snapshot.value,
    code: (snapshot.context.precheck as { status?: number } | null)?.status ?? null,
    errors: snapshot.context.errors,
    notice: snapshot.context.notice !== null,
  });

describe.each(Object.entries(inputs))('account deletion machine, model, with %s', (_, input) => {
  const model = createMachineModel(accountDeletionMachine, {
    input,
    events,
    serializeState: serializeState as never,
  });
  it.each(model.paths)('$description', (path) => model.run(path));
});

it('account deletion machine: the three starts together reach every state and transition, each pre-check code', () =>
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
        resendDeletion: stub('resend'),
        revokeDeletion: stub('revoke'),
        acceptDeletion: stub('accept'),
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
  });

  it('rechecks the session after resend and revoke', async () => {
    const { actor, recheck } = start(inputs['deletion pending']!, {});
    expect(actor.getSnapshot().value).toBe('pending');
    actor.send({ type: 'deletion.resend' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.notice).not.toBeNull());
    actor.send({ type: 'deletion.revoke' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('idle'));
    expect(recheck).toHaveBeenCalledTimes(2);
  });
});
