import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { MyInvitationBody } from '../../../contracts/team-body.schema.ts';
import { myInvitationsMachine } from './my-invitations.machine.ts';

const invitation = (id: number): MyInvitationBody => ({
  id,
  teamId: 100 + id,
  teamName: `Team ${id}`,
  role: 20,
  invitedBy: 'Ada Lovelace',
  expiresAt: '2026-12-01T10:00:00.000Z',
});

/** Settings > Invitations against a server that records each call's input. */
async function startReady() {
  const calls: Array<[string, unknown]> = [];
  const record = <T, I>(name: string, output: T) =>
    fromPromise<T, I>(async ({ input }) => {
      calls.push([name, input]);
      return output;
    });
  const machine = myInvitationsMachine.provide({
    actors: {
      list: record('list', [invitation(1), invitation(2), invitation(3)]),
      accept: record('accept', { teamId: 102 }),
      decline: record<unknown, { id: number }>('decline', { ok: true }),
    },
  });
  const actor = createActor(machine).start();
  const ready = () => waitFor(actor, (snapshot) => snapshot.matches('ready'));
  await ready();
  return { actor, calls, ready };
}

describe('my invitations machine, the calls it makes and what it keeps', () => {
  it.each(['accept', 'decline'] as const)(
    '%ss the chosen invitation and drops only that row',
    async (answer) => {
      const { actor, calls, ready } = await startReady();
      actor.send({ type: `invitations.${answer}`, id: 2 });
      const { context } = await ready();
      expect(calls.at(-1)).toEqual([answer, { id: 2 }]);
      expect(context.invitations).toEqual([invitation(1), invitation(3)]);
      expect(context.busyId).toBeNull();
    },
  );
});
