import { ADMIN_ROLE } from '../../contracts/account-codes.ts';
import { STREAM_EVENT } from '../../contracts/event-stream.ts';
import type { TeamMemberBody, TeamMembersBody } from '../../contracts/team-body.schema.ts';
import { isTeamRole } from '../../contracts/team-body.ts';
import type { UserBody } from '../../contracts/user-body.schema.ts';
import { findTeam, userView } from '../accounts/index.ts';
import type { Db } from '../db/database.ts';
import type { Deps } from '../deps.ts';
import { type Caller, requireMember, requireSelf } from '../lib/authenticate.ts';
import { badRequest, notFound } from '../lib/errors.ts';
import { pendingOfTeam } from './invitations.repository.ts';
import { invitationJson } from './invitations.service.ts';
import { teamError } from './team-errors.ts';
import { assertTeamWritable } from './team-guard.ts';
import {
  countAdmins,
  deleteMembership,
  listMembers,
  lockTeam,
  roleOf,
  setMemberRole,
  setWorkspace,
} from './teams.repository.ts';

const noSuchMember = () => notFound('No such member of this team.');

/**
 * Members and roles. Each change locks the team's row and reads the roles again under that lock,
 * so two admins demoting (or removing) each other at the same moment run one after the other: the second finds
 * itself a viewer (403 'read_only') and the team keeps one admin.
 */
export function createMembersService(deps: Deps) {
  const { db, hub } = deps;

  async function lockAsAdmin(tx: Db, teamId: number, userId: number): Promise<void> {
    await lockTeam(tx, teamId);
    if ((await roleOf(tx, teamId, userId)) !== ADMIN_ROLE) throw teamError('viewerReadOnly');
  }

  /** The last admin may not step down or leave while the team has an admin only in them (spec 6). */
  async function keepsAnAdmin(tx: Db, teamId: number, role: number | undefined): Promise<void> {
    if (role === ADMIN_ROLE && (await countAdmins(tx, teamId)) <= 1) throw teamError('lastAdmin');
  }

  async function memberJson(teamId: number, userId: number): Promise<TeamMemberBody> {
    const member = (await listMembers(db, teamId)).find((row) => row.userId === userId);
    if (!member) throw noSuchMember();
    return { ...member, joinedAt: member.joinedAt.toISOString() };
  }

  return {
    /** GET v1/teams/{teamId}/members: members for any member; pending invitations for admins only. */
    async list(caller: Caller, teamId: number): Promise<TeamMembersBody> {
      const role = requireMember(caller, teamId);
      const team = await findTeam(db, teamId);
      if (!team) throw notFound('No such team.');
      const members = await listMembers(db, teamId);
      const invitations = role === ADMIN_ROLE ? await pendingOfTeam(db, teamId, deps.clock.now()) : [];
      return {
        id: teamId,
        name: team.name,
        members: members.map((member) => ({ ...member, joinedAt: member.joinedAt.toISOString() })),
        invitations: invitations.map(invitationJson),
      };
    },

    /** PUT v1/teams/{teamId}/members/{userId}: the new role applies to the member's next request. */
    async changeRole(caller: Caller, teamId: number, userId: number, role: number): Promise<TeamMemberBody> {
      if (!isTeamRole(role)) throw badRequest('invalid_role', 'The role must be 10 (Admin) or 20 (Viewer).');
      await assertTeamWritable(deps, caller, teamId);
      await db.transaction(async (tx) => {
        await lockAsAdmin(tx, teamId, caller.userId);
        const current = await roleOf(tx, teamId, userId);
        if (current === undefined) throw noSuchMember();
        if (role !== ADMIN_ROLE) await keepsAnAdmin(tx, teamId, current);
        await setMemberRole(tx, teamId, userId, role);
      });
      hub.accessChanged([userId]);
      hub.endTeamStreams(teamId, [userId]);
      hub.publish(teamId, STREAM_EVENT.account);
      return memberJson(teamId, userId);
    },

    /**
     * DELETE v1/teams/{teamId}/members/{userId}: an admin removes a member, or any member leaves (their own id).
     * The removed member's event streams end at once.
     */
    async remove(caller: Caller, teamId: number, userId: number): Promise<{ ok: true }> {
      const leaving = userId === caller.userId;
      if (!leaving) await assertTeamWritable(deps, caller, teamId);
      await db.transaction(async (tx) => {
        if (leaving) await lockTeam(tx, teamId);
        else await lockAsAdmin(tx, teamId, caller.userId);
        const current = await roleOf(tx, teamId, userId);
        if (current === undefined) throw noSuchMember();
        await keepsAnAdmin(tx, teamId, current);
        await deleteMembership(tx, teamId, userId);
      });
      hub.accessChanged([userId]);
      hub.endTeamStreams(teamId, [userId]);
      hub.publish(teamId, STREAM_EVENT.account);
      return { ok: true };
    },

    /** PUT v1/user/{id}/workspace: the chosen team comes first in TeamsRender and the caller's teams. */
    async chooseWorkspace(caller: Caller, userId: number, teamId: number): Promise<UserBody> {
      requireSelf(caller, userId);
      requireMember(caller, teamId);
      await setWorkspace(db, userId, teamId);
      // The caller's teams are ordered by it (their current workspace first).
      hub.accessChanged([userId]);
      return userView(deps, userId);
    },
  };
}
