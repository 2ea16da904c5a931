import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { SHUTDOWN_EVENT } from '../../contracts/event-stream.ts';
import { SSE_COOKIE } from '../../server/lib/authenticate.ts';
import { copyPgliteTemplate } from '../helpers/database.ts';
import { killServerProcesses, type ServerProcess, startServerProcess } from './server-process.ts';

const CONNECTIONS = 50;
const DEADLINE_MS = 10_000;

interface LoadFigures {
  requests: number;
  inFlightAtSignal: number;
  statuses: Record<number, number>;
  /** 503 answers without `Connection: close` */
  open503: number;
  /** new connections refused after the listener closed: no request was sent on them */
  refused: number;
  /** requests sent that never got an answer (ECONNRESET, socket hang up) */
  unanswered: string[];
}

/** 50 kept-alive clients, each sending GET `url` as soon as its previous answer arrived, until the server goes. */
function startLoad(port: number, url = '/app-config.json') {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const figures: LoadFigures = {
    requests: 0,
    inFlightAtSignal: 0,
    statuses: {},
    open503: 0,
    refused: 0,
    unanswered: [],
  };
  let inFlight = 0;
  const get = () =>
    new Promise<number>((resolve, reject) => {
      inFlight += 1;
      figures.requests += 1;
      const request = http.get({ host: '127.0.0.1', port, path: url, agent }, (response) => {
        response.resume();
        response.on('end', () => {
          inFlight -= 1;
          const status = response.statusCode ?? 0;
          if (status === 503 && response.headers.connection !== 'close') figures.open503 += 1;
          resolve(status);
        });
      });
      request.on('error', (error: NodeJS.ErrnoException) => {
        inFlight -= 1;
        reject(error);
      });
    });
  const worker = async () => {
    for (;;) {
      try {
        const status = await get();
        figures.statuses[status] = (figures.statuses[status] ?? 0) + 1;
        if (status === 503) return;
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code ?? String(error);
        if (code === 'ECONNREFUSED') figures.refused += 1;
        else figures.unanswered.push(code);
        return;
      }
    }
  };
  const done = Promise.all(Array.from({ length: CONNECTIONS }, worker)).then(() => agent.destroy());
  return { figures, done, markSignal: () => (figures.inFlightAtSignal = inFlight) };
}

// A start is not what these tests time: DEMO=1 backfills its node's history first, which took over 90 s on a loaded
// 2-core machine.
async function running(server: ServerProcess): Promise<void> {
  await expect
    .poll(server.output, { timeout: 180_000, interval: 200 })
    .toContain('NODR Dashboard is running');
}

/** Sends SIGTERM and resolves with the exit code and how long the process took to go. */
async function terminate(server: ServerProcess) {
  const sent = performance.now();
  server.child.kill('SIGTERM');
  const { code, signal, at } = await server.exited;
  return { code, signal, exitMs: Math.round(at - sent) };
}

function report(label: string, figures: LoadFigures, exitMs: number) {
  console.info(
    `${label}: ${figures.requests} requests, ${figures.inFlightAtSignal} in flight at SIGTERM, ` +
      `answers ${JSON.stringify(figures.statuses)}, ${figures.refused} connections refused after close, ` +
      `${figures.unanswered.length} unanswered, exit after ${exitMs} ms`,
  );
}

// A test that failed before stopping its server would leave it on the port the next test or run needs.
afterEach(killServerProcesses);

