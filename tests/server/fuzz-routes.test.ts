import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { nodeRequestHeaders } from '../../contracts/node-signing.ts';
import { hashPassword } from '../../server/accounts/passwords.ts';
import { sessions, users } from '../../server/db/schema.ts';
import { safeString } from '../../server/lib/input-schema.ts';
import type { RouteEntry } from '../../server/lib/route-table.ts';
import { hashToken, randomToken } from '../../server/lib/tokens.ts';
import {
  bodySchema,
  type Draft,
  formText,
  jsonText,
  OWN,
  pathParameters,
  requestDraft,
  type SessionKind,
} from '../helpers/fuzz-requests.ts';
import { CONTROL_CHARACTERS, type FieldSchema } from '../helpers/fuzz-values.ts';
import { newNodeKeys, passingReport, registerNode } from '../helpers/nodes.ts';
import { createSignedInUser, startTestServer } from '../helpers/server.ts';

/**
 * Requests generated over every route the server has (taken from its route table, so a new
 * route is fuzzed without touching this file), bodies generated from each route's declared schema. Every route
 * gets its quota of cases; most carry a valid session (for node routes: a valid signature) and the caller's own
 * ids, so that one bad field at a time reaches the service behind the validation. No answer may be a 5xx or carry
 * internals, and no answer may accept a control character in a field that forbids it.
 * FUZZ_SEED reproduces a run; FUZZ_ROUTE="METHOD /path" runs one route; a failure names both.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_122);
const RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);
/** Every route gets at least this many cases; the rest goes to routes by how many body fields they declare. */
const MIN_PER_ROUTE = Number(process.env.FUZZ_MIN_PER_ROUTE ?? 100);
const PASSWORD = 'fuzz password 1';

// Internals an answer must never show: stack frames, file paths, driver and library names, SQL.
const LEAKS = [
  /\n\s+at /,
  /node_modules/,
  /\/work\//,
  /\.ts:\d+/,
  /drizzle/i,
  /pglite/i,
  /SQLSTATE|syntax error at/i,
];

// A web root of its own: with the built app each of its files would be a route, and the run would depend on a build.
const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'nodr-fuzz-web-'));
fs.mkdirSync(path.join(webRoot, 'assets'));
fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>NODR</title><div id="root"></div>');
fs.writeFileSync(path.join(webRoot, 'assets/app-Fuzz1.js'), 'export {};');
const server = await startTestServer({}, { webRoot });
afterAll(async () => {
  await server.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});
const user = await createSignedInUser(server);
// Another team's member: a valid session that owns none of the ids in the paths.
const outsider = await createSignedInUser(server);
await server.db
  .update(users)
  .set({ passwordHash: await hashPassword(PASSWORD) })
  .where(eq(users.id, user.userId));
const spareKeys = Array.from({ length: 4 }, () => newNodeKeys().publicKey);
const strangerKey = newNodeKeys().privateKey;
let node = await registerNode(server, user);

const allRoutes = server.app.routeTable.routes().filter((route) => route.method !== 'HEAD');
const routeName = (route: RouteEntry) => `${route.method} ${route.url}`;
const routes = process.env.FUZZ_ROUTE
  ? allRoutes.filter((route) => routeName(route) === process.env.FUZZ_ROUTE)
  : allRoutes;

const isNodeRoute = (route: RouteEntry) => route.url.startsWith('/api/node/');
// The event stream never ends while its session is valid, so it is fuzzed without one.
const isEndless = (route: RouteEntry) => route.url === '/api/v1/sse/handle';
// These end the session they are given or name: they get a throwaway session of the same user.
const usesThrowawaySession = (route: RouteEntry) =>
  route.url === '/auth/v1/logout' || route.url === '/auth/v1/sessions/:id';

/** The caller's own id for a path parameter or body field of `route`. */
function ownId(route: RouteEntry, name: string): number | string | undefined {
  if (name === 'teamId' || name === 'team_id' || name === 'clientId') return user.teamId;
  if (name === 'userId' || name === 'user_id') return user.userId;
  if (name === 'configId' || name === 'config_id') return 1;
  if (name === 'locale') return '45';
  if (name === 'id' && route.url.includes('/nodres/')) return node.node.id;
  if (name === 'id' && route.url.includes('/teams/')) return user.teamId;
  if (name === 'id' && route.url.includes('/user/')) return user.userId;
  return undefined;
}

