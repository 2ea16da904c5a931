import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessions, teamMembers } from '../../server/db/schema.ts';
import { SSE_COOKIE } from '../../server/lib/authenticate.ts';
import { MAX_STREAMS_PER_USER } from '../../server/live/sse-streams.ts';
import { openStream, type Stream } from '../helpers/event-stream.ts';
import { newNodeKeys } from '../helpers/nodes.ts';
import {
  createSignedInUser,
  form,
  type SignedInUser,
  startTestServer,
  type TestServer,
} from '../helpers/server.ts';

const cookieOf = (user: SignedInUser) => ({ cookie: `${SSE_COOKIE}=${user.token}` });

describe('event stream GET /api/v1/sse/handle over a listening server', () => {
  let server: TestServer;
  let base: string;
  const streams: Stream[] = [];

  beforeAll(async () => {
    server = await startTestServer();
    base = await server.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterEach(async () => {
    vi.useRealTimers();
    await Promise.all(streams.splice(0).map((stream) => stream.cancel()));
  });
  afterAll(() => server.close());

  const open = async (headers: Record<string, string>) => {
    const stream = await openStream(base, headers);
    streams.push(stream);
    return stream;
  };

  it('takes only the session cookie: a Bearer header alone, a bad or missing cookie get 401', async () => {
    const user = await createSignedInUser(server);
    const attempts: Record<string, string>[] = [
      user.headers,
      {},
      { cookie: `${SSE_COOKIE}=not-a-session-token-xxxxxxxx` },
    ];
    for (const headers of attempts) {
      const response = await fetch(`${base}/api/v1/sse/handle`, { headers });
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ error: 'unauthorized' });
    }
  });

  it('opens with the retry hint, as an event stream with the security headers', async () => {
    const user = await createSignedInUser(server);
    const stream = await open(cookieOf(user));
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(stream.response.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(stream.response.headers.get('cache-control')).toBe('no-store');
    await stream.waitFor(/^retry: 1000\n\n/);
  });

  it("delivers a change by one member to another member's stream within 1 s, and nothing to outsiders", async () => {
    const owner = await createSignedInUser(server);
    const member = await createSignedInUser(server, { teamId: owner.teamId, role: 20 });
    const outsider = await createSignedInUser(server);
    const memberStream = await open(cookieOf(member));
    const outsiderStream = await open(cookieOf(outsider));
    await memberStream.waitFor(/retry/);
    await outsiderStream.waitFor(/retry/);

    const body = form({ teamId: owner.teamId, configId: 1, publicKey: newNodeKeys().publicKey });
    const created = await fetch(`${base}/api/v1/nodres/team/${owner.teamId}/set_public_key/config/1`, {
      method: 'POST',
      headers: { ...owner.headers, ...body.headers },
      body: body.payload,
    });
    expect(created.status).toBe(201);
    const node = (await created.json()) as { id: number };
    const latency = await memberStream.waitFor(/id: \d+\ndata: 10\n\n/, 1000);
    expect(latency).toBeLessThan(1000);

    server.app.deps.hub.publish(owner.teamId, 30);
    await memberStream.waitFor(/data: 30\n\n/);
    const deleted = await fetch(`${base}/api/v1/nodres/team/${owner.teamId}/${node.id}`, {
      method: 'DELETE',
      headers: owner.headers,
    });
    expect(deleted.status).toBe(200);
    await memberStream.waitFor(/data: 10\n\n[\s\S]*data: 30\n\n[\s\S]*data: 10\n\n/);

    const ids = [...memberStream.text().matchAll(/id: (\d+)\n/g)].map((match) => Number(match[1]));
    expect(ids).toHaveLength(3);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    expect(new Set(ids).size).toBe(3);
    expect(outsiderStream.text()).not.toMatch(/data:/);
  });

  it('sends a comment ping every 15 s', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const user = await createSignedInUser(server);
    const stream = await open(cookieOf(user));
    await stream.waitFor(/retry/);
    vi.advanceTimersByTime(14_999);
    expect(stream.text()).not.toContain(': ping');
    vi.advanceTimersByTime(1);
    await stream.waitFor(/: ping\n\n/);
    vi.advanceTimersByTime(15_000);
    await stream.waitFor(/: ping\n\n: ping\n\n/);
  });

  it('ends the stream at the first heartbeat after its session has expired', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const user = await createSignedInUser(server);
    const stream = await open(cookieOf(user));
    await stream.waitFor(/retry/);
    server.clock.advance(24 * 3600_000);
    vi.advanceTimersByTime(15_000);
    const closed = await Promise.race([
      stream.ended.then(() => true),
      new Promise((resolve) => setTimeout(() => resolve(false), 1000)),
    ]);
    expect(closed).toBe(true);
    expect(stream.text()).not.toContain(': ping');
  });

  it('closes the stream when its session logs out, and keeps the streams of other sessions', async () => {
    const user = await createSignedInUser(server);
    const other = await createSignedInUser(server, { teamId: user.teamId });
    const stream = await open(cookieOf(user));
    const otherStream = await open(cookieOf(other));
    await stream.waitFor(/retry/);
    await otherStream.waitFor(/retry/);

    const logout = await fetch(`${base}/auth/v1/logout`, { headers: user.headers });
    expect(logout.status).toBe(200);
    const closed = await Promise.race([
      stream.ended.then(() => true),
      new Promise((resolve) => setTimeout(() => resolve(false), 1000)),
    ]);
    expect(closed).toBe(true);

    server.app.deps.hub.publish(user.teamId, 20);
    await otherStream.waitFor(/data: 20\n\n/);
    expect((await fetch(`${base}/api/v1/sse/handle`, { headers: cookieOf(user) })).status).toBe(401);
  });
});

