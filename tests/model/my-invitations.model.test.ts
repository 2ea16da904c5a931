import { describe, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { ApiError } from '../../src/api/client.ts';
import {
  type MyInvitationsContext,
  myInvitationsMachine,
} from '../../src/machines/teams/my-invitations.machine.ts';
import { actorDone, actorError, createMachineModel } from './machine-model.ts';

const invitations = [
  {
    id: 4,
    teamId: 3,
    teamName: 'Fleet',
    role: 20,
    invitedBy: 'Ada Lovelace',
    expiresAt: '2026-12-01T10:00:00.000Z',
  },
];

const events = [
  { type: 'invitations.retry' },
  { type: 'invitations.accept', id: 4 },
  { type: 'invitations.decline', id: 4 },
  actorDone('list', invitations),
  actorError('list'),
  actorDone('accept', { teamId: 3 }),
  actorError('accept', new ApiError(410, 'invitation_gone', 'gone')),
  actorDone('decline', { ok: true }),
  actorError('decline'),
];

function serializeState(snapshot: AnyMachineSnapshot): string {
  const context = snapshot.context as MyInvitationsContext;
  return JSON.stringify({
    value: snapshot.value,
    count: context.invitations.length,
    error: context.error?.code ?? null,
  });
}

describe('myInvitationsMachine (model)', () => {
  const model = createMachineModel(myInvitationsMachine, { events, serializeState });
  for (const path of model.paths) it(path.description, () => model.run(path));
  it('reaches every state and transition', () => model.expectFullCoverage());
});
