import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiTokenScope } from '../../contracts/api-tokens.ts';
import { VIEWER_ROLE } from '../../contracts/team-body.ts';
import { apiTokens, sessions } from '../../server/db/schema.ts';
import { SSE_COOKIE } from '../../server/lib/authenticate.ts';
import { hashToken, randomToken } from '../../server/lib/tokens.ts';
import { registerNode } from '../helpers/nodes.ts';
import {
  createSignedInUser,
  type SignedInUser,
  startTestServer,
  type TestServer,
} from '../helpers/server.ts';

/**
 * The role × route matrix. Every route the app registers (read from its route table, so a new route
 * without a row here fails) is called as an admin of team T, a viewer of T, an outsider (a member of another team)
 * and signed out, and with the admin's API tokens of T (`Bearer nodr_…`), read-only and read-write; each answer must
 * be the status written below. The token columns hold the rule that every call that changes anything refuses a
 * read-only token (403 'read_only_token'), so a new write route states what a read-only token gets, and the auth
 * service's calls answer a token 401.
 *
 * How each call is made:
 * - path parameters name T, a node of T, a pending invitation of T, a viewer member of T, or the caller's own user
 *   and session (user routes are scoped to the caller: the matrix asks what a role may do, not whether one user may
 *   act for another, which tests/server/auth-users-teams.test.ts covers);
 * - reads (GET, and the POST calls that only read) carry a valid body, so a 200 is a real answer;
 * - every other call carries a body the route refuses, `{ matrixProbe: 1 }`. The session and role hooks run before
 *   validation, so 401 and 403 come first and a 400 proves the caller got past them, without changing anything.
 *   Successful writes are in the feature tests (teams-*.test.ts, nodes-*.test.ts, ...).
 */
const ROLES = ['admin', 'viewer', 'outsider', 'signedOut', 'readToken', 'writeToken'] as const;
type Role = (typeof ROLES)[number];
type Row = readonly [
  admin: number,
  viewer: number,
  outsider: number,
  signedOut: number,
  readToken: number,
  writeToken: number,
];
type SessionRole = 'admin' | 'viewer' | 'outsider';
type TokenRole = 'readToken' | 'writeToken';

/** The event stream never ends, so inject cannot wait for it; signed-in streams: sse.test.ts, teams-members.test.ts. */
const STREAM = '/api/v1/sse/handle';
/** Signing out (GET, and its HEAD mirror) ends the session it is called with: those calls get a session of their own. */
const LOGOUT = '/auth/v1/logout';

