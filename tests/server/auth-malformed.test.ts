import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { type Account, freshIp, signUp } from './auth-helpers.ts';

/** One generated request and why it is malformed. */
interface Case {
  name: string;
  request: InjectOptions;
}

const huge = 'x'.repeat(5_000);
/** Values no string field of these calls accepts (arrays of two, objects, NUL, far too long). */
const notAString: unknown[] = [{}, { nested: { deep: [1, 2] } }, ['a', 'b'], '\u0000', huge, `${huge}😀`];
const badIds = [
  '-1',
  '0',
  'abc',
  '9999999999999',
  '1.5',
  '%00',
  '%F0%9F%98%80',
  'null',
  '[]',
  '1%20or%201=1',
  '-0.5',
  '2147483648',
];

function jsonCase(name: string, method: 'POST' | 'PUT', url: string, body: unknown, headers = {}): Case {
  return {
    name,
    request: {
      method,
      url,
      payload: JSON.stringify(body),
      headers: { 'content-type': 'application/json', ...headers },
    },
  };
}

function formCase(name: string, method: 'POST' | 'PUT', url: string, payload: string, headers = {}): Case {
  return {
    name,
    request: {
      method,
      url,
      payload,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    },
  };
}

/** Bodies that are malformed whatever the route: broken JSON, wrong types at the top, wrong content types. */
function rawCases(method: 'POST' | 'PUT', url: string, headers = {}): Case[] {
  const raw = (name: string, payload: string, type?: string): Case => ({
    name: `${method} ${url} ${name}`,
    request: { method, url, payload, headers: { ...(type ? { 'content-type': type } : {}), ...headers } },
  });
  return [
    raw('invalid JSON', '{"login":', 'application/json'),
    raw('JSON null', 'null', 'application/json'),
    raw('JSON array', '[{"login":"a@b.co"}]', 'application/json'),
    raw('JSON string', '"a@b.co"', 'application/json'),
    raw('JSON number', '42', 'application/json'),
    raw('proto pollution', '{"__proto__":{"admin":true},"login":1}', 'application/json'),
    raw('text/plain', 'login=a@b.co', 'text/plain'),
    raw('xml', '<login>a@b.co</login>', 'application/xml'),
    raw(
      'multipart',
      '--x\r\nContent-Disposition: form-data; name="login"\r\n\r\na\r\n--x--',
      'multipart/form-data; boundary=x',
    ),
    raw('no content type', 'login=a@b.co'),
    raw('oversized form', `login=${'a'.repeat(70_000)}`, 'application/x-www-form-urlencoded'),
  ];
}

/** For each field: leave it out, then each value that cannot be valid, as JSON and (for strings) as a form. */
function fieldCases(
  method: 'POST' | 'PUT',
  url: string,
  valid: Record<string, string>,
  invalid: Record<string, unknown[]>,
  required: string[],
  headers = {},
): Case[] {
  const cases: Case[] = [];
  for (const field of required) {
    const { [field]: _left, ...rest } = valid;
    cases.push(jsonCase(`${method} ${url} without ${field}`, method, url, rest, headers));
  }
  for (const [field, values] of Object.entries(invalid)) {
    for (const [index, value] of values.entries()) {
      const name = `${method} ${url} ${field}#${index}`;
      cases.push(jsonCase(`${name} json`, method, url, { ...valid, [field]: value }, headers));
      if (typeof value === 'string') {
        const body = new URLSearchParams({ ...valid, [field]: value });
        cases.push(formCase(`${name} form`, method, url, body.toString(), headers));
      }
    }
    // A field sent twice arrives as an array of two.
    const twice = new URLSearchParams(valid);
    twice.append(field, valid[field] ?? 'x');
    cases.push(formCase(`${method} ${url} ${field} twice`, method, url, twice.toString(), headers));
  }
  return cases;
}

