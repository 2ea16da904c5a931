import type { FastifyRequest } from 'fastify';
import { API_TOKEN_ERRORS, type ApiTokenScope, isApiToken } from '../../contracts/api-tokens.ts';
import type { Db } from '../db/database.ts';
import { type ApiTokenGrant, grantOf, touchApiToken } from './api-token-auth.ts';
import { liveSessionRows, touchSessionSeen } from './authenticate.repository.ts';
import type { Clock } from './clock.ts';
import { forbidden, unauthorized } from './errors.ts';
import type { SessionCache } from './session-cache.ts';
import { hashToken } from './tokens.ts';

export const SSE_COOKIE = 'nodr_session';

/** Where a request came from, as the Sessions and Recent activity lists show it. */
export interface Client {
  ip: string;
  userAgent: string;
}

export function clientOf(request: FastifyRequest): Client {
  const userAgent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof userAgent === 'string' ? userAgent : '' };
}

export interface Caller {
  userId: number;
  /** The session's id; 0 (no session row has it) for an API token, which never reaches the session calls. */
  sessionId: number;
  expiresAt: Date;
  /** When the session was last seen active, at most a minute stale. */
  lastSeenAt: Date;
  /** The caller's teams; the first is the current workspace (spec 3): the chosen one, else the oldest. */
  teams: { teamId: number; role: number }[];
  /** The request's address and browser, for the activity the caller's changes record. */
  client: Client;
  /** Set when the caller is an API token: its teams are the token's one team, its scope bounds writes. */
  apiToken?: { id: number; scope: ApiTokenScope };
}

export type Session = Omit<Caller, 'client' | 'apiToken'>;

/** What authenticating reads: the database, the time, and this process's cache of sessions. */
export interface AuthDeps {
  db: Db;
  clock: Clock;
  sessionCache: SessionCache<Session>;
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/.exec(header.trim());
  return match?.[1];
}

/** Finds the live session of a token with the user's teams, in one query; undefined when there is none. */
export async function sessionOf(db: Db, clock: Clock, token: string): Promise<Session | undefined> {
  const rows = await liveSessionRows(db, hashToken(token), clock.now());
  const [first] = rows;
  if (!first) return undefined;
  const teams = rows.flatMap((row) =>
    row.teamId === null || row.role === null ? [] : [{ teamId: row.teamId, role: row.role }],
  );
  return {
    userId: first.userId,
    sessionId: first.id,
    expiresAt: first.expiresAt,
    lastSeenAt: first.lastSeenAt,
    teams,
  };
}

/** "last active" of a session is written at most once a minute, not on every request. */
export const LAST_SEEN_STEP_MS = 60_000;

async function touchSession(db: Db, clock: Clock, session: Session, request: FastifyRequest): Promise<void> {
  const now = clock.now();
  const staleBefore = new Date(now.getTime() - LAST_SEEN_STEP_MS);
  if (session.lastSeenAt > staleBefore) return;
  // The cached copy (if any) is this object: it now says "seen now", so this process writes again in a minute.
  session.lastSeenAt = now;
  await touchSessionSeen(db, session.sessionId, { now, ip: request.ip, staleBefore });
}

/** The live session of a token: from this process's cache, else from the database (and then cached). */
async function liveSession(deps: AuthDeps, token: string): Promise<Session | undefined> {
  const hash = hashToken(token);
  const cached = deps.sessionCache.get(hash, deps.clock.now());
  if (cached) return cached;
  const ticket = deps.sessionCache.ticket();
  const session = await sessionOf(deps.db, deps.clock, token);
  if (session) deps.sessionCache.store(hash, session, ticket, deps.clock.now());
  return session;
}

// A token without an expiry stands as a session that never ends (the latest date a Date holds).
const NEVER = new Date(8.64e15);

function tokenCaller(grant: ApiTokenGrant, request: FastifyRequest): Caller {
  return {
    userId: grant.userId,
    sessionId: 0,
    expiresAt: grant.expiresAt ?? NEVER,
    lastSeenAt: grant.lastUsedAt ?? NEVER,
    teams: [{ teamId: grant.teamId, role: grant.role }],
    client: clientOf(request),
    apiToken: { id: grant.tokenId, scope: grant.scope },
  };
}

/**
 * The signed-in caller from `Authorization: Bearer`, or a 401. Only the event stream also accepts the cookie
 * (`fromCookie`), because EventSource cannot send headers. An API token (`nodr_…`) is a caller only where
 * `apiTokens` is set (the main API and statistics); elsewhere it is a 401 that says so.
 */
export async function authenticate(
  deps: AuthDeps,
  request: FastifyRequest,
  options: { fromCookie?: boolean; apiTokens?: boolean } = {},
): Promise<Caller> {
  const token = options.fromCookie ? request.cookies?.[SSE_COOKIE] : bearerToken(request);
  if (token && !options.fromCookie && isApiToken(token)) {
    if (!options.apiTokens) throw unauthorized(API_TOKEN_ERRORS.notHere.message);
    const grant = await grantOf(deps.db, deps.clock, token);
    if (!grant) throw unauthorized(API_TOKEN_ERRORS.invalid.message);
    await touchApiToken(deps.db, deps.clock, grant, request.ip);
    return tokenCaller(grant, request);
  }
  const session = token ? await liveSession(deps, token) : undefined;
  if (!session) throw unauthorized();
  await touchSession(deps.db, deps.clock, session, request);
  return { ...session, client: clientOf(request) };
}

/** A 403 unless the caller belongs to the team; returns the caller's role in it. */
export function requireMember(caller: Caller, teamId: number): number {
  const membership = caller.teams.find((team) => team.teamId === teamId);
  if (!membership) throw forbidden('You are not a member of this team.');
  return membership.role;
}

/** A 403 unless the id is the caller's own (spec: user routes are scoped to the signed-in user). */
export function requireSelf(caller: Caller, userId: number): void {
  if (caller.userId !== userId) throw forbidden('You can only act on your own account.');
}
