import type { Deps } from '../deps.ts';
import type { Caller } from '../lib/authenticate.ts';
import { notFound } from '../lib/errors.ts';
import { ACTIVITY, type ActivityKind, recordActivity } from './activity.ts';
import { deviceOf } from './device.ts';
import { liveSessionsOf, revokeLiveSessions } from './sessions.repository.ts';

/** The signed-in browsers of the caller, signing one out, or all others. */
export function createSessionsService(deps: Deps) {
  const { db, clock, hub } = deps;

  /** Revokes and records in one transaction; the event streams close once it has committed. */
  async function revoke(
    caller: Caller,
    which: { only: number } | { except: number },
    kind: ActivityKind,
  ): Promise<number[]> {
    const now = clock.now();
    const ids = await db.transaction(async (tx) => {
      const revoked = await revokeLiveSessions(tx, caller.userId, now, which);
      if (revoked.length > 0)
        await recordActivity(tx, { userId: caller.userId, kind, at: now, ...caller.client });
      return revoked;
    });
    hub.revokeSessions(ids);
    return ids;
  }

  return {
    /** GET v1/sessions: this browser first, then the most recently active. */
    async list(caller: Caller) {
      const rows = await liveSessionsOf(db, caller.userId, clock.now());
      // The asking browser first, so the list reads "this one, then the others".
      const ordered = [
        ...rows.filter((row) => row.id === caller.sessionId),
        ...rows.filter((row) => row.id !== caller.sessionId),
      ];
      return ordered.map((row) => ({
        id: row.id,
        device: deviceOf(row.userAgent),
        ip: row.ip,
        createdAt: row.createdAt.toISOString(),
        lastActiveAt: row.lastSeenAt.toISOString(),
        current: row.id === caller.sessionId,
      }));
    },

    /** DELETE v1/sessions/{id}: another user's session, or one already ended, is a 404 like a missing one. */
    async revokeOne(caller: Caller, sessionId: number): Promise<{ ok: true }> {
      const revoked = await revoke(caller, { only: sessionId }, ACTIVITY.sessionRevoked);
      if (revoked.length === 0) throw notFound('No such session.');
      return { ok: true };
    },

    /** DELETE v1/sessions/others: every session of the caller but this one. */
    async revokeOthers(caller: Caller): Promise<{ ok: true; revoked: number }> {
      const revoked = await revoke(caller, { except: caller.sessionId }, ACTIVITY.otherSessionsRevoked);
      return { ok: true, revoked: revoked.length };
    },

    /** GET v1/logout: ends the caller's own session. */
    async signOut(caller: Caller): Promise<void> {
      await revoke(caller, { only: caller.sessionId }, ACTIVITY.signOut);
    },
  };
}
