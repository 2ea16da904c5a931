import type { FastifyReply } from 'fastify';
import type { SessionToken } from '../../contracts/session.schema.ts';
import type { Db } from '../db/database.ts';
import type { Deps } from '../deps.ts';
import { SSE_COOKIE } from '../lib/authenticate.ts';
import { hashToken, randomToken } from '../lib/tokens.ts';
import { type Client, storedUserAgent } from './activity.ts';
import { insertSession, revokeUserSessions } from './sessions.repository.ts';

/** A session lives 14 days from sign-in (docs/api-auth.md); then the browser signs in again. */
export const SESSION_TTL_MS = 14 * 24 * 3_600_000;

/** Starts a session: a 256-bit token for the browser, its SHA-256 in the database. */
export async function createSession(
  tx: Db,
  userId: number,
  now: Date,
  client: Client,
): Promise<SessionToken> {
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await insertSession(tx, {
    userId,
    tokenHash: hashToken(token),
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
    ip: client.ip,
    userAgent: storedUserAgent(client.userAgent),
  });
  return { access_token: token, token_type: 'Bearer', expires_at: expiresAt.toISOString(), user_id: userId };
}

/**
 * Ends every live session of the user except `keepSessionId` (all of them without it) and returns their ids.
 * Setting or resetting a password revokes every other session. The caller passes the ids to `hub.revokeSessions`
 * once its transaction has committed (their streams close and every replica forgets them; told before
 * the commit, a replica could cache a session again from the not yet changed row).
 */
export async function revokeOtherSessions(
  deps: Deps,
  userId: number,
  keepSessionId?: number,
  tx: Db = deps.db,
): Promise<number[]> {
  return revokeUserSessions(tx, userId, deps.clock.now(), keepSessionId);
}

/** The event stream's cookie: the same token, only sent to the stream's path (EventSource cannot send headers). */
export function setSessionCookie(reply: FastifyReply, deps: Deps, session: SessionToken): void {
  reply.setCookie(SSE_COOKIE, session.access_token, {
    httpOnly: true,
    sameSite: 'strict',
    path: '/api/v1/sse',
    secure: deps.config.publicUrl.startsWith('https:'),
    maxAge: SESSION_TTL_MS / 1000,
  });
}

export function clearSessionCookie(reply: FastifyReply, deps: Deps): void {
  reply.clearCookie(SSE_COOKIE, {
    httpOnly: true,
    sameSite: 'strict',
    path: '/api/v1/sse',
    secure: deps.config.publicUrl.startsWith('https:'),
  });
}
