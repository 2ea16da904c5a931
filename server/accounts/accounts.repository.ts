import { asc, eq, sql } from 'drizzle-orm';
import { ADMIN_ROLE } from '../../contracts/account-codes.ts';
import type { Db } from '../db/database.ts';
import { teamMembers, teams, users } from '../db/schema.ts';
import { chosenFirst } from '../lib/authenticate.repository.ts';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`).limit(1);
  return row;
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/**
 * A new user (no password yet) with a new, unnamed team it administers. Undefined when the address is taken,
 * also by a concurrent registration.
 */
export async function insertUserWithTeam(
  tx: Db,
  fields: { email: string; offer: boolean; subscription: boolean },
): Promise<UserRow | undefined> {
  const [user] = await tx.insert(users).values(fields).onConflictDoNothing().returning();
  if (!user) return undefined;
  const [team] = await tx.insert(teams).values({ name: '' }).returning({ id: teams.id });
  await tx.insert(teamMembers).values({ teamId: team!.id, userId: user.id, role: ADMIN_ROLE });
  return user;
}

/**
 * The user's teams; the first is the current workspace (spec 3): the one the user chose, else the oldest
 * membership. The rest follow oldest first. server/lib/authenticate.ts orders the caller's teams the same way.
 */
export function teamsOfUser(db: Db, userId: number): Promise<{ id: number; name: string; role: number }[]> {
  return db
    .select({ id: teams.id, name: teams.name, role: teamMembers.role })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(eq(teamMembers.userId, userId))
    .orderBy(chosenFirst(), asc(teamMembers.createdAt), asc(teamMembers.teamId));
}

/** The user's columns the web app reads (UserBody); the others (hashes, alert settings) stay in the database. */
const userViewColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  surname: users.surname,
  phone: users.phone,
  image: users.image,
  changePasswordAt: users.changePasswordAt,
  statusChangeEmail: users.statusChangeEmail,
  newChangeEmail: users.newChangeEmail,
  deleteProgress: users.deleteProgress,
};
export type UserViewRow = Pick<UserRow, keyof typeof userViewColumns>;

/**
 * The user's row with its teams in the order of teamsOfUser, in one query (the session check is called
 * after many actions, and each query is a round trip to the database thread). Undefined when there is no such user.
 */
export async function userWithTeams(
  db: Db,
  userId: number,
): Promise<{ user: UserViewRow; teams: { id: number; name: string; role: number }[] } | undefined> {
  const rows = await db
    .select({ user: userViewColumns, teamId: teams.id, name: teams.name, role: teamMembers.role })
    .from(users)
    .leftJoin(teamMembers, eq(teamMembers.userId, users.id))
    .leftJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(eq(users.id, userId))
    .orderBy(chosenFirst(), asc(teamMembers.createdAt), asc(teamMembers.teamId));
  const [first] = rows;
  if (!first) return undefined;
  const memberships = rows.flatMap(({ teamId, name, role }) =>
    teamId === null || name === null || role === null ? [] : [{ id: teamId, name, role }],
  );
  return { user: first.user, teams: memberships };
}

/**
 * Holds the user's row until the transaction ends. Every transaction that touches a user's links takes this lock
 * first, so they queue up instead of deadlocking on the link rows.
 */
export async function lockUser(tx: Db, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

export async function setPasswordHash(
  tx: Db,
  userId: number,
  passwordHash: string,
  now: Date,
): Promise<void> {
  await tx.update(users).set({ passwordHash, changePasswordAt: now }).where(eq(users.id, userId));
}

export type ProfileFields = Partial<Pick<UserRow, 'name' | 'surname' | 'phone' | 'image'>>;

export async function updateProfile(db: Db, userId: number, fields: ProfileFields): Promise<void> {
  if (Object.keys(fields).length === 0) return;
  await db.update(users).set(fields).where(eq(users.id, userId));
}

export function membersOfTeam(db: Db, teamId: number) {
  return db
    .select({
      id: users.id,
      name: users.name,
      surname: users.surname,
      email: users.email,
      image: users.image,
      role: teamMembers.role,
    })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(eq(teamMembers.teamId, teamId))
    .orderBy(asc(teamMembers.createdAt), asc(users.id));
}

export async function findTeam(db: Db, teamId: number): Promise<{ id: number; name: string } | undefined> {
  const [row] = await db
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .where(eq(teams.id, teamId))
    .limit(1);
  return row;
}

export async function renameTeam(db: Db, teamId: number, name: string): Promise<void> {
  await db.update(teams).set({ name }).where(eq(teams.id, teamId));
}
