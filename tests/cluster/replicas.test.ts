import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STREAM_EVENT } from '../../contracts/event-stream.ts';
import { HEALTH_EVENT } from '../../contracts/node-health.ts';
import { createClusterProxy } from '../../scripts/cluster/proxy.ts';
import { AUTH_LIMITS } from '../../server/accounts/rate-limits.ts';
import { type Database, openDatabase } from '../../server/db/database.ts';
import {
  nodeHealthTransitions,
  nodeLiveness,
  nodes,
  sessions,
  teamMembers,
  teams,
  users,
} from '../../server/db/schema.ts';
import { SSE_COOKIE } from '../../server/lib/authenticate.ts';
import { tryJobLock } from '../../server/lib/jobs.repository.ts';
import { hashToken, randomToken } from '../../server/lib/tokens.ts';
import { type CaughtMail, startMailCatcher } from '../e2e/mail-catcher.ts';
import { openStream, type Stream } from '../helpers/event-stream.ts';
import { newNodeKeys } from '../helpers/nodes.ts';
import { type ServerProcess, startServerProcess } from '../node/server-process.ts';

/**
 * Two real server processes (replicas A and B) on one throwaway PostgreSQL database. Runs in
 * the PostgreSQL stage of scripts/test.sh only (the `cluster` project), since replicas need a shared server.
 */
const adminUrl = process.env.DATABASE_URL;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function freePort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function ready(base: string, replica: ServerProcess): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const status = await fetch(`${base}/readyz`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return;
    await sleep(200);
  }
  throw new Error(`replica at ${base} never became ready:\n${replica.output()}`);
}

/** An admin of a new team with a live session, written straight to the shared database. */
async function signedInAdmin(database: Database, email: string) {
  const { db } = database;
  const [user] = await db.insert(users).values({ email, name: 'Test', surname: 'Admin' }).returning();
  const [team] = await db.insert(teams).values({ name: 'Cluster team' }).returning();
  await db.insert(teamMembers).values({ teamId: team!.id, userId: user!.id, role: 10 });
  const token = randomToken();
  await db
    .insert(sessions)
    .values({ userId: user!.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 3_600_000) });
  return { userId: user!.id, teamId: team!.id, token, email };
}

