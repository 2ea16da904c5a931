import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SSE_COOKIE } from '../../server/lib/authenticate.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { get, signIn, signUp } from './auth-helpers.ts';

/** Reads an event stream until it ends; resolves with what it received. */
async function readStream(response: Response): Promise<string> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let received = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return received;
    received += decoder.decode(value, { stream: true });
  }
}

describe('signing a browser out in Settings ends its open event stream', () => {
  let server: TestServer;
  let base: string;
  beforeAll(async () => {
    server = await startTestServer();
    base = await server.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => server.close());

  it('closes the stream of the signed-out session within a second, and refuses its reconnection', async () => {
    const account = await signUp(server, 'stream-revoke@example.com');
    const other = await signIn(server, account.email, account.password);
    const headers = { cookie: `${SSE_COOKIE}=${other}` };
    const controller = new AbortController();
    const response = await fetch(`${base}/api/v1/sse/handle`, { headers, signal: controller.signal });
    expect(response.status).toBe(200);
    const ended = readStream(response);

    const sessions = (await get(server, '/auth/v1/sessions', account.headers)).json() as {
      id: number;
      current: boolean;
    }[];
    const target = sessions.find((session) => !session.current)!;
    const started = performance.now();
    const revoked = await server.app.inject({
      method: 'DELETE',
      url: `/auth/v1/sessions/${target.id}`,
      headers: account.headers,
    });
    expect(revoked.statusCode).toBe(200);
    const timeout = new Promise<'still open'>((resolve) => setTimeout(() => resolve('still open'), 1000));
    const outcome = await Promise.race([ended.then(() => 'ended'), timeout]);
    controller.abort();
    expect(outcome).toBe('ended');
    expect(performance.now() - started).toBeLessThan(1000);
    expect((await fetch(`${base}/api/v1/sse/handle`, { headers })).status).toBe(401);
  });
});
