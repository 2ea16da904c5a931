import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ADMIN_ROLE } from '../../contracts/account-codes.ts';
import { API_TOKEN_ERRORS } from '../../contracts/api-tokens.ts';
import { TEAM_ERRORS } from '../../contracts/team-body.ts';
import { authenticate, type Caller, requireMember } from '../lib/authenticate.ts';
import { HttpError } from '../lib/errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller with its team roles; readable on routes that require a session (this file). */
    readonly caller: Caller;
  }
  interface FastifyContextConfig {
    /**
     * A POST that changes nothing (the spec's node list and statistics reads): the belt below leaves the caller's
     * cached check answer alone, since the web app calls these after every live event.
     */
    readOnly?: boolean;
  }
}

/** The route option of a POST that only reads (see FastifyContextConfig.readOnly). */
export const READ_ONLY_POST = { readOnly: true } as const;

const callerKey = Symbol('caller');
const apiTokensKey = Symbol('apiTokens');
type SignedInRequest = FastifyRequest & { [callerKey]?: Caller; [apiTokensKey]?: true };

const ID = /^[1-9]\d{0,8}$/;

/** A request that may change something: every method but GET and HEAD, unless its route is a READ_ONLY_POST. */
function isWrite(request: FastifyRequest): boolean {
  return request.method !== 'GET' && request.method !== 'HEAD' && !request.routeOptions.config.readOnly;
}

/** Gives every request a `caller`, which only the hooks below set. */
export const session = fp(async (app) => {
  app.decorateRequest('caller', {
    getter(this: SignedInRequest): Caller {
      const caller = this[callerKey];
      // Reading it on a route without a session hook is a bug in that route, never a signed-out caller.
      if (!caller) throw new Error(`${this.routeOptions.url}: request.caller read without a session hook`);
      return caller;
    },
  });
  // A belt beside the services' calls to the hub: a signed-in write that succeeded forgets its user's
  // cached check answer here, before the answer leaves, so a write path added later without the call is stale only
  // for other sessions (and other replicas), and only up to SESSION_CACHE_MAX_AGE_MS. Routes marked READ_ONLY_POST
  // are reads sent as POST by the spec and keep the answer.
  app.addHook('onSend', async (request, reply) => {
    const caller = (request as SignedInRequest)[callerKey];
    if (caller && isWrite(request) && reply.statusCode < 400)
      app.deps.viewCache.forget({ userIds: [caller.userId] });
  });
});

/**
 * The services whose calls also take an API token (`Bearer nodr_…`) call this once, before their routes:
 * the main API and statistics. The auth service never does, so a token can never reach the account calls
 * (password, e-mail, deletion, sessions, two-factor, tokens themselves): 401 there.
 */
export function acceptApiTokens(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    (request as SignedInRequest)[apiTokensKey] = true;
  });
}

/**
 * The one way a route requires a session: `preValidation: requireSession`. It runs before validation, so 401 (no
 * session) comes before any 400 about the body, and puts the caller on the request. In a service that accepts API
 * tokens the caller may be a token (`caller.apiToken`).
 * The one home of the read-only token rule: every route that may change anything (isWrite) refuses a
 * read-only token here, 403 'read_only_token', so a write route cannot forget it; the role × route matrix test
 * checks it on every route.
 */
export async function requireSession(request: FastifyRequest): Promise<void> {
  const apiTokens = (request as SignedInRequest)[apiTokensKey] === true;
  const caller = await authenticate(request.server.deps, request, { apiTokens });
  if (caller.apiToken?.scope === 'read' && isWrite(request)) {
    throw new HttpError(403, API_TOKEN_ERRORS.readOnly.error, API_TOKEN_ERRORS.readOnly.message);
  }
  (request as SignedInRequest)[callerKey] = caller;
}

/** The event stream's session: from the session cookie, since EventSource cannot send an Authorization header. */
export async function requireStreamSession(request: FastifyRequest): Promise<void> {
  (request as SignedInRequest)[callerKey] = await authenticate(request.server.deps, request, {
    fromCookie: true,
  });
}

/**
 * A session and membership of the team named by the path parameter `param`: 401, then 403 (spec 8), both before
 * any 400, so an outsider learns nothing about a team from validation messages. A malformed id is no team: 403.
 */
export function requireTeamMember(param: string) {
  return async (request: FastifyRequest): Promise<void> => {
    await requireSession(request);
    const raw = (request.params as Record<string, string | undefined>)[param] ?? '';
    requireMember(request.caller, ID.test(raw) ? Number(raw) : Number.NaN);
  };
}

/**
 * A change to what a team owns (nodes, team settings, invitations, roles). requireTeamMember (whose
 * requireSession already refused a read-only API token), then 403 'read_only' unless the caller is an admin of that
 * team, which a read-write token of a viewer is not.
 */
export function requireTeamWriter(param: string) {
  const member = requireTeamMember(param);
  return async (request: FastifyRequest): Promise<void> => {
    await member(request);
    const raw = (request.params as Record<string, string | undefined>)[param] ?? '';
    const role = requireMember(request.caller, Number(raw));
    if (role !== ADMIN_ROLE) {
      throw new HttpError(403, TEAM_ERRORS.viewerReadOnly.error, TEAM_ERRORS.viewerReadOnly.message);
    }
  };
}
