import { SESSION_CACHE_MAX_AGE_MS } from './session-cache.ts';

/** What the cache needs to know of a check answer: whose it is and which teams it names. */
export interface CachedView {
  id: number;
  TeamsRender: { id: number }[];
}

/** What makes cached answers wrong: these users' rows or teams, the named teams (renamed), or anything. */
export type ViewChange = { userIds: number[] } | { teamIds: number[] } | { all: true };

/**
 * The session check's answer (`userView`) of the users this process has answered, by user id, so that a
 * check of a known session costs no query at all. The sibling of SessionCache, with the same rules: the services
 * tell EventHub (`viewsChanged`, `accessChanged`) after every commit that changes a view, which forgets here at
 * once and on the other replicas through the bus; a read that began before a forget is not stored (`ticket`); none
 * is served longer than SESSION_CACHE_MAX_AGE_MS; past `capacity` views the oldest stored is dropped; 0 turns it off.
 */
export class UserViewCache<V extends CachedView> {
  private readonly byUser = new Map<number, { view: V; storedAt: number }>();
  private readonly usersOfTeam = new Map<number, Set<number>>();
  private generation = 0;

  constructor(private readonly capacity: number) {}

  get size(): number {
    return this.byUser.size;
  }

  get(userId: number, now: Date): V | undefined {
    const entry = this.byUser.get(userId);
    if (!entry) return undefined;
    if (now.getTime() - entry.storedAt >= SESSION_CACHE_MAX_AGE_MS) {
      this.drop(userId);
      return undefined;
    }
    return entry.view;
  }

  /** Taken before reading the database; `store` refuses the answer if anything was forgotten in between. */
  ticket(): number {
    return this.generation;
  }

  store(view: V, ticket: number, now: Date): void {
    if (this.capacity === 0 || ticket !== this.generation) return;
    this.drop(view.id);
    if (this.byUser.size >= this.capacity) {
      const oldest = this.byUser.keys().next().value;
      if (oldest !== undefined) this.drop(oldest);
    }
    this.byUser.set(view.id, { view, storedAt: now.getTime() });
    for (const team of view.TeamsRender) {
      let users = this.usersOfTeam.get(team.id);
      if (!users) {
        users = new Set();
        this.usersOfTeam.set(team.id, users);
      }
      users.add(view.id);
    }
  }

  forget(change: ViewChange): void {
    this.generation += 1;
    if ('all' in change) {
      this.byUser.clear();
      this.usersOfTeam.clear();
    } else if ('userIds' in change) {
      for (const id of change.userIds) this.drop(id);
    } else {
      for (const teamId of change.teamIds)
        for (const userId of [...(this.usersOfTeam.get(teamId) ?? [])]) this.drop(userId);
    }
  }

  private drop(userId: number): void {
    const view = this.byUser.get(userId)?.view;
    if (!view) return;
    this.byUser.delete(userId);
    for (const team of view.TeamsRender) {
      const users = this.usersOfTeam.get(team.id);
      users?.delete(userId);
      if (users?.size === 0) this.usersOfTeam.delete(team.id);
    }
  }
}
