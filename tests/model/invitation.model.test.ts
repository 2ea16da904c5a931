import { describe, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { TEAM_ERRORS } from '../../contracts/team-body.ts';
import { ApiError, NetworkError } from '../../src/api/client.ts';
import { type InvitationContext, invitationMachine } from '../../src/machines/teams/invitation.machine.ts';
import { my, seen, someoneElse } from '../fixtures/team-fixtures.ts';
import { actorDone, actorError, createMachineModel, expectCombinedCoverage } from './machine-model.ts';

const gone = new ApiError(410, TEAM_ERRORS.invitationGone.error, TEAM_ERRORS.invitationGone.message);
const otherAddress = new ApiError(403, TEAM_ERRORS.otherAddress.error, TEAM_ERRORS.otherAddress.message);

const events = [
  { type: 'invitation.retry' },
  { type: 'invitation.accept' },
  { type: 'invitation.decline' },
  { type: 'invitation.signOut' },
  { type: 'invitation.continue' },
  actorDone('inspect', seen),
  actorError('inspect', gone),
  actorError('inspect', new NetworkError(new Error('offline'))),
  actorDone('whoIsSignedIn', my),
  actorDone('whoIsSignedIn', someoneElse),
  actorError('whoIsSignedIn', new ApiError(401, 'unauthorized', 'Signed out')),
  actorDone('accept', { teamId: 3 }),
  actorError('accept', gone),
  actorError('accept', otherAddress),
  actorError('accept', new NetworkError(new Error('offline'))),
  actorDone('decline', { ok: true }),
  actorError('decline', gone),
  actorError('decline', new NetworkError(new Error('offline'))),
  actorDone('signOut', { ok: true }),
  actorError('signOut'),
];

function serializeState(snapshot: AnyMachineSnapshot): string {
  const context = snapshot.context as InvitationContext;
  return JSON.stringify({
    value: snapshot.value,
    signedInAs: context.signedInAs,
    error: context.error?.code ?? null,
  });
}

// The start depends on whether this browser holds a token: one model for each, one coverage for both.
const withToken = createMachineModel(invitationMachine, {
  events,
  input: { hash: 'h', hasToken: true },
  serializeState,
});
const withoutToken = createMachineModel(invitationMachine, {
  events,
  input: { hash: 'h', hasToken: false },
  serializeState,
});

describe('invitationMachine (model)', () => {
  for (const path of withToken.paths) it(`signed in: ${path.description}`, () => withToken.run(path));
  for (const path of withoutToken.paths) it(`no token: ${path.description}`, () => withoutToken.run(path));
  it('reaches every state and transition', () => expectCombinedCoverage([withToken, withoutToken]));
});