// biome-ignore format: one route a line reads as a table
const EXPECTED: Record<string, Row> = {
  //                                                                            admin viewer outsider signedOut readToken writeToken
  // Public calls: the same for everyone.
  'POST /auth/guest/register':                                                  [400, 400, 400, 400, 400, 400],
  'POST /auth/guest/set-new-password':                                          [400, 400, 400, 400, 400, 400],
  'POST /auth/guest/link/check':                                                [410, 410, 410, 410, 410, 410],
  'POST /auth/guest/auth':                                                      [400, 400, 400, 400, 400, 400],
  'POST /auth/guest/auth/two-factor':                                           [400, 400, 400, 400, 400, 400],
  'POST /auth/guest/recovery-password':                                         [400, 400, 400, 400, 400, 400],
  'POST /auth/guest/passkeys/options':                                          [400, 400, 400, 400, 400, 400],
  'POST /auth/guest/passkeys/auth':                                             [400, 400, 400, 400, 400, 400],
  'POST /auth/v1/profile_settings/change_email/accept':                         [400, 400, 400, 400, 400, 400],
  'POST /auth/v1/profile_settings/change_email/cancel':                         [400, 400, 400, 400, 400, 400],
  'DELETE /auth/v1/user/accept':                                                [400, 400, 400, 400, 400, 400],
  'POST /auth/v1/notifications/unsubscribe':                                    [400, 400, 400, 400, 400, 400],
  'POST /auth/v1/notifications/unsubscribe/:token':                             [400, 400, 400, 400, 400, 400],
  'POST /auth/v1/invitations/inspect':                                          [410, 410, 410, 410, 410, 410],
  'POST /auth/v1/invitations/decline':                                          [400, 400, 400, 400, 400, 400],
  'POST /api/node/v1/check':                                                    [400, 400, 400, 400, 400, 400],
  'POST /api/node/v1/heartbeat':                                                [400, 400, 400, 400, 400, 400],
  'POST /api/node/v1/telemetry':                                                [400, 400, 400, 400, 400, 400],
  'GET /install/nodr-install.sh':                                               [200, 200, 200, 200, 200, 200],
  'GET /app-config.json':                                                       [200, 200, 200, 200, 200, 200],
  'GET /healthz':                                                               [200, 200, 200, 200, 200, 200],
  'GET /readyz':                                                                [200, 200, 200, 200, 200, 200],
  // The caller's own account: any signed-in person, whatever their roles.
  'GET /auth/v1/check':                                                         [200, 200, 200, 401, 401, 401],
  'GET /auth/v1/logout':                                                        [200, 200, 200, 401, 401, 401],
  'POST /auth/v1/user':                                                         [200, 200, 200, 401, 401, 401],
  'GET /auth/v1/user/:id':                                                      [200, 200, 200, 401, 401, 401],
  'PUT /auth/v1/user/:id':                                                      [400, 400, 400, 401, 401, 401],
  'PUT /auth/v1/user/:id/workspace':                                            [400, 400, 400, 401, 401, 401],
  'POST /auth/v1/teams':                                                        [200, 200, 200, 401, 401, 401],
  'POST /auth/v1/profile_settings/user/:user_id/team/:team_id/change_password': [400, 400, 400, 401, 401, 401],
  'POST /auth/v1/profile_settings/user/:user_id/team/:team_id/change_email':    [400, 400, 400, 401, 401, 401],
  'POST /auth/v1/profile_settings/user/:id/change_email/resend':                [400, 400, 400, 401, 401, 401],
  'POST /auth/v1/profile_settings/user/:id/change_email/revoke':                [400, 400, 400, 401, 401, 401],
  'POST /auth/v1/user/:id/info_delete':                                         [400, 400, 400, 401, 401, 401],
  'DELETE /auth/v1/user/:id':                                                   [400, 400, 400, 401, 401, 401],
  'POST /auth/v1/user/:id/resend':                                              [400, 400, 400, 401, 401, 401],
  'POST /auth/v1/user/:id/revoke':                                              [400, 400, 400, 401, 401, 401],
  'GET /auth/v1/sessions':                                                      [200, 200, 200, 401, 401, 401],
  'DELETE /auth/v1/sessions/others':                                            [400, 400, 400, 401, 401, 401],
  'DELETE /auth/v1/sessions/:id':                                               [400, 400, 400, 401, 401, 401],
  // The OpenAPI document and its reference page are public, like the web app.
  'GET /api/openapi.json':                                                      [200, 200, 200, 200, 200, 200],
  'GET /api/docs':                                                              [200, 200, 200, 200, 200, 200],
  'GET /api/docs/':                                                             [200, 200, 200, 200, 200, 200],
  'GET /api/docs/static/index.html':                                            [302, 302, 302, 302, 302, 302],
  'GET /api/docs/static/swagger-initializer.js':                                [200, 200, 200, 200, 200, 200],
  'GET /api/docs/json':                                                         [200, 200, 200, 200, 200, 200],
  'GET /api/docs/yaml':                                                         [200, 200, 200, 200, 200, 200],
  'GET /api/docs/static/*':                                                     [200, 200, 200, 200, 200, 200],
  'GET /auth/v1/passkeys':                                                      [200, 200, 200, 401, 401, 401],
  'POST /auth/v1/passkeys/options':                                             [400, 400, 400, 401, 401, 401],
  'POST /auth/v1/passkeys':                                                     [400, 400, 400, 401, 401, 401],
  'DELETE /auth/v1/passkeys/:id':                                               [400, 400, 400, 401, 401, 401],
  'GET /auth/v1/tokens':                                                        [200, 200, 200, 401, 401, 401],
  'POST /auth/v1/tokens':                                                       [400, 400, 400, 401, 401, 401],
  'DELETE /auth/v1/tokens/:id':                                                 [400, 400, 400, 401, 401, 401],
  'GET /auth/v1/activity':                                                      [200, 200, 200, 401, 401, 401],
  'GET /auth/v1/two-factor':                                                    [200, 200, 200, 401, 401, 401],
  'POST /auth/v1/two-factor/setup':                                             [400, 400, 400, 401, 401, 401],
  'POST /auth/v1/two-factor/enable':                                            [400, 400, 400, 401, 401, 401],
  'POST /auth/v1/two-factor/disable':                                           [400, 400, 400, 401, 401, 401],
  'POST /auth/v1/two-factor/recovery-codes':                                    [400, 400, 400, 401, 401, 401],
  'GET /auth/v1/notifications':                                                 [200, 200, 200, 401, 401, 401],
  'PUT /auth/v1/notifications':                                                 [400, 400, 400, 401, 401, 401],
  'GET /auth/v1/invitations':                                                   [200, 200, 200, 401, 401, 401],
  'POST /auth/v1/invitations/:id/accept':                                       [400, 400, 400, 401, 401, 401],
  'POST /auth/v1/invitations/:id/decline':                                      [400, 400, 400, 401, 401, 401],
  'POST /auth/v1/invitations/accept':                                           [400, 400, 400, 401, 401, 401],
  'POST /api/v1/configs':                                                       [200, 200, 200, 401, 200, 200],
  'GET /api/dictionaries/:locale':                                              [200, 200, 200, 401, 200, 200],
  'GET /api/v1/sse/handle':                                                     [  0,   0,   0, 401, 401, 401],
  // Reading team T: its members (admins and viewers).
  'GET /auth/v1/teams/:id':                                                     [200, 200, 403, 401, 401, 401],
  'GET /auth/v1/teams/:teamId/members':                                         [200, 200, 403, 401, 401, 401],
  'GET /auth/v1/teams/:teamId/closure':                                         [200, 200, 403, 401, 401, 401],
  // Alert channels: members read them (a channel of another team, as :id is here, is a 404); a browser session only.
  'GET /auth/v1/teams/:teamId/alert-channels':                                  [200, 200, 403, 401, 401, 401],
  'GET /auth/v1/teams/:teamId/alert-channels/:id/deliveries':                   [404, 404, 403, 401, 401, 401],
  'POST /api/v1/nodres/team/:teamId':                                           [200, 200, 403, 401, 200, 200],
  'GET /api/v1/nodres/team/:teamId/:id':                                        [200, 200, 403, 401, 200, 200],
  'GET /api/v1/nodres/team/:teamId/:nodrId/health':                             [200, 200, 403, 401, 200, 200],
  'GET /api/v1/teams/:teamId/metrics':                                          [200, 200, 403, 401, 200, 200],
  'POST /stats/v1/nodr/day':                                                    [200, 200, 403, 401, 200, 200],
  'POST /stats/v1/nodr/week':                                                   [200, 200, 403, 401, 200, 200],
  'POST /stats/v1/nodr/month':                                                  [200, 200, 403, 401, 200, 200],
  'POST /stats/v1/nodr/range':                                                  [200, 200, 403, 401, 200, 200],
  // Statistic settings stay per user: a viewer keeps their own.
  'POST /api/v1/statistic/settings/get/user/:user_id/team/:team_id':            [200, 200, 403, 401, 200, 200],
  'POST /api/v1/statistic/settings/put/user/:user_id/team/:team_id':            [200, 200, 403, 401, 403, 200],
  // Changing team T: admins only; a viewer gets 403 'read_only'.
  'PUT /auth/v1/teams/:id':                                                     [400, 403, 403, 401, 401, 401],
  'POST /auth/v1/teams/:teamId/invitations':                                    [400, 403, 403, 401, 401, 401],
  'POST /auth/v1/teams/:teamId/invitations/:id/resend':                         [400, 403, 403, 401, 401, 401],
  'DELETE /auth/v1/teams/:teamId/invitations/:id':                              [400, 403, 403, 401, 401, 401],
  'PUT /auth/v1/teams/:teamId/members/:userId':                                 [400, 403, 403, 401, 401, 401],
  'DELETE /auth/v1/teams/:teamId/members/:userId':                              [400, 403, 403, 401, 401, 401],
  'POST /auth/v1/teams/:teamId/closure':                                        [400, 403, 403, 401, 401, 401],
  'DELETE /auth/v1/teams/:teamId/closure':                                      [400, 403, 403, 401, 401, 401],
  'POST /auth/v1/teams/:teamId/closure/confirm':                                [400, 403, 403, 401, 401, 401],
  'POST /auth/v1/teams/:teamId/alert-channels':                                 [400, 403, 403, 401, 401, 401],
  'PUT /auth/v1/teams/:teamId/alert-channels/:id':                              [400, 403, 403, 401, 401, 401],
  'DELETE /auth/v1/teams/:teamId/alert-channels/:id':                           [400, 403, 403, 401, 401, 401],
  'POST /auth/v1/teams/:teamId/alert-channels/:id/test':                        [400, 403, 403, 401, 401, 401],
  'POST /auth/v1/teams/:teamId/alert-channels/:id/secret':                      [400, 403, 403, 401, 401, 401],
  'POST /auth/v1/teams/:teamId/alert-channels/:id/switch-on':                   [400, 403, 403, 401, 401, 401],
  'POST /api/v1/nodres/team/:teamId/set_public_key/config/:configId':           [400, 403, 403, 401, 403, 400],
  'POST /api/v1/nodres/team/:teamId/docker_compose/:id':                        [400, 403, 403, 401, 403, 400],
  'DELETE /api/v1/nodres/team/:teamId/:id':                                     [400, 403, 403, 401, 403, 400],
  'PUT /api/v1/nodres/team/:teamId/nodr/:id':                                   [400, 403, 403, 401, 403, 400],
  'PUT /api/v1/nodres/team/:teamId/reset_settings_nodr/:id':                    [400, 403, 403, 401, 403, 400],
  'PUT /api/v1/nodres/team/:teamId/update_active_nodres/:id':                   [400, 403, 403, 401, 403, 400],
  'PUT /api/v1/nodres/team/:teamId/:id/maintenance':                            [400, 403, 403, 401, 403, 400],
  'DELETE /api/v1/nodres/team/:teamId/:id/maintenance':                         [400, 403, 403, 401, 403, 400],
};

