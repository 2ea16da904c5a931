/** What the cache needs to know of a session: whose it is, which it is and when it ends. */
export interface CachedSession {
  userId: number;
  sessionId: number;
  expiresAt: Date;
}

/**
 * How long a looked-up session is served before it is read again. The product forgets a session at once through
 * `forget`; this bounds a change made behind its back (SQL by hand) to a minute, at one query per session a minute.
 */
export const SESSION_CACHE_MAX_AGE_MS = 60_000;

/** What makes cached sessions wrong: sessions revoked, users whose teams or roles changed, or anything (`all`). */
export type AccessChange = { sessionIds: number[] } | { userIds: number[] } | { all: true };

/**
 * The sessions this process has looked up, by token hash, so that a request of a known session costs no
 * query (the lookup was most of the session check's time on PGlite, whose engine runs one query at a time).
 *
 * It is only right while every change to a session or to a user's teams reaches `forget`: the services call
 * EventHub.accessChanged / revokeSessions after their transaction commits, which forgets here at once and tells the
 * other replicas through the event bus. A lookup that began before a `forget` is not stored (`ticket`), so an
 * answer read before a revocation never outlives it. An expired session is never answered, and none is served
 * longer than SESSION_CACHE_MAX_AGE_MS without being read again. Bounded: past
 * `capacity` sessions the oldest stored is dropped; capacity 0 turns the cache off.
 */
export class SessionCache<S extends CachedSession> {
  private readonly byHash = new Map<string, { session: S; storedAt: number }>();
  private readonly hashOfSession = new Map<number, string>();
  private readonly hashesOfUser = new Map<number, Set<string>>();
  private generation = 0;

  constructor(private readonly capacity: number) {}

  get size(): number {
    return this.byHash.size;
  }

  /** The stored session of a token hash, unless it has expired or was stored too long ago by `now`. */
  get(hash: string, now: Date): S | undefined {
    const entry = this.byHash.get(hash);
    if (!entry) return undefined;
    if (entry.session.expiresAt <= now || now.getTime() - entry.storedAt >= SESSION_CACHE_MAX_AGE_MS) {
      this.drop(hash);
      return undefined;
    }
    return entry.session;
  }

  /** Taken before reading the database; `store` refuses the answer if anything was forgotten in between. */
  ticket(): number {
    return this.generation;
  }

  store(hash: string, session: S, ticket: number, now: Date): void {
    if (this.capacity === 0 || ticket !== this.generation) return;
    this.drop(hash);
    if (this.byHash.size >= this.capacity) {
      const oldest = this.byHash.keys().next().value;
      if (oldest !== undefined) this.drop(oldest);
    }
    this.byHash.set(hash, { session, storedAt: now.getTime() });
    this.hashOfSession.set(session.sessionId, hash);
    let hashes = this.hashesOfUser.get(session.userId);
    if (!hashes) {
      hashes = new Set();
      this.hashesOfUser.set(session.userId, hashes);
    }
    hashes.add(hash);
  }

  forget(change: AccessChange): void {
    this.generation += 1;
    if ('all' in change) {
      this.byHash.clear();
      this.hashOfSession.clear();
      this.hashesOfUser.clear();
    } else if ('sessionIds' in change) {
      for (const id of change.sessionIds) {
        const hash = this.hashOfSession.get(id);
        if (hash !== undefined) this.drop(hash);
      }
    } else {
      for (const id of change.userIds)
        for (const hash of [...(this.hashesOfUser.get(id) ?? [])]) this.drop(hash);
    }
  }

  private drop(hash: string): void {
    const session = this.byHash.get(hash)?.session;
    if (!session) return;
    this.byHash.delete(hash);
    this.hashOfSession.delete(session.sessionId);
    const hashes = this.hashesOfUser.get(session.userId);
    hashes?.delete(hash);
    if (hashes?.size === 0) this.hashesOfUser.delete(session.userId);
  }
}
