import {
  isPhone,
  isProfileFieldTooLong,
  PROFILE_FIELDS,
  PROFILE_MAX,
} from '../../contracts/account-rules.ts';
import { STREAM_EVENT } from '../../contracts/event-stream.ts';
import type { UserBody } from '../../contracts/user-body.schema.ts';
import { hasInvisibleCharacters, INVISIBLE_CHARACTERS } from '../../contracts/visible-text.ts';
import type { Deps } from '../deps.ts';
import { type Caller, requireMember, requireSelf } from '../lib/authenticate.ts';
import { badRequest, notFound, unauthorized } from '../lib/errors.ts';
import {
  findTeam,
  membersOfTeam,
  type ProfileFields,
  teamsOfUser,
  updateProfile,
  userWithTeams,
} from './accounts.repository.ts';

/** The user as the web app reads it (src/api/auth.ts UserStruct). */
export async function userView(deps: Deps, userId: number): Promise<UserBody> {
  const found = await userWithTeams(deps.db, userId);
  if (!found) throw unauthorized();
  const { user, teams } = found;
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    surname: user.surname,
    phone: user.phone,
    image: user.image,
    changePasswordAt: user.changePasswordAt?.toISOString() ?? null,
    statusChangeEmail: user.statusChangeEmail,
    newChangeEmail: user.newChangeEmail,
    deleteProgress: user.deleteProgress,
    TeamsRender: teams,
  };
}

/**
 * The session check's answer from this process's cache when it has it (no query), else read and kept.
 * The other calls that answer a user read it fresh: they follow a change.
 */
export async function checkedUserView(deps: Deps, userId: number): Promise<UserBody> {
  const cached = deps.viewCache.get(userId, deps.clock.now());
  if (cached) return cached;
  const ticket = deps.viewCache.ticket();
  const view = await userView(deps, userId);
  deps.viewCache.store(view, ticket, deps.clock.now());
  return view;
}

export interface ProfileInput {
  id?: number;
  name?: string;
  surname?: string;
  phone?: string;
  image?: string;
}

function profileFields(input: ProfileInput): ProfileFields {
  const fields: ProfileFields = {};
  for (const key of PROFILE_FIELDS) {
    const value = input[key]?.trim();
    if (value === undefined) continue;
    if (key !== 'phone' && hasInvisibleCharacters(value))
      throw badRequest(INVISIBLE_CHARACTERS.name.error, INVISIBLE_CHARACTERS.name.message);
    if (isProfileFieldTooLong(value))
      throw badRequest('invalid_field', `${key} must be at most ${PROFILE_MAX} characters.`);
    fields[key] = value;
  }
  if (fields.phone !== undefined && !isPhone(fields.phone)) {
    throw badRequest('invalid_field', 'phone may hold only digits, spaces and + - ( ).');
  }
  if (input.image !== undefined) fields.image = input.image;
  return fields;
}

/** The calls of a signed-in user on their own account and teams. */
export function createAccountService(deps: Deps) {
  const { db, hub } = deps;

  return {
    getUser(caller: Caller, userId: number) {
      requireSelf(caller, userId);
      return userView(deps, userId);
    },

    /** Saves the known profile fields; the web app may send the whole user, the rest is ignored. */
    async updateUser(caller: Caller, userId: number, input: ProfileInput) {
      requireSelf(caller, userId);
      if (input.id !== undefined && input.id !== userId)
        throw badRequest('id_mismatch', 'The id does not match the path.');
      await updateProfile(db, userId, profileFields(input));
      hub.viewsChanged({ userIds: [userId] });
      for (const team of caller.teams) hub.publish(team.teamId, STREAM_EVENT.account);
      return userView(deps, userId);
    },

    /** POST v1/user: the users of the caller's current (first) team. */
    async searchUsers(caller: Caller) {
      const current = caller.teams[0];
      return current ? membersOfTeam(db, current.teamId) : [];
    },

    searchTeams(caller: Caller) {
      return teamsOfUser(db, caller.userId);
    },

    async getTeam(caller: Caller, teamId: number) {
      requireMember(caller, teamId);
      const team = await findTeam(db, teamId);
      if (!team) throw notFound('No such team.');
      return team;
    },
  };
}