let server: TestServer;
let users: Record<SessionRole, SignedInUser>;
let apiTokenOf: Record<TokenRole, string>;
let teamId: number;
let node: { id: number; licenseKey: string };
let invitationId: number;
let memberId: number;

beforeAll(async () => {
  // No built web app: its files are routes of their own when dist/ exists, and they are not the API's matrix.
  server = await startTestServer({}, { webRoot: mkdtempSync(path.join(tmpdir(), 'nodr-no-web-')) });
  const admin = await createSignedInUser(server, { teamName: 'Matrix' });
  teamId = admin.teamId;
  users = {
    admin,
    viewer: await createSignedInUser(server, { teamId, role: VIEWER_ROLE }),
    outsider: await createSignedInUser(server),
  };
  memberId = (await createSignedInUser(server, { teamId, role: VIEWER_ROLE })).userId;
  node = (await registerNode(server, admin)).node;
  const invited = await server.app.inject({
    method: 'POST',
    url: `/auth/v1/teams/${teamId}/invitations`,
    headers: admin.headers,
    payload: { email: 'matrix@example.com', role: VIEWER_ROLE },
  });
  invitationId = invited.json().id;
  apiTokenOf = { readToken: await insertApiToken('read'), writeToken: await insertApiToken('write') };
});
afterAll(() => server.close());

