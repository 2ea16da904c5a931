import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { form, linkIn, type TestServer } from '../helpers/server.ts';

/** Client addresses for the auth tests, so that one test's attempts never count against another's limits. */
let nextIp = 0;
export function freshIp(): string {
  nextIp += 1;
  return `10.${(nextIp >> 16) & 255}.${(nextIp >> 8) & 255}.${nextIp & 255}`;
}

export type Fields = Record<string, string | number | boolean>;

/** A form POST (or PUT) the way the web app sends it, from `ip` when given. */
export function send(
  server: TestServer,
  method: 'POST' | 'PUT',
  url: string,
  fields: Fields,
  options: { headers?: Record<string, string>; ip?: string } = {},
) {
  const body = form(fields);
  const request: InjectOptions = {
    method,
    url,
    payload: body.payload,
    headers: { ...body.headers, ...options.headers },
  };
  if (options.ip) request.remoteAddress = options.ip;
  return server.app.inject(request);
}

export function get(server: TestServer, url: string, headers: Record<string, string> = {}) {
  return server.app.inject({ method: 'GET', url, headers });
}

/** The hash at the end of the newest mailed link to `email` whose path starts with `prefix`. */
export async function mailedHash(
  server: TestServer,
  email: string,
  prefix: '/createPassword/' | '/resPassword/',
) {
  return linkIn(await server.lastMailTo(email), prefix)
    .split('/')
    .at(-1)!;
}

export interface Account {
  email: string;
  password: string;
  userId: number;
  teamId: number;
  token: string;
  headers: { authorization: string };
}

/** Signs up through HTTP: register, follow the mailed link, create the password (signed in). */
export async function signUp(server: TestServer, email: string, password = 'secret1'): Promise<Account> {
  const registered = await send(
    server,
    'POST',
    '/auth/guest/register',
    { login: email, offer: true, subscription: true },
    { ip: freshIp() },
  );
  expect(registered.statusCode).toBe(200);
  const hash = await mailedHash(server, email, '/createPassword/');
  const created = await send(
    server,
    'POST',
    '/auth/guest/set-new-password',
    { hash, password, confirm: password },
    { ip: freshIp() },
  );
  expect(created.statusCode).toBe(200);
  const token: string = created.json().access_token;
  const headers = { authorization: `Bearer ${token}` };
  const user = (await get(server, '/auth/v1/check', headers)).json();
  return { email, password, userId: user.id, teamId: user.TeamsRender[0].id, token, headers };
}

/** Signs in through HTTP and returns the token. */
export async function signIn(server: TestServer, email: string, password: string, ip = freshIp()) {
  const response = await send(server, 'POST', '/auth/guest/auth', { login: email, password }, { ip });
  expect(response.statusCode).toBe(200);
  return response.json().access_token as string;
}
