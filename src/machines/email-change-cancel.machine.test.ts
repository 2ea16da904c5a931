import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../api/client.ts';
import { emailChangeCancelMachine } from './email-change-cancel.machine.ts';

function run(cancel: (hash: string) => Promise<unknown>) {
  const hashes: string[] = [];
  const machine = emailChangeCancelMachine.provide({
    actors: {
      cancelChange: fromPromise<unknown, { hash: string }>(({ input }) => {
        hashes.push(input.hash);
        return cancel(input.hash);
      }),
    },
  });
  const actor = createActor(machine, { input: { hash: 'h4sh' } }).start();
  return { actor, hashes };
}

describe('emailChangeCancelMachine', () => {
  it('uses the hash once and ends in success', async () => {
    const { actor, hashes } = run(async () => ({ ok: true }));
    expect(actor.getSnapshot().value).toBe('cancelling');
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(actor.getSnapshot().value).toBe('success');
    expect(hashes).toEqual(['h4sh']);
  });

  it('ends in error when the link is refused', async () => {
    const { actor } = run(async () => {
      throw new ApiError(400, 'invalid_link', 'This link is expired or has already been used.');
    });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(actor.getSnapshot().value).toBe('error');
  });
});
