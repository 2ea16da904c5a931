import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../api/client.ts';
import { linkConfirmationMachine } from './link-confirmation.machine.ts';

function run(redeem: (hash: string) => Promise<unknown>) {
  const hashes: string[] = [];
  const machine = linkConfirmationMachine.provide({
    actors: {
      redeem: fromPromise<unknown, { hash: string }>(({ input }) => {
        hashes.push(input.hash);
        return redeem(input.hash);
      }),
    },
  });
  const actor = createActor(machine, { input: { hash: 'h4sh' } }).start();
  return { actor, hashes };
}

describe('linkConfirmationMachine', () => {
  it('uses the hash once and ends in success', async () => {
    const { actor, hashes } = run(async () => ({ ok: true }));
    expect(actor.getSnapshot().value).toBe('redeeming');
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(actor.getSnapshot().value).toBe('success');
    expect(actor.getSnapshot().output).toBe('success');
    expect(hashes).toEqual(['h4sh']);
  });

  it('ends in error when the link is refused', async () => {
    const { actor } = run(async () => {
      throw new ApiError(400, 'invalid_link', 'This link is expired or has already been used.');
    });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(actor.getSnapshot().value).toBe('error');
    expect(actor.getSnapshot().output).toBe('error');
  });

  it('refuses to run without the call of a kind of link', async () => {
    const actor = createActor(linkConfirmationMachine, { input: { hash: 'h4sh' } }).start();
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(actor.getSnapshot().value).toBe('error');
  });
});
