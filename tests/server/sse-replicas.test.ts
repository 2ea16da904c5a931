import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIEWER_ROLE } from '../../contracts/team-body.ts';
import { SSE_COOKIE } from '../../server/lib/authenticate.ts';
import { createMemoryBus } from '../../server/lib/event-bus.ts';
import { openStream, type Stream } from '../helpers/event-stream.ts';
import {
  createSignedInUser,
  type SignedInUser,
  startReplica,
  startTestServer,
  type TestServer,
} from '../helpers/server.ts';
import { signIn, signUp } from './auth-helpers.ts';

/**
 * Two replicas (A and B) in one process on one PGlite database and one in-memory bus: what ends a stream through A
 * ends it on B too. tests/cluster/replicas.test.ts proves the same with two processes on PostgreSQL.
 */
const bus = createMemoryBus();
let server: TestServer;
let replicaB: FastifyInstance;
let baseB: string;
const streams: Stream[] = [];

beforeAll(async () => {
  server = await startTestServer({}, { bus });
  replicaB = await startReplica(server, bus);
  baseB = await replicaB.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await Promise.all(streams.map((stream) => stream.cancel()));
  await replicaB.close();
  await server.close();
});

async function streamOnB(token: string): Promise<Stream> {
  const stream = await openStream(baseB, { cookie: `${SSE_COOKIE}=${token}` });
  streams.push(stream);
  expect(stream.response.status).toBe(200);
  await stream.waitFor(/retry: /);
  return stream;
}

/** Whether the stream ends within a second. */
async function endsSoon(stream: Stream): Promise<boolean> {
  const timeout = new Promise<false>((resolve) => setTimeout(() => resolve(false), 1000));
  return Promise.race([stream.ended.then(() => true), timeout]);
}

/** An admin's team with a second admin in it, the one whose stream is watched. */
async function teamOfTwo(): Promise<{ admin: SignedInUser; member: SignedInUser }> {
  const admin = await createSignedInUser(server);
  const member = await createSignedInUser(server, { teamId: admin.teamId, role: 10 });
  return { admin, member };
}

const throughA = (
  method: 'PUT' | 'DELETE',
  url: string,
  who: { headers: Record<string, string> },
  payload?: object,
) => server.app.inject({ method, url: `/auth${url}`, headers: who.headers, ...(payload ? { payload } : {}) });

describe('event streams on another replica', () => {
  it('ends on B the stream of a member removed through A', async () => {
    const { admin, member } = await teamOfTwo();
    const stream = await streamOnB(member.token);
    const removed = await throughA('DELETE', `/v1/teams/${admin.teamId}/members/${member.userId}`, admin);
    expect(removed.statusCode).toBe(200);
    expect(await endsSoon(stream)).toBe(true);
  });

  it('ends on B the stream of an admin demoted to viewer through A, so it reconnects with the new role', async () => {
    const { admin, member } = await teamOfTwo();
    const stream = await streamOnB(member.token);
    const demoted = await throughA('PUT', `/v1/teams/${admin.teamId}/members/${member.userId}`, admin, {
      role: VIEWER_ROLE,
    });
    expect(demoted.statusCode).toBe(200);
    expect(await endsSoon(stream)).toBe(true);
  });

  it('ends on B the stream of a session signed out through A', async () => {
    const account = await signUp(server, 'replica-revoke@example.com');
    const other = await signIn(server, account.email, account.password);
    const stream = await streamOnB(other);
    const sessions = (
      await server.app.inject({ url: '/auth/v1/sessions', headers: account.headers })
    ).json() as {
      id: number;
      current: boolean;
    }[];
    const target = sessions.find((session) => !session.current)!;
    expect((await throughA('DELETE', `/v1/sessions/${target.id}`, account)).statusCode).toBe(200);
    expect(await endsSoon(stream)).toBe(true);
  });
});
