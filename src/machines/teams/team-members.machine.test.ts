import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { InvitationBody, TeamMemberBody, TeamMembersBody } from '../../../contracts/team-body.schema.ts';
import { teamMembersMachine } from './team-members.machine.ts';

const member = (userId: number, role = 20): TeamMemberBody => ({
  userId,
  name: `Name ${userId}`,
  surname: 'Surname',
  email: `user${userId}@example.com`,
  role,
  joinedAt: '2026-11-01T10:00:00.000Z',
});
const invitation = (id: number, sentAt = '2026-11-20T10:00:00.000Z'): InvitationBody => ({
  id,
  email: `guest${id}@example.com`,
  role: 20,
  createdAt: '2026-11-20T10:00:00.000Z',
  expiresAt: '2026-11-27T10:00:00.000Z',
  sentAt,
});
const team: TeamMembersBody = {
  id: 7,
  name: 'Ops',
  members: [member(1, 10), member(5), member(6)],
  invitations: [invitation(2), invitation(3)],
};

/** The machine against a server that records each call's input and answers as the test says. */
function start(answers: { resend?: InvitationBody; changeRole?: TeamMemberBody } = {}) {
  const calls: Array<[string, unknown]> = [];
  const answer = <T, I>(name: string, output: T) =>
    fromPromise<T, I>(async ({ input }) => {
      calls.push([name, input]);
      return output;
    });
  const machine = teamMembersMachine.provide({
    actors: {
      loadTeam: answer('loadTeam', team),
      invite: answer('invite', invitation(4)),
      resend: answer('resend', answers.resend ?? invitation(3)),
      revoke: answer<unknown, { teamId: number; id: number }>('revoke', { ok: true }),
      changeRole: answer('changeRole', answers.changeRole ?? member(5)),
      remove: answer<unknown, { teamId: number; userId: number }>('remove', { ok: true }),
      rename: answer('rename', { id: 7, name: 'Platform' }),
    },
  });
  const actor = createActor(machine, { input: { teamId: 7, selfId: 1 } }).start();
  const settled = () => waitFor(actor, (snapshot) => snapshot.matches('ready') || snapshot.status === 'done');
  return { actor, calls, settled };
}

describe('team members machine, the calls it makes and what it keeps', () => {
  it('loads the team it was started for', async () => {
    const { calls, settled } = await startReady();
    expect(calls).toEqual([['loadTeam', { teamId: 7 }]]);
    expect((await settled()).context.team).toEqual(team);
  });

  it('refuses an address of blanks as a required field, without a call', async () => {
    const { actor, calls } = await startReady();
    actor.send({ type: 'team.invite', email: '   ', role: 20 });
    expect(actor.getSnapshot().context.emailError).toBe('Required field');
    expect(calls).toHaveLength(1);
  });

  it('resends the chosen invitation and replaces only that row', async () => {
    const resent = invitation(3, '2026-11-22T10:00:00.000Z');
    const { actor, calls, settled } = await startReady({ resend: resent });
    actor.send({ type: 'team.resend', id: 3 });
    const { context } = await settled();
    expect(calls.at(-1)).toEqual(['resend', { teamId: 7, id: 3 }]);
    expect(context.team?.invitations).toEqual([invitation(2), resent]);
    expect(context.busyId).toBeNull();
  });

  it('revokes the chosen invitation and drops only that row', async () => {
    const { actor, calls, settled } = await startReady();
    actor.send({ type: 'team.revoke', id: 3 });
    const { context } = await settled();
    expect(calls.at(-1)).toEqual(['revoke', { teamId: 7, id: 3 }]);
    expect(context.team?.invitations).toEqual([invitation(2)]);
  });

  it("changes the chosen member's role and replaces only that member", async () => {
    const promoted = member(5, 10);
    const { actor, calls, settled } = await startReady({ changeRole: promoted });
    actor.send({ type: 'team.changeRole', userId: 5, role: 10 });
    const { context } = await settled();
    expect(calls.at(-1)).toEqual(['changeRole', { teamId: 7, userId: 5, role: 10 }]);
    expect(context.team?.members).toEqual([member(1, 10), promoted, member(6)]);
  });

  it('removes the confirmed member, not the one asked about before', async () => {
    const { actor, calls, settled } = await startReady();
    actor.send({ type: 'team.ask', confirm: { kind: 'leave' } });
    actor.send({ type: 'team.dismiss' });
    actor.send({ type: 'team.ask', confirm: { kind: 'remove', userId: 6 } });
    actor.send({ type: 'team.confirm' });
    const { context } = await settled();
    expect(calls.at(-1)).toEqual(['remove', { teamId: 7, userId: 6 }]);
    expect(context.team?.members).toEqual([member(1, 10), member(5)]);
    expect(context.confirm).toBeNull();
  });

  it('leaves as the signed-in user and ends', async () => {
    const { actor, calls, settled } = await startReady();
    actor.send({ type: 'team.ask', confirm: { kind: 'leave' } });
    actor.send({ type: 'team.confirm' });
    expect((await settled()).status).toBe('done');
    expect(calls.at(-1)).toEqual(['remove', { teamId: 7, userId: 1 }]);
  });

  it('renames the team with the name trimmed', async () => {
    const { actor, calls, settled } = await startReady();
    actor.send({ type: 'team.rename', name: '  Platform  ' });
    const { context } = await settled();
    expect(calls.at(-1)).toEqual(['rename', { teamId: 7, name: 'Platform' }]);
    expect(context.team?.name).toBe('Platform');
  });
});

async function startReady(answers?: Parameters<typeof start>[0]) {
  const started = start(answers);
  await started.settled();
  return started;
}
