import { compileErrors, validate } from '@readme/openapi-parser';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import Fastify from 'fastify';
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answers } from '../../server/lib/answer-schemas.ts';
import { DOCS_PATH, OPENAPI_PATH } from '../../server/openapi-routes.ts';
import { checkAnswers } from '../helpers/response-check.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

type Operation = {
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  responses: Record<string, unknown>;
};
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

/** Routes left out of the document on purpose, with the reason. */
const leftOut: { test: (url: string) => boolean; reason: string }[] = [
  { test: (url) => url === OPENAPI_PATH, reason: 'the document itself' },
  {
    test: (url) => url === DOCS_PATH || url.startsWith(`${DOCS_PATH}/`),
    reason: 'the reference page and its own files',
  },
];

const openApiPath = (url: string) => url.replace(/:([A-Za-z_]+)/g, '{$1}');

describe('the OpenAPI document', () => {
  let server: TestServer;
  let document: Document;

  beforeAll(async () => {
    // No web root: the built app's files would be routes of their own.
    server = await startTestServer({}, { webRoot: '/nonexistent-web-root' });
    const response = await server.app.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    document = response.json();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('lists every registered route but the documentation itself, with a summary, a tag and the error answers', () => {
    const routes = server.app.routeTable.routes().filter((route) => route.method !== 'HEAD');
    expect(routes.length).toBeGreaterThan(50);
    const missing: string[] = [];
    for (const route of routes) {
      if (leftOut.some((rule) => rule.test(route.url))) continue;
      const operation = document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      if (!operation) {
        missing.push(`${route.method} ${route.url}`);
        continue;
      }
      expect(operation.summary, `${route.method} ${route.url}`).toMatch(/\w/);
      expect(operation.tags, `${route.method} ${route.url}`).toHaveLength(1);
      expect(Object.keys(operation.responses), `${route.method} ${route.url}`).toContain('4XX');
    }
    expect(missing).toEqual([]);
  });

  it('documents nothing that is not a route', () => {
    const routes = new Set(
      server.app.routeTable
        .routes()
        .map((route) => `${route.method.toLowerCase()} ${openApiPath(route.url)}`),
    );
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const method of Object.keys(operations)) expect(routes).toContain(`${method} ${path}`);
    }
  });

  it('validates as OpenAPI 3.1', async () => {
    expect(document.openapi).toBe('3.1.0');
    // validate() dereferences in place: give it a copy.
    const result = await validate(structuredClone(document) as unknown as Parameters<typeof validate>[0]);
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
  });

  it('says how each call is authenticated: session, API token, node signature, the stream cookie or nothing', () => {
    const security = (method: string, path: string) => document.paths[path]?.[method]?.security;
    expect(security('get', '/auth/v1/check')).toEqual([{ session: [] }]);
    expect(security('post', '/auth/guest/auth')).toEqual([]);
    expect(security('post', '/api/v1/nodres/team/{teamId}')).toEqual([{ session: [] }, { apiToken: [] }]);
    expect(security('post', '/stats/v1/nodr/day')).toEqual([{ session: [] }, { apiToken: [] }]);
    expect(security('post', '/api/node/v1/telemetry')).toEqual([
      { nodeLicense: [], nodeTimestamp: [], nodeSignature: [] },
    ]);
    expect(security('get', '/api/v1/sse/handle')).toEqual([{ sessionCookie: [] }]);
    const schemes = (document as unknown as { components: { securitySchemes: Record<string, unknown> } })
      .components.securitySchemes;
    expect(schemes.apiToken).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'nodr_…' });
    expect(schemes.nodeSignature).toMatchObject({ type: 'apiKey', in: 'header', name: 'x-nodr-signature' });
  });

  it('documents bodies and answers from the same schemas the server validates with', () => {
    const signIn = document.paths['/auth/guest/auth']?.post as Operation & {
      requestBody: {
        content: Record<string, { schema: { required: string[]; additionalProperties: boolean } }>;
      };
    };
    const body = signIn.requestBody.content['application/json']?.schema;
    expect(body?.required).toEqual(['login', 'password']);
    expect(body?.additionalProperties).toBe(false);
    const node = document.paths['/api/v1/nodres/team/{teamId}/{id}']?.get?.responses['200'] as {
      content: Record<string, { schema: { required: string[] } }>;
    };
    expect(node.content['application/json']?.schema.required).toEqual(
      expect.arrayContaining(['licenseKey', 'config', 'online', 'lastSeenAt']),
    );
  });

  it('carries examples, each valid against the schema it illustrates', () => {
    const ajv = new Ajv2020({ strict: false });
    addFormats.default(ajv);
    const found: string[] = [];
    const checkAll = (schema: object, examples: unknown[], where: string) => {
      const check = ajv.compile(schema);
      for (const example of examples) {
        expect(check(example), `${where}: ${ajv.errorsText(check.errors)}`).toBe(true);
      }
      found.push(where);
    };
    // A body's single example sits on its media type (`{ schema, example }`); nested ones stay in the schema.
    const visit = (node: unknown, where: string) => {
      if (typeof node !== 'object' || node === null) return;
      const media = node as { schema?: object; example?: unknown; examples?: unknown; type?: unknown };
      if (media.schema && 'example' in media) checkAll(media.schema, [media.example], where);
      if (Array.isArray(media.examples) && media.type) checkAll(media, media.examples, where);
      for (const [key, value] of Object.entries(node)) visit(value, `${where}/${key}`);
    };
    visit(document.paths, '');
    for (const path of ['/auth/guest/auth', '/stats/v1/nodr/day', '/api/node/v1/telemetry']) {
      expect(found.some((where) => where.startsWith(`/${path}/post/requestBody`))).toBe(true);
    }
  });

  it('serves the reference page and its files from this server, under the product CSP', async () => {
    const page = await server.app.inject({ method: 'GET', url: `${DOCS_PATH}/` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    // The one hashed style sheet of Swagger UI is allowed on the docs page only.
    expect(csp).toMatch(/style-src 'self' 'sha256-[A-Za-z0-9+/=]+';/);
    const elsewhere = await server.app.inject({ method: 'GET', url: '/app-config.json' });
    expect(String(elsewhere.headers['content-security-policy'])).toContain("style-src 'self';");
    const scripts = [...page.body.matchAll(/<script src="([^"]+)"/g)].map((match) => match[1] ?? '');
    expect(scripts.length).toBeGreaterThan(0);
    expect(page.body).not.toMatch(/<script>|<style>|https?:\/\//);
    for (const script of scripts) {
      const file = await server.app.inject({
        method: 'GET',
        url: new URL(script, `http://x${DOCS_PATH}/`).pathname,
      });
      expect(file.statusCode, script).toBe(200);
      expect(file.headers['content-type']).toMatch(/javascript/);
    }
  });

  it("checks the answers of the product's routes in every server test", async () => {
    const before = server.answers.checked;
    await server.app.inject({ method: 'GET', url: '/app-config.json' });
    await server.app.inject({ method: 'GET', url: '/auth/v1/check' });
    expect(server.answers.checked).toBe(before + 2);
    expect(server.answers.mismatches).toEqual([]);
  });

  it('keeps unknown API paths a JSON 404', async () => {
    for (const url of ['/api/docs-nope', '/api/openapi.yaml', '/api/nope']) {
      const response = await server.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toMatchObject({ error: 'not_found' });
    }
  });
});

describe('the answer check of the server tests', () => {
  it('records an answer that differs from its documented schema, and an undocumented status', async () => {
    const app = Fastify();
    const partial = Type.Object({ id: Type.Integer() }, { additionalProperties: false });
    app.get('/extra', { schema: { response: answers({ 200: partial }) } }, async () => ({
      id: 1,
      extra: 'x',
    }));
    app.get('/typed', { schema: { response: answers({ 200: partial }) } }, async () => ({ id: '1' }));
    app.get('/created', { schema: { response: answers({ 200: partial }) } }, async (_request, reply) =>
      reply.status(201).send({ id: 1 }),
    );
    app.get('/fine', { schema: { response: answers({ 200: partial }) } }, async () => ({ id: 1 }));
    app.get('/bare', async () => ({ id: 1 }));
    const { mismatches } = checkAnswers(app);
    // Added after the check, as a test's own probe: not the product's, not checked.
    app.get('/probe', async () => ({ anything: true }));
    // With Fastify's own serializer the extra field would be dropped before any check could see it.
    app.setSerializerCompiler(() => (data) => JSON.stringify(data));
    await app.ready();
    for (const url of ['/extra', '/typed', '/created', '/fine', '/bare', '/probe'])
      await app.inject({ method: 'GET', url });
    await app.close();
    expect(mismatches).toHaveLength(4);
    expect(mismatches[0]).toMatch(/^GET \/extra 200: .*additional properties/);
    expect(mismatches[1]).toMatch(/^GET \/typed 200: .*must be integer/);
    expect(mismatches[2]).toBe('GET /created 201: this status is not documented');
    expect(mismatches[3]).toBe('GET /bare 200: the route documents no answers');
  });
});
