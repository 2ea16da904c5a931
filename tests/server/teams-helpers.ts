import type { InjectOptions } from 'fastify';
import { INVITATION_PATH } from '../../contracts/team-body.ts';
import { linkIn, type TestServer } from '../helpers/server.ts';

/** Someone signed in (or not) as far as a request is concerned. */
export interface Who {
  headers: Record<string, string>;
}
export const signedOut: Who = { headers: {} };

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A JSON call of the auth service, as the web app makes it. */
export function call(server: TestServer, method: Method, url: string, who: Who, payload?: unknown) {
  const request: InjectOptions = { method, url: `/auth${url}`, headers: who.headers };
  if (payload !== undefined) request.payload = payload as InjectOptions['payload'];
  return server.app.inject(request);
}

/** The invitation token of the newest invitation mail to `email`. */
export async function invitationHash(server: TestServer, email: string): Promise<string> {
  const link = new URL(linkIn(await server.lastMailTo(email), INVITATION_PATH));
  const hash = link.searchParams.get('hash');
  if (!hash) throw new Error(`No hash in ${link}`);
  return hash;
}
