import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PrecheckStatus } from '../../../contracts/account-deletion.ts';
import {
  precheckDeletion,
  type TeamMembershipSummary,
} from '../../../server/accounts/account-deletion.precheck.ts';

const ADMIN = 10;
const VIEWER = 20;

function team(role: number, countAdmin: number, countUser: number, id = 1): TeamMembershipSummary {
  return { id, name: `Team ${id}`, role, countAdmin, countUser };
}

describe('the deletion pre-check of spec 4, row by row', () => {
  it.each<[string, TeamMembershipSummary[], PrecheckStatus, 200 | 400, string]>([
    ['no team', [], 200, 200, 'You are not a member of any team. Your account can be deleted.'],
    [
      'the only member of one team',
      [team(ADMIN, 1, 1)],
      201,
      200,
      'You are the only member of your team. Deleting your account also closes the team.',
    ],
    [
      'one of two Admins of a team',
      [team(ADMIN, 2, 2)],
      202,
      200,
      'Your team has other Admins. Your account can be deleted and the team stays with them.',
    ],
    [
      'a Viewer beside one Admin',
      [team(VIEWER, 1, 2)],
      203,
      200,
      'None of your teams depends on you as its only Admin. Your account can be deleted.',
    ],
    [
      'the only Admin of a team with a Viewer',
      [team(ADMIN, 1, 2)],
      402,
      400,
      'You are the only Admin of a team that has other users. Pass the Admin role or delete the team first.',
    ],
    [
      'the only Admin of two teams with other users',
      [team(ADMIN, 1, 3, 1), team(ADMIN, 1, 2, 2)],
      401,
      400,
      'You are the only Admin of several teams that have other users. Pass the Admin role or delete those teams first.',
    ],
    [
      'a member of two teams, none blocked',
      [team(ADMIN, 1, 1, 1), team(ADMIN, 2, 5, 2)],
      203,
      200,
      'None of your teams depends on you as its only Admin. Your account can be deleted.',
    ],
  ])('%s: %d', (_, memberships, status, httpStatus, message) => {
    const precheck = precheckDeletion(memberships);
    expect(precheck).toMatchObject({ status, httpStatus, statusMessage: message });
  });

  it('marks each team blocked (20) only where the user is its sole Admin beside other users', () => {
    const { teams } = precheckDeletion([team(ADMIN, 1, 2, 1), team(ADMIN, 1, 1, 2), team(VIEWER, 1, 2, 3)]);
    expect(teams.map((t) => [t.id, t.permissionToDelete])).toEqual([
      [1, 20],
      [2, 10],
      [3, 10],
    ]);
    expect(teams[0]).toMatchObject({ name: 'Team 1', role: ADMIN, countAdmin: 1, countUser: 2 });
  });
});

/**
 * A reference model written from the spec's table, independent of the implementation: a team blocks the deletion
 * when the user is Admin there, the only Admin, and not alone; one blocking team is 402, more are 401.
 */
function referenceStatus(memberships: TeamMembershipSummary[]): PrecheckStatus {
  const blocking = memberships.filter((t) => t.role === ADMIN && t.countAdmin === 1 && t.countUser > 1);
  if (memberships.length === 0) return 200;
  if (blocking.length > 1) return 401;
  if (blocking.length === 1) return 402;
  if (memberships.length > 1) return 203;
  const [only] = memberships as [TeamMembershipSummary];
  if (only.role === ADMIN && only.countUser === 1) return 201;
  if (only.countAdmin > 1) return 202;
  return 203;
}

/** A membership that can exist: the user counts among the users, and among the Admins when an Admin. */
const membership = fc
  .record({ admin: fc.boolean(), otherAdmins: fc.nat({ max: 3 }), otherViewers: fc.nat({ max: 3 }) })
  .chain(({ admin, otherAdmins, otherViewers }) => {
    const countAdmin = otherAdmins + (admin ? 1 : 0);
    // A team always has an Admin: a Viewer's team has at least one other Admin.
    if (countAdmin === 0) return fc.constant(team(VIEWER, 1, 2 + otherViewers));
    return fc.constant(team(admin ? ADMIN : VIEWER, countAdmin, countAdmin + otherViewers + (admin ? 0 : 1)));
  });

describe('the pre-check against a reference model', () => {
  it('answers the same status, and 400 exactly for the blocked rows, for any set of memberships', () => {
    fc.assert(
      fc.property(fc.array(membership, { maxLength: 4 }), (memberships) => {
        const withIds = memberships.map((t, index) => ({ ...t, id: index + 1 }));
        const precheck = precheckDeletion(withIds);
        expect(precheck.status).toBe(referenceStatus(withIds));
        expect(precheck.httpStatus).toBe(precheck.status >= 400 ? 400 : 200);
        expect(precheck.teams.map((t) => t.id)).toEqual(withIds.map((t) => t.id));
      }),
      { numRuns: 300 },
    );
  });
});