/** A valid body for the POST calls that only read; every other call gets the refused probe. */
function bodyOf(method: string, url: string): unknown {
  if (method === 'GET' || method === 'HEAD') return undefined;
  const now = Math.floor(server.clock.now().getTime() / 1000);
  const reads: Record<string, unknown> = {
    '/auth/v1/user': {},
    '/auth/v1/teams': {},
    '/api/v1/configs': {},
    '/api/v1/nodres/team/:teamId': {},
    '/api/v1/statistic/settings/get/user/:user_id/team/:team_id': {},
    '/auth/v1/invitations/inspect': { hash: 'x'.repeat(43) },
    '/auth/guest/link/check': { hash: 'x'.repeat(43), purpose: 'create_password' },
  };
  if (url === '/stats/v1/nodr/range') {
    const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
    return {
      from: iso(now - 3600).replace('.000', ''),
      to: iso(now).replace('.000', ''),
      clientId: teamId,
      licenceKey: [node.licenseKey],
    };
  }
  if (url.startsWith('/stats/'))
    return { startTimestamp: now - 3600, endTimestamp: now, clientId: teamId, licenceKey: [node.licenseKey] };
  return url in reads ? reads[url] : { matrixProbe: 1 };
}

async function pathFor(url: string, own: SignedInUser): Promise<string> {
  const [session] = await server.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.userId, own.userId));
  return url
    .replace(':teamId/members/:userId', `${teamId}/members/${memberId}`)
    .replace(':teamId/invitations/:id', `${teamId}/invitations/${invitationId}`)
    .replace('invitations/:id', `invitations/${invitationId}`)
    .replace('sessions/:id', `sessions/${session!.id}`)
    .replace('teams/:id', `teams/${teamId}`)
    .replace(/user\/:(user_)?id/, `user/${own.userId}`)
    .replace(/:team_?[iI]d/, String(teamId))
    .replace(/:(id|nodrId)/, String(node.id))
    .replace(':configId', '1')
    .replace(':locale', '45')
    .replace('/static/*', '/static/swagger-ui.css')
    .replace(':token', 'x'.repeat(43));
}