describe('SIGTERM drain of a real server process', () => {
  const dataDirs: string[] = [];
  // A copy of the run's migrated template: the drain is under test here, not a first start's initdb.
  const freshDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nodr-drain-'));
    dataDirs.push(dir);
    copyPgliteTemplate(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('under 50 kept-alive clients answers every request (200 or 503 with Connection: close), exits 0 within the deadline, 3 rounds on one data folder', async () => {
    const dataDir = freshDir();
    for (let round = 1; round <= 3; round++) {
      const server = startServerProcess(dataDir, 9301);
      await running(server);
      const load = startLoad(9301);
      await expect.poll(() => load.figures.requests, { timeout: 10_000, interval: 20 }).toBeGreaterThan(500);
      load.markSignal();
      const { code, signal, exitMs } = await terminate(server);
      await load.done;
      report(`round ${round}`, load.figures, exitMs);

      expect(load.figures.unanswered).toEqual([]);
      expect(load.figures.open503).toBe(0);
      expect(load.figures.inFlightAtSignal).toBeGreaterThan(0);
      expect(Object.keys(load.figures.statuses).sort()).toEqual(
        load.figures.statuses[503] ? ['200', '503'] : ['200'],
      );
      expect({ code, signal }).toEqual({ code: 0, signal: null });
      expect(exitMs).toBeLessThan(DEADLINE_MS);
      expect(server.output()).not.toContain('exiting anyway');
      expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
    }
  }, 240_000);

  it('with DEMO=1 and open event streams: each stream gets the shutdown message, the process exits 0 at once', async () => {
    const dataDir = freshDir();
    const server = startServerProcess(dataDir, 9302, { DEMO: '1' });
    await running(server);
    const email = /e-mail:\s+(\S+)/.exec(server.output())![1]!;
    const password = /password:\s+(\S+)/.exec(server.output())![1]!;
    const signIn = await fetch('http://127.0.0.1:9302/auth/guest/auth', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ login: email, password }),
    });
    expect(signIn.status).toBe(200);
    const session = signIn.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith(`${SSE_COOKIE}=`))!
      .split(';')[0]!;
    const openStream = async () => {
      const response = await fetch('http://127.0.0.1:9302/api/v1/sse/handle', {
        headers: { cookie: session },
      });
      return { status: response.status, text: response.status === 200 ? await response.text() : '' };
    };
    const stream = openStream();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const load = startLoad(9302);
    await expect.poll(() => load.figures.requests, { timeout: 10_000, interval: 20 }).toBeGreaterThan(300);
    // A sign-in (an Argon2 check, tens of milliseconds) received before the signal is answered in full.
    const inFlightSignIn = fetch('http://127.0.0.1:9302/auth/guest/auth', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ login: email, password }),
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    load.markSignal();
    // Streams asked for at the moment of the signal: each is either refused with 503 or opened and ended.
    const late = Array.from({ length: 5 }, openStream);
    const { code, signal, exitMs } = await terminate(server);
    await load.done;
    report('DEMO=1 with event streams', load.figures, exitMs);

    const signedIn = await inFlightSignIn;
    // Answered in full; whether it ended before the signal (keep-alive) or after it (close) is a matter of timing.
    expect(signedIn.status).toBe(200);
    const first = await stream;
    expect(first.status).toBe(200);
    expect(first.text).toContain(`event: ${SHUTDOWN_EVENT}\ndata: reconnect\n\n`);
    const refused = { status: undefined, text: '' };
    for (const { status, text } of await Promise.all(late.map((request) => request.catch(() => refused)))) {
      // A connection refused after the listener closed is not a request the server received.
      if (status === undefined) continue;
      expect([200, 503]).toContain(status);
      if (status === 200) expect(text).toContain(`event: ${SHUTDOWN_EVENT}`);
    }
    expect(load.figures.unanswered).toEqual([]);
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    expect(exitMs).toBeLessThan(DEADLINE_MS);
    expect(server.output()).not.toContain('exiting anyway');

    const again = startServerProcess(dataDir, 9302, { DEMO: '1' });
    await running(again);
    expect((await terminate(again)).code).toBe(0);
  }, 420_000);

  it('exits 0 at the hard deadline (SHUTDOWN_TIMEOUT_S) when a request never completes', async () => {
    const dataDir = freshDir();
    const server = startServerProcess(dataDir, 9303, { SHUTDOWN_TIMEOUT_S: '1' });
    await running(server);
    // A request whose body never arrives keeps the drain waiting for ever.
    const socket = net.connect(9303, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write('POST /auth/guest/auth HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\nlogin=');
    socket.on('error', () => {});
    await new Promise((resolve) => setTimeout(resolve, 200));
    const { code, signal, exitMs } = await terminate(server);
    socket.destroy();
    console.info(`deadline of 1 s: exit after ${exitMs} ms`);
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    expect(exitMs).toBeGreaterThanOrEqual(1000);
    expect(exitMs).toBeLessThan(3000);
    expect(server.output()).toContain('Shutdown took longer than 1 s; exiting anyway.');
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
  }, 120_000);
});
