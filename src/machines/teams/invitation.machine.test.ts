import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { InvitationLinkBody } from '../../../contracts/team-body.schema.ts';
import { my, seen } from '../../../tests/fixtures/team-fixtures.ts';
import { ApiError } from '../../api/client.ts';
import { invitationMachine } from './invitation.machine.ts';

/** The link page against a server that records each call's input; inspect answers as the test says. */
function start(inspect: () => Promise<InvitationLinkBody>) {
  const calls: Array<[string, unknown]> = [];
  const record = <T, I>(name: string, answer: () => Promise<T>) =>
    fromPromise<T, I>(async ({ input }) => {
      calls.push([name, input]);
      return answer();
    });
  const machine = invitationMachine.provide({
    actors: {
      inspect: record('inspect', inspect),
      whoIsSignedIn: record('whoIsSignedIn', async () => my),
      accept: record('accept', async () => ({ teamId: 3 })),
      decline: record('decline', async (): Promise<unknown> => ({ ok: true })),
    },
  });
  const actor = createActor(machine, { input: { hash: 'h4sh', hasToken: true } }).start();
  return { actor, calls };
}

describe('invitation machine, the link it sends', () => {
  it('reads, accepts and declines the invitation of its own link', async () => {
    const accepting = start(async () => seen);
    await waitFor(accepting.actor, (snapshot) => snapshot.matches('forYou'));
    accepting.actor.send({ type: 'invitation.accept' });
    await waitFor(accepting.actor, (snapshot) => snapshot.status === 'done');
    expect(accepting.calls).toEqual([
      ['inspect', { hash: 'h4sh' }],
      ['whoIsSignedIn', undefined],
      ['accept', { hash: 'h4sh' }],
    ]);

    const declining = start(async () => seen);
    await waitFor(declining.actor, (snapshot) => snapshot.matches('forYou'));
    declining.actor.send({ type: 'invitation.decline' });
    await waitFor(declining.actor, (snapshot) => snapshot.status === 'done');
    expect(declining.calls.at(-1)).toEqual(['decline', { hash: 'h4sh' }]);
  });

  it('takes a link the server does not know (404) for a gone invitation', async () => {
    const { actor } = start(async () => {
      throw new ApiError(404, 'not_found', 'Not found.');
    });
    const snapshot = await waitFor(actor, (state) => state.status === 'done');
    expect(snapshot.value).toBe('gone');
  });
});