describe('two replicas on one PostgreSQL', () => {
  let name: string;
  let database: Database;
  let mail: Awaited<ReturnType<typeof startMailCatcher>>;
  let replicas: ServerProcess[] = [];
  let bases: string[] = [];
  const dataDirs: string[] = [];
  const streams: Stream[] = [];
  let owner: Awaited<ReturnType<typeof signedInAdmin>>;

  beforeAll(async () => {
    if (!adminUrl)
      throw new Error('The cluster tests need DATABASE_URL (bash scripts/with-postgres.sh ...).');
    name = `cluster_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    mail = await startMailCatcher();
    const ports = [await freePort(), await freePort()];
    bases = ports.map((port) => `http://127.0.0.1:${port}`);
    // Both start at once: the migrations run under an advisory lock, so neither fails on the other's tables.
    replicas = ports.map((port) => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nodr-replica-'));
      dataDirs.push(dataDir);
      return startServerProcess(dataDir, port, {
        DATABASE_URL: url.toString(),
        SMTP_URL: mail.url,
        NODE_OFFLINE_AFTER_S: '1',
        PUBLIC_URL: 'http://localhost:8080',
      });
    });
    await Promise.all(bases.map((base, i) => ready(base, replicas[i]!)));
    database = await openDatabase({ url: url.toString() });
    owner = await signedInAdmin(database, `owner-${randomToken(4).toLowerCase()}@example.com`);
  });

  afterAll(async () => {
    await Promise.all(streams.map((stream) => stream.cancel()));
    for (const replica of replicas) replica.child.kill('SIGTERM');
    await Promise.all(replicas.map((replica) => replica.exited));
    await database?.close();
    await mail?.close();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
    if (adminUrl && name) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });

  const open = async (base: string) => {
    const stream = await openStream(base, { cookie: `${SSE_COOKIE}=${owner.token}` });
    streams.push(stream);
    expect(stream.response.status).toBe(200);
    await stream.waitFor(/retry: /);
    return stream;
  };

  it('delivers a node event caused through replica A to a stream on replica B', async () => {
    const [a, b] = bases as [string, string];
    const onB = await open(b);
    const { publicKey } = newNodeKeys();
    const body = new URLSearchParams({ teamId: String(owner.teamId), configId: '1', publicKey });
    const created = await fetch(`${a}/api/v1/nodres/team/${owner.teamId}/set_public_key/config/1`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${owner.token}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body,
    });
    expect(created.status).toBe(201);
    await onB.waitFor(new RegExp(`data: ${STREAM_EVENT.nodes}\\n`), 5_000);
  });

  it('passes an event stream through the proxy as each event comes, never buffered', async () => {
    const proxy = createClusterProxy(bases);
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const front = await open(`http://127.0.0.1:${(proxy.address() as AddressInfo).port}`);
    const { publicKey } = newNodeKeys();
    const body = new URLSearchParams({ teamId: String(owner.teamId), configId: '1', publicKey });
    const created = await fetch(`${bases[1]}/api/v1/nodres/team/${owner.teamId}/set_public_key/config/1`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${owner.token}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body,
    });
    expect(created.status).toBe(201);
    await front.waitFor(new RegExp(`data: ${STREAM_EVENT.nodes}\\n`), 5_000);
    await front.cancel();
    await new Promise((resolve) => proxy.close(resolve));
  });

  it('refuses on replica B, within the bus delivery, a session signed out and a member removed through replica A', async () => {
    const [a, b] = bases as [string, string];
    const admin = await signedInAdmin(database, `cache-${randomToken(4).toLowerCase()}@example.com`);
    const member = await signedInAdmin(database, `cache-${randomToken(4).toLowerCase()}@example.com`);
    await database.db.insert(teamMembers).values({ teamId: admin.teamId, userId: member.userId, role: 20 });
    const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
    const list = (base: string, token: string) =>
      fetch(`${base}/api/v1/nodres/team/${admin.teamId}`, { method: 'POST', headers: bearer(token) });
    const check = (base: string, token: string) => fetch(`${base}/auth/v1/check`, { headers: bearer(token) });
    /** Polls until the status is reached; the milliseconds it took. */
    const until = async (status: number, request: () => Promise<Response>) => {
      const start = Date.now();
      while ((await request()).status !== status) {
        if (Date.now() - start > 2_000) throw new Error(`still not ${status} after 2 s`);
        await sleep(10);
      }
      return Date.now() - start;
    };
    // Both sessions are now cached on B.
    expect((await list(b, member.token)).status).toBe(200);
    expect((await check(b, admin.token)).status).toBe(200);

    const removed = await fetch(`${a}/auth/v1/teams/${admin.teamId}/members/${member.userId}`, {
      method: 'DELETE',
      headers: bearer(admin.token),
    });
    expect(removed.status).toBe(200);
    expect((await list(a, member.token)).status).toBe(403);
    await until(403, () => list(b, member.token));

    expect((await fetch(`${a}/auth/v1/logout`, { headers: bearer(admin.token) })).status).toBe(200);
    expect((await check(a, admin.token)).status).toBe(401);
    await until(401, () => check(b, admin.token));
  });

  it('ends on replica B the streams of a member demoted and of a member removed through replica A', async () => {
    const [a, b] = bases as [string, string];
    const admin = await signedInAdmin(database, `streams-${randomToken(4).toLowerCase()}@example.com`);
    const demoted = await signedInAdmin(database, `streams-${randomToken(4).toLowerCase()}@example.com`);
    const removed = await signedInAdmin(database, `streams-${randomToken(4).toLowerCase()}@example.com`);
    for (const member of [demoted, removed])
      await database.db.insert(teamMembers).values({ teamId: admin.teamId, userId: member.userId, role: 10 });
    const streamOnB = async (token: string) => {
      const stream = await openStream(b, { cookie: `${SSE_COOKIE}=${token}` });
      streams.push(stream);
      expect(stream.response.status).toBe(200);
      await stream.waitFor(/retry: /);
      return stream;
    };
    const endsWithin = (stream: Stream, ms: number) =>
      Promise.race([stream.ended.then(() => true), sleep(ms).then(() => false)]);
    const change = (method: string, userId: number, body?: object) =>
      fetch(`${a}/auth/v1/teams/${admin.teamId}/members/${userId}`, {
        method,
        headers: {
          authorization: `Bearer ${admin.token}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });

    const demotedStream = await streamOnB(demoted.token);
    const removedStream = await streamOnB(removed.token);
    expect((await change('PUT', demoted.userId, { role: 20 })).status).toBe(200);
    expect(await endsWithin(demotedStream, 2_000)).toBe(true);
    expect((await change('DELETE', removed.userId)).status).toBe(200);
    expect(await endsWithin(removedStream, 2_000)).toBe(true);
  });

  it('shows on replica B, within the bus delivery, a profile change and a team rename made through replica A', async () => {
    const [a, b] = bases as [string, string];
    const admin = await signedInAdmin(database, `view-${randomToken(4).toLowerCase()}@example.com`);
    const member = await signedInAdmin(database, `view-${randomToken(4).toLowerCase()}@example.com`);
    await database.db.insert(teamMembers).values({ teamId: admin.teamId, userId: member.userId, role: 20 });
    const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
    const checked = async (base: string, token: string) =>
      (await fetch(`${base}/auth/v1/check`, { headers: bearer(token) })).json();
    const put = (url: string, fields: Record<string, string>) =>
      fetch(url, {
        method: 'PUT',
        headers: { ...bearer(admin.token), 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields),
      });
    /** Polls B's check until it shows what is expected; the milliseconds it took. */
    const until = async (
      token: string,
      shows: (view: { name: string; TeamsRender: { name: string }[] }) => boolean,
    ) => {
      const start = Date.now();
      while (!shows(await checked(b, token))) {
        if (Date.now() - start > 2_000) throw new Error('replica B still answers the old check after 2 s');
        await sleep(10);
      }
      return Date.now() - start;
    };
    // Both answers are now cached on B: a change behind the product's back does not show there.
    expect((await checked(b, admin.token)).name).toBe('Test');
    expect((await checked(b, member.token)).TeamsRender.map((team: { name: string }) => team.name)).toContain(
      'Cluster team',
    );
    await database.db.update(users).set({ name: 'Hand' }).where(eq(users.id, admin.userId));
    expect((await checked(b, admin.token)).name).toBe('Test');

    expect((await put(`${a}/auth/v1/user/${admin.userId}`, { name: 'Ada' })).status).toBe(200);
    expect((await checked(a, admin.token)).name).toBe('Ada');
    await until(admin.token, (view) => view.name === 'Ada');

    expect((await put(`${a}/auth/v1/teams/${admin.teamId}`, { name: 'Renamed on A' })).status).toBe(200);
    await until(member.token, (view) => view.TeamsRender.some((team) => team.name === 'Renamed on A'));
  });

  it('counts a rate limit across both replicas', async () => {
    const login = `limited-${randomToken(4).toLowerCase()}@example.com`;
    const statuses: number[] = [];
    for (let i = 0; i <= AUTH_LIMITS.registerAddress.max; i += 1) {
      const response = await fetch(`${bases[i % 2]}/auth/guest/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ login, offer: false, subscription: false }),
      });
      statuses.push(response.status);
    }
    // Three went to each replica: alone, neither would have reached the limit of five.
    expect(statuses.slice(0, -1).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('sends each e-mail once and runs each sweep once, whichever replica made the work', async () => {
    const [a, b] = bases as [string, string];
    const onA = await open(a);
    const onB = await open(b);
    const addresses = Array.from(
      { length: 4 },
      (_, i) => `mail${i}-${randomToken(4).toLowerCase()}@example.com`,
    );
    await Promise.all(
      addresses.map((login, i) =>
        fetch(`${bases[i % 2]}/auth/guest/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ login, offer: false, subscription: false }),
        }),
      ),
    );
    // A node that stopped reporting long ago: both replicas' health sweeps see it go offline.
    const [node] = await database.db
      .select({ id: nodes.id })
      .from(nodes)
      .where(eq(nodes.teamId, owner.teamId));
    await database.db.update(nodes).set({ status: 10, offlineSince: null }).where(eq(nodes.id, node!.id));
    await database.db
      .insert(nodeLiveness)
      .values({ nodeId: node!.id, lastSeenAt: new Date(Date.now() - 3_600_000) })
      .onConflictDoUpdate({
        target: nodeLiveness.nodeId,
        set: { lastSeenAt: new Date(Date.now() - 3_600_000) },
      });

    await Promise.all(addresses.map((address) => mail.waitFor(address)));
    const offlineMail = await mail.waitFor(owner.email);
    await onA.waitFor(new RegExp(`event: ${HEALTH_EVENT}\\n`), 10_000);
    await onB.waitFor(new RegExp(`event: ${HEALTH_EVENT}\\n`), 10_000);
    // Longer than a mailer timer (5 s) and many sweeps (every 333 ms): time for a second delivery or claim to show.
    await sleep(6_000);
    const to = (address: string) => mail.mails.filter((caught: CaughtMail) => caught.to.includes(address));
    for (const address of addresses) expect(to(address)).toHaveLength(1);
    expect(to(owner.email)).toEqual([offlineMail]);
    const [transitions] = await database.db
      .select({ n: count() })
      .from(nodeHealthTransitions)
      .where(eq(nodeHealthTransitions.nodeId, node!.id));
    expect(transitions?.n).toBe(1);
    for (const stream of [onA, onB])
      expect(stream.text().match(new RegExp(`event: ${HEALTH_EVENT}\\n`, 'g'))).toHaveLength(1);
  });

  it('turns a second replica away from a job whose lock another holds, until that transaction ends', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let first: Promise<boolean> = Promise.resolve(false);
    const locked = new Promise<void>((resolve) => {
      first = database.db.transaction(async (tx) => {
        const got = await tryJobLock(tx, 'lock-test');
        resolve();
        await held;
        return got;
      });
    });
    await locked;
    expect(await database.db.transaction((tx) => tryJobLock(tx, 'lock-test'))).toBe(false);
    release();
    expect(await first).toBe(true);
    expect(await database.db.transaction((tx) => tryJobLock(tx, 'lock-test'))).toBe(true);
  });

  it('loses no request through the proxy while replica A stops on SIGTERM', async () => {
    const proxy = createClusterProxy(bases);
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const front = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 20 });
    const answers: Record<string, number> = {};
    let running = true;
    const request = (i: number) =>
      new Promise<string>((resolve) => {
        // Reads and writes: a list of the team's nodes is a POST with a body (spec 7).
        const post = i % 2 === 1;
        const call = http.request(
          `${front}${post ? `/api/v1/nodres/team/${owner.teamId}` : '/app-config.json'}`,
          {
            agent,
            method: post ? 'POST' : 'GET',
            headers: post
              ? { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' }
              : {},
          },
          (response) => {
            response.resume();
            response.on('end', () => resolve(String(response.statusCode)));
          },
        );
        call.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
        call.end(post ? '{}' : undefined);
      });
    const worker = async (i: number) => {
      while (running) {
        const answer = await request(i);
        answers[answer] = (answers[answer] ?? 0) + 1;
      }
    };
    const load = Promise.all(Array.from({ length: 20 }, (_, i) => worker(i)));
    await sleep(500);
    replicas[0]!.child.kill('SIGTERM');
    const exit = await replicas[0]!.exited;
    await sleep(500);
    running = false;
    await load;
    agent.destroy();
    await new Promise((resolve) => proxy.close(resolve));
    expect(exit.code).toBe(0);
    expect(Object.keys(answers)).toEqual(['200']);
    expect(answers['200']).toBeGreaterThan(100);
  });
});