describe('event stream rules: membership, session and stream limits', () => {
  let server: TestServer;
  let base: string;
  const streams: Stream[] = [];
  beforeAll(async () => {
    server = await startTestServer();
    base = await server.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterEach(async () => {
    await Promise.all(streams.splice(0).map((stream) => stream.cancel()));
  });
  afterAll(() => server.close());

  const open = async (user: SignedInUser) => {
    const stream = await openStream(base, cookieOf(user));
    streams.push(stream);
    await stream.waitFor(/retry/);
    return stream;
  };
  const endsWithin = (stream: Stream, ms: number) =>
    Promise.race([
      stream.ended.then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms)),
    ]);

  it("a member removed from the team stops receiving the team's events at once; the others keep them", async () => {
    const owner = await createSignedInUser(server);
    const member = await createSignedInUser(server, { teamId: owner.teamId, role: 20 });
    const ownerStream = await open(owner);
    const memberStream = await open(member);
    server.app.deps.hub.publish(owner.teamId, 10);
    await memberStream.waitFor(/data: 10\n\n/);

    await server.db
      .delete(teamMembers)
      .where(and(eq(teamMembers.teamId, owner.teamId), eq(teamMembers.userId, member.userId)));
    server.app.deps.hub.publish(owner.teamId, 20);
    await ownerStream.waitFor(/data: 20\n\n/);
    server.app.deps.hub.publish(owner.teamId, 30);
    await ownerStream.waitFor(/data: 30\n\n/);
    expect(memberStream.text()).not.toMatch(/data: (20|30)/);
  });

  it('a session revoked by any path (not through the hub) ends its stream at the next event', async () => {
    const user = await createSignedInUser(server);
    const other = await createSignedInUser(server, { teamId: user.teamId });
    const stream = await open(user);
    const otherStream = await open(other);
    await server.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, user.userId));
    server.app.deps.hub.publish(user.teamId, 10);
    expect(await endsWithin(stream, 2000)).toBe(true);
    expect(stream.text()).not.toMatch(/data: 10/);
    await otherStream.waitFor(/data: 10\n\n/);
  });

  it('keeps at most 10 streams per user: the 11th closes the oldest, and other users are untouched', async () => {
    const user = await createSignedInUser(server);
    const neighbour = await createSignedInUser(server, { teamId: user.teamId });
    const neighbourStream = await open(neighbour);
    const opened: Stream[] = [];
    for (let i = 0; i < MAX_STREAMS_PER_USER + 1; i += 1) opened.push(await open(user));
    expect(await endsWithin(opened[0]!, 2000)).toBe(true);
    server.app.deps.hub.publish(user.teamId, 20);
    await Promise.all([...opened.slice(1), neighbourStream].map((stream) => stream.waitFor(/data: 20\n\n/)));
    expect(opened[0]!.text()).not.toMatch(/data: 20/);
    expect(await endsWithin(opened[1]!, 100)).toBe(false);
  });

  it('counts event ids per team', async () => {
    const busy = await createSignedInUser(server);
    const quiet = await createSignedInUser(server);
    const busyStream = await open(busy);
    const quietStream = await open(quiet);
    for (let i = 0; i < 3; i += 1) server.app.deps.hub.publish(busy.teamId, 10);
    await busyStream.waitFor(/(data: 10\n\n[\s\S]*){3}/);
    server.app.deps.hub.publish(quiet.teamId, 10);
    await quietStream.waitFor(/data: 10\n\n/);
    const ids = (stream: Stream) =>
      [...stream.text().matchAll(/id: (\d+)\n/g)].map((match) => Number(match[1]));
    expect(ids(busyStream)).toEqual([1, 2, 3]);
    expect(ids(quietStream)).toEqual([1]);
  });
});

describe('event stream and server shutdown', () => {
  let server: TestServer;
  let base: string;
  beforeAll(async () => {
    server = await startTestServer();
    base = await server.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    if (!closed) await server.close();
  });
  let closed = false;

  it('ends open streams when the server closes, without hanging', async () => {
    const user = await createSignedInUser(server);
    const stream = await openStream(base, cookieOf(user));
    await stream.waitFor(/retry/);
    const started = performance.now();
    await server.close();
    closed = true;
    await stream.ended;
    expect(performance.now() - started).toBeLessThan(5000);
  });
});

describe.each([
  { framed: true, path: 'one chunk encoded once for all streams' },
  { framed: false, path: "Node's response per stream (bench:sse's before)" },
])('event stream writes: $path', ({ framed }) => {
  let server: TestServer;
  let base: string;
  beforeAll(async () => {
    server = await startTestServer({ sseFramedWrites: framed });
    base = await server.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => server.close());

  it('delivers each event, in order and whole, to every stream of the team', async () => {
    const owner = await createSignedInUser(server);
    const member = await createSignedInUser(server, { teamId: owner.teamId });
    const streams = [await openStream(base, cookieOf(owner)), await openStream(base, cookieOf(member))];
    for (const stream of streams) await stream.waitFor(/retry/);
    server.app.deps.hub.publish(owner.teamId, 10);
    server.app.deps.hub.publish(owner.teamId, 30);
    server.app.deps.hub.publish(owner.teamId, 30);
    for (const stream of streams) {
      await stream.waitFor(/id: 3\ndata: 30\n\n/);
      expect(stream.text()).toBe('retry: 1000\n\nid: 1\ndata: 10\n\nid: 2\ndata: 30\n\nid: 3\ndata: 30\n\n');
    }
    await Promise.all(streams.map((stream) => stream.cancel()));
  });
});
