import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { actorDone, actorError, createMachineModel } from '../../../tests/model/machine-model.ts';
import { ApiError, NetworkError } from '../../api/client.ts';
import { UNREACHABLE } from '../../lib/connection-messages.ts';
import { pendingRequestMachine } from './pending-request.machine.ts';

const input = { id: 7, resentNotice: 'A new confirmation link has been sent.' };
const tooSoon = new ApiError(429, 'rate_limited', 'Please wait a minute.');

// Alone, the machine has no parent to tell of a resend: the model gives that action as a no-op.
const alone = pendingRequestMachine.provide({ actions: { tellParentResent: () => {} } });

const events = [
  { type: 'request.resend' },
  { type: 'request.revoke' },
  actorDone('resend', { ok: true }),
  actorError('resend', tooSoon),
  actorDone('revoke', { ok: true }),
  actorError('revoke'),
];

describe('pending request machine, model', () => {
  const model = createMachineModel(alone, { input, events });
  it.each(model.paths)('$description', (path) => model.run(path));
  it('reaches every state and transition', () => model.expectFullCoverage());
});

describe('pending request machine, behaviour', () => {
  function start(api: { resend?: () => Promise<unknown>; revoke?: () => Promise<unknown> }) {
    const told = vi.fn();
    const calls: string[] = [];
    const call = (name: 'resend' | 'revoke') =>
      fromPromise<unknown, { id: number }>(({ input }) => {
        calls.push(`${name} ${input.id}`);
        return (api[name] ?? (async () => ({ ok: true })))();
      });
    const machine = pendingRequestMachine.provide({
      actors: { resend: call('resend'), revoke: call('revoke') },
      actions: { tellParentResent: told },
    });
    return { actor: createActor(machine, { input }).start(), told, calls };
  }

  it('resends for its id, says so and tells its parent', async () => {
    const { actor, told, calls } = start({});
    actor.send({ type: 'request.resend' });
    expect(actor.getSnapshot().value).toBe('resending');
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('pending'));
    expect(actor.getSnapshot().context.notice).toBe(input.resentNotice);
    expect(calls).toEqual(['resend 7']);
    expect(told).toHaveBeenCalledOnce();
  });

  it("keeps the server's message and code of a refused resend, and drops the last notice", async () => {
    let answer: () => Promise<unknown> = async () => ({ ok: true });
    const { actor, told } = start({ resend: () => answer() });
    actor.send({ type: 'request.resend' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.notice).not.toBeNull());
    answer = async () => {
      throw tooSoon;
    };
    actor.send({ type: 'request.resend' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.error).toBe('Please wait a minute.'));
    expect(actor.getSnapshot().context).toMatchObject({ errorCode: 'rate_limited', notice: null });
    expect(actor.getSnapshot().value).toBe('pending');
    expect(told).toHaveBeenCalledOnce();
  });

  it('says so when the server cannot be reached, and clears the error on the next try', async () => {
    let answer: () => Promise<unknown> = async () => {
      throw new NetworkError(new TypeError('Failed to fetch'));
    };
    const { actor } = start({ revoke: () => answer() });
    actor.send({ type: 'request.revoke' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.error).toBe(UNREACHABLE));
    answer = () => new Promise(() => {});
    actor.send({ type: 'request.revoke' });
    expect(actor.getSnapshot().context).toMatchObject({ error: null, errorCode: null });
  });

  it('takes one call at a time: a revoke while resending is not sent', async () => {
    let release: () => void = () => {};
    const { actor, calls } = start({ resend: () => new Promise((resolve) => (release = () => resolve({}))) });
    actor.send({ type: 'request.resend' });
    actor.send({ type: 'request.revoke' });
    actor.send({ type: 'request.resend' });
    release();
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('pending'));
    expect(calls).toEqual(['resend 7']);
  });

  it('ends once revoked', async () => {
    const { actor, calls } = start({});
    actor.send({ type: 'request.revoke' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(actor.getSnapshot().value).toBe('revoked');
    expect(calls).toEqual(['revoke 7']);
  });
});

describe('pending request machine, calls nobody provided', () => {
  it.each(['resend', 'revoke'] as const)('a %s fails instead of pretending to succeed', async (call) => {
    const actor = createActor(alone, { input }).start();
    actor.send({ type: `request.${call}` });
    const snapshot = await waitFor(
      actor,
      (state) => !state.matches(call === 'resend' ? 'resending' : 'revoking'),
    );
    expect(snapshot.value).toBe('pending');
    expect(snapshot.context.notice).toBeNull();
    expect(snapshot.context.errorCode).toBe('unexpected_answer');
  });
});
