import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, startTestServer, type TestServer } from '../helpers/server.ts';
import { call, createAccount, PASSWORD } from './profile-fixtures.ts';

type Method = 'POST' | 'DELETE';

interface Route {
  name: string;
  method: Method;
  /** The path for `pathUser` (and the team `pathTeam`). */
  path: (pathUser: number, pathTeam: number) => string;
  /** A body that would succeed for the owner of the path. */
  body: (owner: SignedInUser) => Record<string, string | number>;
  /** Signed-in route; the two accept routes are open (the link is the proof). */
  signedIn: boolean;
}

const settings = 'v1/profile_settings';
const routes: Route[] = [
  {
    name: 'change_password',
    method: 'POST',
    path: (u, t) => `${settings}/user/${u}/team/${t}/change_password`,
    body: () => ({ password: PASSWORD, new_password: 'another-secret', confirm: 'another-secret' }),
    signedIn: true,
  },
  {
    name: 'change_email',
    method: 'POST',
    path: (u, t) => `${settings}/user/${u}/team/${t}/change_email`,
    body: () => ({ password: PASSWORD, email: `sec-${Date.now()}@example.org` }),
    signedIn: true,
  },
  {
    name: 'change_email/resend',
    method: 'POST',
    path: (u) => `${settings}/user/${u}/change_email/resend`,
    body: () => ({ url: 'x' }),
    signedIn: true,
  },
  {
    name: 'change_email/revoke',
    method: 'POST',
    path: (u) => `${settings}/user/${u}/change_email/revoke`,
    body: () => ({}),
    signedIn: true,
  },
  {
    name: 'info_delete',
    method: 'POST',
    path: (u) => `v1/user/${u}/info_delete`,
    body: () => ({}),
    signedIn: true,
  },
  {
    name: 'delete user',
    method: 'DELETE',
    path: (u) => `v1/user/${u}`,
    body: () => ({ password: PASSWORD }),
    signedIn: true,
  },
  {
    name: 'deletion resend',
    method: 'POST',
    path: (u) => `v1/user/${u}/resend`,
    body: () => ({}),
    signedIn: true,
  },
  {
    name: 'deletion revoke',
    method: 'POST',
    path: (u) => `v1/user/${u}/revoke`,
    body: () => ({}),
    signedIn: true,
  },
  {
    name: 'change_email/accept',
    method: 'POST',
    path: () => `${settings}/change_email/accept`,
    body: () => ({ hash: 'x' }),
    signedIn: false,
  },
  {
    name: 'deletion accept',
    method: 'DELETE',
    path: () => 'v1/user/accept',
    body: () => ({ hash: 'x' }),
    signedIn: false,
  },
];

describe('profile settings: access and malformed input', () => {
  let server: TestServer;
  let caller: SignedInUser;
  let victim: SignedInUser;
  beforeAll(async () => {
    server = await startTestServer();
    caller = await createAccount(server);
    victim = await createAccount(server);
  });
  afterAll(() => server.close());

  it.each(routes.filter((route) => route.signedIn))(
    "answers 403 for another user's id in the path: $name",
    async (route) => {
      const response = await call(
        server,
        route.method,
        route.path(victim.userId, victim.teamId),
        route.body(victim),
        caller,
      );
      expect(response.statusCode).toBe(403);
    },
  );

  it.each(routes.filter((route) => route.signedIn))(
    "answers 403 for another user's id in the body: $name",
    async (route) => {
      const body = { ...route.body(caller), user_id: victim.userId, userId: victim.userId };
      const response = await call(
        server,
        route.method,
        route.path(caller.userId, caller.teamId),
        body,
        caller,
      );
      expect(response.statusCode).toBe(403);
    },
  );

  it.each(routes.filter((route) => route.signedIn))('answers 401 without a session: $name', async (route) => {
    const response = await call(
      server,
      route.method,
      route.path(caller.userId, caller.teamId),
      route.body(caller),
    );
    expect(response.statusCode).toBe(401);
  });

  it('never answers a 5xx to 300 malformed bodies', async () => {
    const json = fc.jsonValue({ maxDepth: 3 }).map((value) => ({ type: 'json' as const, value }));
    const raw = fc
      .oneof(
        fc.string({ maxLength: 300 }),
        fc.constantFrom('{', '[1,', '\u0000', 'a=%ZZ&b', 'null', '""', '{"hash":{}}'),
      )
      .map((value) => ({ type: 'raw' as const, value }));
    const fields = fc
      .dictionary(
        fc.constantFrom(
          'hash',
          'password',
          'new_password',
          'confirm',
          'email',
          'user_id',
          'userId',
          'team_id',
          'url',
        ),
        fc.oneof(
          fc.string({ maxLength: 40 }),
          fc.constant('\u0000'),
          fc.constant('x'.repeat(5000)),
          fc.integer().map(String),
        ),
      )
      .map((value) => ({ type: 'form' as const, value }));
    const samples = fc.sample(
      fc.tuple(fc.constantFrom(...routes), fc.oneof(json, raw, fields), fc.boolean()),
      { numRuns: 300, seed: 20260105 },
    );
    const statuses = new Map<number, number>();
    for (const [route, body, ownPath] of samples) {
      const path = route.path(
        ownPath ? caller.userId : victim.userId,
        ownPath ? caller.teamId : victim.teamId,
      );
      const headers: Record<string, string> = { ...caller.headers };
      let payload: string;
      if (body.type === 'form') {
        headers['content-type'] = 'application/x-www-form-urlencoded';
        payload = new URLSearchParams(body.value).toString();
      } else {
        headers['content-type'] = body.type === 'json' ? 'application/json' : 'text/plain';
        payload = body.type === 'json' ? JSON.stringify(body.value) : body.value;
      }
      const response = await server.app.inject({
        method: route.method,
        url: `/auth/${path}`,
        headers,
        payload,
      });
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
      expect(response.statusCode, `${route.name} ${payload.slice(0, 80)}`).toBeLessThan(500);
    }
    expect([...statuses.keys()].every((status) => status >= 200 && status < 500)).toBe(true);
  });
});