function buildCases(account: Account, otherTeamId: number): Case[] {
  const auth = account.headers;
  const email = 'someone@example.com';
  const badEmails = [
    ...notAString,
    '',
    'not-an-email',
    '@example.com',
    'a@b',
    'a b@example.com',
    `${'a'.repeat(300)}@example.com`,
  ];
  const cases: Case[] = [
    ...rawCases('POST', '/auth/guest/register'),
    ...fieldCases(
      'POST',
      '/auth/guest/register',
      {
        login: email,
        offer: 'true',
        subscription: 'true',
        createPath: 'http://x/c',
        resetPath: 'http://x/r',
        loginPath: 'http://x/',
      },
      {
        login: badEmails,
        offer: ['yes', 'maybe', '2', {}, ['true', 'false']],
        subscription: ['no', {}],
        createPath: [{}, 'x'.repeat(3000)],
      },
      ['login'],
    ),
    ...rawCases('POST', '/auth/guest/recovery-password'),
    ...fieldCases(
      'POST',
      '/auth/guest/recovery-password',
      { login: email, url: 'http://x/resPassword' },
      { login: badEmails, url: [{}, 'u'.repeat(3000)] },
      ['login'],
    ),
    ...rawCases('POST', '/auth/guest/auth'),
    ...fieldCases(
      'POST',
      '/auth/guest/auth',
      { login: email, password: 'secret1' },
      {
        login: [{}, ['a', 'b'], '\u0000', '', 'l'.repeat(400)],
        password: [{}, ['a', 'b'], '', 'p'.repeat(1025)],
      },
      ['login', 'password'],
    ),
    ...rawCases('POST', '/auth/guest/set-new-password'),
    ...fieldCases(
      'POST',
      '/auth/guest/set-new-password',
      { hash: 'A'.repeat(43), password: 'secret1', confirm: 'secret1' },
      {
        hash: [...notAString, '', 'short', '😀😀😀', '../../../etc/passwd'],
        password: [{}, ['a', 'b'], '', '12345', 'p'.repeat(1025)],
        confirm: [{}, ['a', 'b'], 'different', 'c'.repeat(1025)],
      },
      ['hash', 'password', 'confirm'],
    ),
    ...rawCases('PUT', `/auth/v1/user/${account.userId}`, auth),
    ...fieldCases(
      'PUT',
      `/auth/v1/user/${account.userId}`,
      { id: String(account.userId), name: 'Ada', surname: 'Lovelace', phone: '+1 555', image: '1' },
      {
        id: ['abc', '-1', '0', '1.5', {}, String(account.userId + 1)],
        name: [...notAString, 'n'.repeat(31)],
        surname: [...notAString, 's'.repeat(31)],
        phone: [...notAString, 'abc', '1'.repeat(31), '<script>'],
        image: ['13', '-1', 'abc', '', '1.0', '007', {}, ['1', '2']],
      },
      [],
      auth,
    ),
    jsonCase(
      'PUT user with 60 fields',
      'PUT',
      `/auth/v1/user/${account.userId}`,
      Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`f${i}`, i])),
      auth,
    ),
    ...rawCases('PUT', `/auth/v1/teams/${account.teamId}`, auth),
    ...fieldCases(
      'PUT',
      `/auth/v1/teams/${account.teamId}`,
      { id: String(account.teamId), name: 'Workspace' },
      { id: ['abc', '-1', {}, String(otherTeamId)], name: [...notAString, '', '   ', 'w'.repeat(101)] },
      ['name'],
      auth,
    ),
  ];
  for (const url of ['/auth/v1/user', '/auth/v1/teams']) {
    cases.push(
      ...rawCases('POST', url, auth).filter(
        (c) => !c.name.includes('oversized') && !c.name.includes('proto'),
      ),
    );
    cases.push(
      jsonCase(
        `POST ${url} 60 fields`,
        'POST',
        url,
        Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`f${i}`, i])),
        auth,
      ),
    );
  }
  for (const id of badIds) {
    for (const [method, base] of [
      ['GET', '/auth/v1/user/'],
      ['PUT', '/auth/v1/user/'],
      ['GET', '/auth/v1/teams/'],
      ['PUT', '/auth/v1/teams/'],
    ] as const) {
      const request: InjectOptions = { method, url: `${base}${id}`, headers: auth };
      if (method === 'PUT')
        Object.assign(request, {
          payload: 'name=x',
          headers: { ...auth, 'content-type': 'application/x-www-form-urlencoded' },
        });
      cases.push({ name: `${method} ${base}${id}`, request });
    }
  }
  return cases;
}

describe('malformed input', () => {
  let server: TestServer;
  let cases: Case[];
  beforeAll(async () => {
    server = await startTestServer();
    const account = await signUp(server, 'malformed@example.com');
    const other = await signUp(server, 'other-team@example.com');
    cases = buildCases(account, other.teamId);
  });
  afterAll(() => server.close());

  it('answers at least 200 generated malformed bodies and parameters with a 4xx JSON error, never a 5xx', async () => {
    expect(cases.length).toBeGreaterThanOrEqual(200);
    const failures: string[] = [];
    for (const { name, request } of cases) {
      // Each from its own address, so that the rate limits never answer in place of validation.
      const response = await server.app.inject({ ...request, remoteAddress: freshIp() });
      const body = response.json();
      const status = response.statusCode;
      if (status < 400 || status >= 500 || status === 429)
        failures.push(`${name}: ${status} ${response.body.slice(0, 200)}`);
      else if (typeof body.error !== 'string' || typeof body.message !== 'string')
        failures.push(`${name}: body ${response.body}`);
      else if (/at .+\.ts:\d+/.test(response.body)) failures.push(`${name}: stack trace in ${response.body}`);
    }
    expect(failures).toEqual([]);
    console.info(`auth malformed-input cases: ${cases.length}, all answered 4xx`);
  });

  it('still serves the account after the barrage', async () => {
    const check = await server.app.inject({
      method: 'POST',
      url: '/auth/guest/auth',
      payload: { login: 'malformed@example.com', password: 'secret1' },
    });
    expect(check.statusCode).toBe(200);
  });
});