/** Values that pass validation and the services' first checks, by field name; ids are read when generated. */
const knownFor = (route: RouteEntry) => (name: string) => {
  const live = (read: () => unknown) => fc.constant(null).map(read);
  if (ownId(route, name) !== undefined) return live(() => ownId(route, name));
  if (name === 'login') return fc.constantFrom(user.email, 'nobody@example.com');
  if (name === 'email') return fc.nat({ max: 999 }).map((n) => `fuzz${n}@example.com`);
  if (name === 'password' || name === 'new_password' || name === 'confirm') return fc.constant(PASSWORD);
  if (name === 'hash' || name === 'challenge') return fc.stringMatching(/^[0-9a-f]{32}$/);
  if (name === 'code') return fc.stringMatching(/^\d{6}$/);
  if (name === 'url' || name.endsWith('Path')) return fc.constantFrom('/createPassword', '/resPassword');
  if (name === 'publicKey') return fc.constantFrom(...spareKeys);
  if (name === 'licenseKey') return live(() => node.node.licenseKey);
  if (name === 'licenceKey') return live(() => [node.node.licenseKey]);
  if (name in passingReport) return fc.constant(passingReport[name as keyof typeof passingReport]);
  return undefined;
};

function sessionKinds(route: RouteEntry): SessionKind[] {
  if (isEndless(route)) return ['none', 'garbage'];
  return ['own', 'own', 'own', 'own', 'own', 'own', 'own', 'outsider', 'none', 'garbage'];
}

/** Per route: MIN_PER_ROUTE, and the rest of RUNS shared by declared body fields (largest remainder, stable). */
function quotas(list: RouteEntry[]): Map<RouteEntry, number> {
  const weight = (route: RouteEntry) => 1 + Object.keys(bodySchema(route)?.properties ?? {}).length;
  const total = list.reduce((sum, route) => sum + weight(route), 0);
  const spare = Math.max(0, RUNS - MIN_PER_ROUTE * list.length);
  const exact = list.map((route) => (spare * weight(route)) / total);
  const shares = exact.map(Math.floor);
  let left = spare - shares.reduce((sum, share) => sum + share, 0);
  const byRemainder = exact.map((value, index) => [value % 1, index] as const).sort((a, b) => b[0] - a[0]);
  for (const [, index] of byRemainder) if (left-- > 0) shares[index] = (shares[index] ?? 0) + 1;
  return new Map(list.map((route, index) => [route, MIN_PER_ROUTE + (shares[index] ?? 0)]));
}

/** A seed per route from the run's seed and the route's name, so adding a route does not reshuffle the others. */
function routeSeed(route: RouteEntry): number {
  let hash = SEED | 0;
  for (const char of routeName(route)) hash = Math.imul(hash ^ char.charCodeAt(0), 16_777_619);
  return hash;
}

async function throwawaySession(): Promise<{ id: number; token: string }> {
  const token = randomToken();
  const [row] = await server.db
    .insert(sessions)
    .values({
      userId: user.userId,
      tokenHash: hashToken(token),
      expiresAt: new Date(server.clock.now().getTime() + 3600_000),
    })
    .returning({ id: sessions.id });
  return { id: row!.id, token };
}

/** The draft's session as headers: a bearer token, or for node routes a signature over the exact body sent. */
function credentials(
  route: RouteEntry,
  draft: Draft,
  payload: string | undefined,
  throwawayToken: string | undefined,
): Record<string, string> {
  if (isNodeRoute(route)) {
    if (draft.session === 'garbage')
      return { 'x-nodr-license': '\u00ff\u0001', 'x-nodr-timestamp': 'x', 'x-nodr-signature': '%' };
    if (draft.session === 'none') return {};
    // 'outsider' signs with a key that is not the node's.
    const signer = draft.session === 'own' ? node.keys.privateKey : strangerKey;
    server.clock.advance(1);
    const { 'content-type': _json, ...signed } = nodeRequestHeaders(
      node.node.licenseKey,
      signer,
      payload ?? '',
      server.clock.now().getTime(),
    );
    return signed;
  }
  if (draft.session === 'own') return { authorization: `Bearer ${throwawayToken ?? user.token}` };
  if (draft.session === 'outsider') return { authorization: `Bearer ${outsider.token}` };
  if (draft.session === 'garbage') return { authorization: 'Bearer \u00ff\u0001garbage' };
  return {};
}

/** Turns a draft into a request: the session or signature, the caller's ids in the path, the encoded body. */
async function toRequest(route: RouteEntry, draft: Draft): Promise<InjectOptions> {
  const throwaway = usesThrowawaySession(route) ? await throwawaySession() : undefined;
  const names = pathParameters(route);
  let index = 0;
  const url = route.url.replace(/:([A-Za-z_]+)/g, () => {
    const segment = draft.segments[index] ?? OWN;
    const name = names[index++] ?? '';
    if (segment !== OWN) return segment;
    if (throwaway && name === 'id') return String(throwaway.id);
    return String(ownId(route, name) ?? user.userId);
  });
  const headers: Record<string, string> = {};
  let payload: string | undefined;
  if (draft.encoding === 'json') {
    headers['content-type'] = 'application/json';
    payload = jsonText(draft);
  } else if (draft.encoding === 'form') {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    payload = formText(draft);
  } else if (draft.encoding === 'raw') {
    headers['content-type'] = draft.raw.contentType;
    payload = draft.raw.text;
  }
  if (draft.method === 'GET' || draft.method === 'OPTIONS') payload = undefined;

  const endsItsOwnSession = route.url === '/auth/v1/logout';
  Object.assign(
    headers,
    credentials(route, draft, payload, endsItsOwnSession ? throwaway?.token : undefined),
  );
  return { method: draft.method as InjectOptions['method'], url: `${url}${draft.query}`, headers, payload };
}

