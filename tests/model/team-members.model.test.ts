import { describe, expect, it } from 'vitest';
import { type AnyMachineSnapshot, createActor, fromPromise } from 'xstate';
import { TEAM_ERRORS } from '../../contracts/team-body.ts';
import { ApiError } from '../../src/api/client.ts';
import {
  type TeamMembersContext,
  teamMembersMachine,
} from '../../src/machines/teams/team-members.machine.ts';
import { actorDone, actorError, createMachineModel } from './machine-model.ts';

const member = (userId: number, role: number) => ({
  userId,
  name: `Member ${userId}`,
  surname: '',
  email: `m${userId}@example.com`,
  role,
  joinedAt: '2026-01-02T10:00:00.000Z',
});
const invitation = {
  id: 5,
  email: 'new@example.com',
  role: 20,
  createdAt: '2026-01-03T10:00:00.000Z',
  expiresAt: '2026-01-10T10:00:00.000Z',
  sentAt: '2026-01-03T10:00:00.000Z',
};
const team = { id: 3, name: 'Fleet', members: [member(1, 10), member(2, 20)], invitations: [invitation] };
const lastAdmin = new ApiError(409, TEAM_ERRORS.lastAdmin.error, TEAM_ERRORS.lastAdmin.message);

const events = [
  { type: 'team.retry' },
  { type: 'team.invite', email: 'new@example.com', role: 20 },
  { type: 'team.invite', email: 'not an address', role: 20 },
  { type: 'team.resend', id: 5 },
  { type: 'team.revoke', id: 5 },
  { type: 'team.changeRole', userId: 2, role: 10 },
  { type: 'team.ask', confirm: { kind: 'remove', userId: 2 } },
  { type: 'team.ask', confirm: { kind: 'leave' } },
  { type: 'team.confirm' },
  { type: 'team.dismiss' },
  { type: 'team.rename', name: ' Fleet B ' },
  actorDone('loadTeam', team),
  actorError('loadTeam'),
  actorDone('invite', { ...invitation, id: 6 }),
  actorError('invite', new ApiError(409, 'invitation_exists', 'exists')),
  actorDone('resend', invitation),
  actorError('resend', new ApiError(429, 'resend_too_soon', 'soon')),
  actorDone('revoke', { ok: true }),
  actorError('revoke'),
  actorDone('changeRole', member(2, 10)),
  actorError('changeRole', lastAdmin),
  actorDone('remove', { ok: true }),
  actorError('remove'),
  actorDone('leave', { ok: true }),
  actorError('leave', lastAdmin),
  actorDone('rename', { id: 3, name: 'Fleet B' }),
  actorError('rename'),
];

/** The state, whether the team is loaded, which confirmation is open and which messages show. */
function serializeState(snapshot: AnyMachineSnapshot): string {
  const context = snapshot.context as TeamMembersContext;
  return JSON.stringify({
    value: snapshot.value,
    loaded: context.team !== null,
    confirm: context.confirm?.kind ?? null,
    error: context.error?.code ?? null,
    emailError: context.emailError !== null,
  });
}

describe('teamMembersMachine (model)', () => {
  const model = createMachineModel(teamMembersMachine, {
    events,
    input: { teamId: 3, selfId: 1 },
    serializeState,
  });
  for (const path of model.paths) it(path.description, () => model.run(path));
  it('reaches every state and transition', () => model.expectFullCoverage());
});

/** Runs the machine with every call answering `answers[id]` (a value, or an Error to reject with). */
function started(answers: Record<string, unknown>) {
  const calls: { src: string; input: unknown }[] = [];
  const answer = (src: string) =>
    fromPromise(async ({ input }: { input: unknown }) => {
      calls.push({ src, input });
      const value = answers[src];
      if (value instanceof Error) throw value;
      return value;
    });
  const srcs = ['loadTeam', 'invite', 'resend', 'revoke', 'changeRole', 'remove', 'rename'];
  const machine = teamMembersMachine.provide({
    actors: Object.fromEntries(srcs.map((src) => [src, answer(src)])) as never,
  });
  const actor = createActor(machine, { input: { teamId: 3, selfId: 1 } }).start();
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { actor, calls, settle };
}

describe('teamMembersMachine (what each answer does to the list)', () => {
  it('adds a sent invitation, trims the address and counts it, so the form empties', async () => {
    const { actor, calls, settle } = started({ loadTeam: team, invite: { ...invitation, id: 6 } });
    await settle();
    actor.send({ type: 'team.invite', email: '  new@example.com ', role: 20 });
    await settle();
    expect(calls.at(-1)).toEqual({ src: 'invite', input: { teamId: 3, email: 'new@example.com', role: 20 } });
    expect(actor.getSnapshot().context.team?.invitations.map((one) => one.id)).toEqual([5, 6]);
    expect(actor.getSnapshot().context.invited).toBe(1);
  });

  it('sends nothing for an address that is no address, and says so under the field', async () => {
    const { actor, calls, settle } = started({ loadTeam: team });
    await settle();
    actor.send({ type: 'team.invite', email: 'nope', role: 20 });
    expect(actor.getSnapshot().context.emailError).toBe('invalid email');
    expect(calls.map((call) => call.src)).toEqual(['loadTeam']);
  });

  it('keeps the list and the contract message when the last admin tries to step down', async () => {
    const { actor, settle } = started({ loadTeam: team, changeRole: lastAdmin });
    await settle();
    actor.send({ type: 'team.changeRole', userId: 1, role: 20 });
    await settle();
    const { context } = actor.getSnapshot();
    expect(context.error).toEqual({ code: 'last_admin', message: TEAM_ERRORS.lastAdmin.message });
    expect(context.team?.members).toEqual(team.members);
    expect(actor.getSnapshot().matches('ready')).toBe(true);
  });

  it('removes only the confirmed member, and leaving removes the caller itself', async () => {
    const { actor, calls, settle } = started({ loadTeam: team, remove: { ok: true } });
    await settle();
    actor.send({ type: 'team.ask', confirm: { kind: 'remove', userId: 2 } });
    actor.send({ type: 'team.confirm' });
    await settle();
    expect(calls.at(-1)).toEqual({ src: 'remove', input: { teamId: 3, userId: 2 } });
    expect(actor.getSnapshot().context.team?.members.map((one) => one.userId)).toEqual([1]);
    actor.send({ type: 'team.ask', confirm: { kind: 'leave' } });
    actor.send({ type: 'team.confirm' });
    await settle();
    expect(calls.at(-1)).toEqual({ src: 'remove', input: { teamId: 3, userId: 1 } });
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('replaces a changed role and a resent invitation, drops a revoked one, keeps a new name', async () => {
    const resent = { ...invitation, sentAt: '2026-01-04T10:00:00.000Z' };
    const { actor, settle } = started({
      loadTeam: team,
      changeRole: member(2, 10),
      resend: resent,
      revoke: { ok: true },
      rename: { id: 3, name: 'Fleet B' },
    });
    await settle();
    actor.send({ type: 'team.changeRole', userId: 2, role: 10 });
    await settle();
    expect(actor.getSnapshot().context.team?.members[1]?.role).toBe(10);
    actor.send({ type: 'team.resend', id: 5 });
    await settle();
    expect(actor.getSnapshot().context.team?.invitations[0]?.sentAt).toBe(resent.sentAt);
    actor.send({ type: 'team.revoke', id: 5 });
    await settle();
    expect(actor.getSnapshot().context.team?.invitations).toEqual([]);
    actor.send({ type: 'team.rename', name: ' Fleet B ' });
    await settle();
    expect(actor.getSnapshot().context.team?.name).toBe('Fleet B');
  });
});