/** An API token of the admin in team T, written straight to the database (creating one is in api-tokens.test.ts). */
async function insertApiToken(scope: ApiTokenScope): Promise<string> {
  const secret = `nodr_${randomToken()}`;
  await server.db
    .insert(apiTokens)
    .values({ userId: users.admin.userId, teamId, name: scope, scope, tokenHash: hashToken(secret) });
  return secret;
}

/** Another live session of the same user. */
async function secondSession(user: SignedInUser): Promise<SignedInUser> {
  const token = randomToken();
  const expiresAt = new Date(server.clock.now().getTime() + 3600_000);
  await server.db.insert(sessions).values({ userId: user.userId, tokenHash: hashToken(token), expiresAt });
  return { ...user, token, headers: { authorization: `Bearer ${token}` } };
}

const isTokenRole = (role: Role): role is TokenRole => role === 'readToken' || role === 'writeToken';

function headersOf(role: Role, who: SignedInUser | undefined): Record<string, string> {
  if (isTokenRole(role)) return { authorization: `Bearer ${apiTokenOf[role]}` };
  return who ? { ...who.headers, cookie: `${SSE_COOKIE}=${who.token}` } : {};
}

async function statusOf(method: string, url: string, role: Role): Promise<number> {
  const signedIn = role === 'signedOut' || isTokenRole(role) ? undefined : users[role];
  const who = signedIn && url === LOGOUT ? await secondSession(signedIn) : signedIn;
  const payload = bodyOf(method, url);
  const response = await server.app.inject({
    method: method as 'GET',
    url: await pathFor(url, who ?? users.admin),
    headers: headersOf(role, who),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return response.statusCode;
}

describe('role × route matrix', () => {
  it('answers every route for every role with the status written in the table: 0 mismatches', async () => {
    // HEAD routes are Fastify's mirrors of the GET routes: same hooks, same expectation.
    const routes = server.app.routeTable.routes().map((route) => ({ method: route.method, url: route.url }));
    const keys = routes.map((route) => `${route.method === 'HEAD' ? 'GET' : route.method} ${route.url}`);
    expect(
      keys.filter((key) => !(key in EXPECTED)),
      'routes without a row',
    ).toEqual([]);
    expect(
      Object.keys(EXPECTED).filter((key) => !keys.includes(key)),
      'rows without a route',
    ).toEqual([]);

    const mismatches: string[] = [];
    let checked = 0;
    for (const [index, route] of routes.entries()) {
      const expected = EXPECTED[keys[index]!]!;
      for (const [column, role] of ROLES.entries()) {
        // A token never opens the stream (cookie only): its 401 comes at once.
        if (route.url === STREAM && !(role === 'signedOut' || isTokenRole(role))) continue;
        const status = await statusOf(route.method, route.url, role);
        checked += 1;
        if (status !== expected[column])
          mismatches.push(`${route.method} ${route.url} as ${role}: ${status}`);
      }
    }
    expect(mismatches).toEqual([]);
    expect(checked).toBeGreaterThan(500);
    // Over 600 calls, one after another: on a busy 2-core machine they take more than the default 30 s.
  }, 120_000);
});