/** Body fields that must refuse control characters: those the route declares with the shared safe-string rule. */
function safeStringFields(route: RouteEntry): Set<string> {
  const properties = Object.entries((bodySchema(route)?.properties ?? {}) as Record<string, FieldSchema>);
  const isSafe = (schema: FieldSchema) =>
    schema.type === 'string' &&
    schema.maxLength !== undefined &&
    JSON.stringify(schema) ===
      JSON.stringify(safeString({ maxLength: schema.maxLength, minLength: schema.minLength }));
  return new Set(properties.filter(([, schema]) => isSafe(schema)).map(([name]) => name));
}

const counts = new Map<string, { cases: number; pastValidation: number; success: number }>();

function check(route: RouteEntry, draft: Draft, request: InjectOptions, response: LightMyRequestResponse) {
  const what = `${request.method} ${request.url} (${draft.session}, ${draft.encoding}, mutated: ${draft.mutated.join(' ') || 'none'})`;
  expect(response.statusCode, `${what} answered ${response.body.slice(0, 300)}`).toBeLessThan(500);
  for (const leak of LEAKS) expect(response.body, what).not.toMatch(leak);
  if (response.statusCode >= 400 && route.url !== '/install/nodr-install.sh') {
    const body = response.json() as { error?: unknown; message?: unknown };
    expect(typeof body.error, what).toBe('string');
    expect(typeof body.message, what).toBe('string');
  }
  const bodySent = draft.encoding === 'json' || draft.encoding === 'form';
  if (response.statusCode < 300 && bodySent && request.method === route.method) {
    const safe = safeStringFields(route);
    const smuggled = draft.entries.find(
      ([name, value]) => safe.has(name) && typeof value === 'string' && CONTROL_CHARACTERS.test(value),
    );
    expect(smuggled, `${what} accepted a control character in "${smuggled?.[0]}"`).toBeUndefined();
  }
}

function tally(route: RouteEntry, response: LightMyRequestResponse) {
  const count = counts.get(routeName(route)) ?? { cases: 0, pastValidation: 0, success: 0 };
  count.cases++;
  if (!response.body.includes('"message":"Invalid request:')) count.pastValidation++;
  if (response.statusCode < 300) count.success++;
  counts.set(routeName(route), count);
}

const share = quotas(routes);
const stoppedEarly = new Set<string>();

describe(`fuzzing every route (FUZZ_SEED=${SEED}, ${RUNS} cases, at least ${MIN_PER_ROUTE} per route)`, () => {
  it.each(routes.map((route) => [routeName(route), route] as const))('%s', async (name, route) => {
    const known = knownFor(route);
    const property = fc.asyncProperty(requestDraft(route, known, sessionKinds(route)), async (draft) => {
      const request = await toRequest(route, draft);
      const response = await server.app.inject(request);
      tally(route, response);
      // A deleted node answers 404 to every node call; a fresh one keeps the node calls reachable. Ending a
      // maintenance window deletes no node.
      const deletesNode = route.url.includes('/nodres/') && !route.url.endsWith('/maintenance');
      if (request.method === 'DELETE' && deletesNode && response.statusCode === 200) {
        node = await registerNode(server, user);
      }
      check(route, draft, request, response);
    });
    const result = await fc.check(property, {
      seed: routeSeed(route),
      numRuns: share.get(route),
      endOnFailure: true,
    });
    if (result.failed) {
      stoppedEarly.add(name);
      const reason =
        result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance);
      throw new Error(
        `${name} failed after ${result.numRuns} of ${share.get(route)} cases; reproduce with FUZZ_SEED=${SEED} FUZZ_ROUTE="${name}"\n${reason}`,
      );
    }
  });

  it('covered every route with its quota and reached past validation', () => {
    const total = [...counts.values()].reduce((sum, count) => sum + count.cases, 0);
    if (!process.env.FUZZ_ROUTE && stoppedEarly.size === 0) expect(total).toBeGreaterThanOrEqual(RUNS);
    // A route that failed stopped at its counterexample; its own test says so.
    for (const route of routes.filter((entry) => !stoppedEarly.has(routeName(entry)))) {
      const count = counts.get(routeName(route));
      expect(count?.cases, routeName(route)).toBe(share.get(route));
    }
    if (process.env.FUZZ_REPORT) console.table(Object.fromEntries(counts));
    // Requests must get past the schema, not only bounce off it: some answers are successes.
    expect([...counts.values()].some((count) => count.success > 0)).toBe(true);
  });
});
