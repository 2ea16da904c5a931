import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { type Browser, chromium, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { copyPgliteTemplate } from '../helpers/database.ts';
import { type MailCatcher, startMailCatcher } from './mail-catcher.ts';

const root = path.resolve(import.meta.dirname, '../..');
export const artifactsDir = path.join(root, 'tests/.artifacts');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  mail: MailCatcher;
  /** Everything the server printed (stdout and stderr). */
  output: () => string;
  /**
   * Stops the server and starts it again on the same data folder, port and mail catcher. `timeShift` (e.g.
   * '+25 hours') runs the new process under libfaketime, as if started that much later: real expiry, no test hooks.
   */
  restart: (options?: { timeShift?: string }) => Promise<void>;
  stop: () => Promise<void>;
}

interface ServerProcess {
  child: ChildProcess;
  exited: Promise<void>;
}

const groupAlive = (pid: number): boolean => {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * Stops the server's whole process group: under libfaketime the product runs as a child of the `faketime` wrapper,
 * which dies on SIGTERM without passing it on, so signalling only the wrapper left the product running.
 */
async function stopProcess({ child, exited }: ServerProcess): Promise<void> {
  const pid = child.pid;
  if (pid === undefined || !groupAlive(pid)) return;
  process.kill(-pid, 'SIGTERM');
  const deadline = Date.now() + 10_000;
  while (groupAlive(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  if (groupAlive(pid)) process.kill(-pid, 'SIGKILL');
  await exited;
}

export interface StartOptions {
  /**
   * 'migrated' (the default): the data folder starts as a copy of the run's migrated template (global-setup.ts), as
   * after a first start. 'empty': the first start on a fresh machine, initdb and every migration included.
   */
  data?: 'migrated' | 'empty';
}

/**
 * Starts the real product as `npm start` runs it (built web app, PGlite in a data folder of its own) with its mail
 * going to an SMTP catcher. `env` adds or overrides environment variables (e.g. MAINTENANCE=1, DEMO=1).
 */
export async function startServer(
  env: Record<string, string> = {},
  { data = 'migrated' }: StartOptions = {},
): Promise<RunningServer> {
  const mail = await startMailCatcher();
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nodr-e2e-'));
  if (data === 'migrated') copyPgliteTemplate(dataDir);
  const url = `http://localhost:${port}`;
  let output = '';

  const launch = async (timeShift?: string): Promise<ServerProcess> => {
    const node = [process.execPath, '--import', 'tsx', 'server/main.ts'];
    const command = timeShift ? ['faketime', timeShift, ...node] : node;
    const child = spawn(command[0]!, command.slice(1), {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        PUBLIC_URL: url,
        SMTP_URL: mail.url,
        DEMO: '0',
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group, so that stopProcess reaches the product behind the faketime wrapper too.
      detached: true,
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`Server exited early:\n${output}`);
      const ready = await fetch(`${url}/app-config.json`).then(
        (response) => response.ok,
        () => false,
      );
      if (ready) return { child, exited };
      if (Date.now() > deadline) throw new Error(`Server did not start within 60 s:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
  };

  let current = await launch();
  return {
    url,
    port,
    dataDir,
    mail,
    output: () => output,
    restart: async (options = {}) => {
      await stopProcess(current);
      current = await launch(options.timeShift);
    },
    stop: async () => {
      await stopProcess(current);
      await mail.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Headless Debian Chromium (STACK.md flags). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

export const viewports = {
  desktop: { width: 1366, height: 900 },
  phone: { width: 390, height: 844 },
} as const;

/** A new page in its own context (axe needs browser.newContext().newPage()). Page errors fail loudly. */
export async function newPage(browser: Browser, viewport: keyof typeof viewports = 'desktop'): Promise<Page> {
  const context = await browser.newContext({ viewport: viewports[viewport], permissions: [] });
  const page = await context.newPage();
  page.on('pageerror', (error) => {
    console.error(`[page error] ${error.message}`);
  });
  return page;
}

/** Runs axe on the page as it is now and fails on any violation, listing them. */
export async function expectNoAxeViolations(page: Page, label = page.url()): Promise<void> {
  // Text fading in (the layout's 200 ms appear animation) is measured mid-fade otherwise: wait for finite animations.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.effect?.getTiming().iterations === Infinity || animation.playState !== 'running',
      ),
  );
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help} -> ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
  expect(summary, `axe violations on ${label}`).toEqual([]);
}

/** Saves a PNG under tests/.artifacts/screenshots/<name>-<viewport>.png for a person to look at. */
export async function screenshot(page: Page, name: string): Promise<string> {
  const size = page.viewportSize();
  const tag = size && size.width < 600 ? 'phone' : 'desktop';
  const file = path.join(artifactsDir, 'screenshots', `${name}-${tag}.png`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

let accountCounter = 0;

/** A unique e-mail address for a test. */
export function uniqueEmail(prefix = 'operator'): string {
  accountCounter += 1;
  return `${prefix}${Date.now().toString(36)}${accountCounter}@example.com`;
}

export interface ApiAccount {
  email: string;
  password: string;
  token: string;
  userId: number;
  teamId: number;
}

/**
 * Makes a page signed in as `account`, as the sign-in screen would: the bearer token in storage and the event
 * stream's HttpOnly cookie (without it the stream is refused and the reconnecting banner shows).
 */
export async function signInPage(page: Page, server: RunningServer, account: ApiAccount): Promise<void> {
  await page
    .context()
    .addInitScript((token) => localStorage.setItem('bearer_access_token', token), account.token);
  await page.context().addCookies([
    {
      name: 'nodr_session',
      value: account.token,
      url: `${server.url}/api/v1/sse`,
      httpOnly: true,
      sameSite: 'Strict',
    },
  ]);
}

async function call(
  server: RunningServer,
  method: string,
  pathname: string,
  body?: Record<string, string>,
  token?: string,
) {
  const response = await fetch(`${server.url}${pathname}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? new URLSearchParams(body).toString() : undefined,
  });
  const data = await response.json().catch(() => undefined);
  if (!response.ok) throw new Error(`${method} ${pathname} -> ${response.status} ${JSON.stringify(data)}`);
  return data as Record<string, unknown>;
}

/**
 * Signs a new operator up through the real auth API and its real e-mail (register, link from the mail, set password,
 * create account). For tests whose subject comes after sign-up; the sign-up screens have their own journey test.
 */
export async function signUpViaApi(
  server: RunningServer,
  options: { email?: string; password?: string; name?: string; surname?: string; workspace?: string } = {},
): Promise<ApiAccount> {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? 'correct horse 42';
  await call(server, 'POST', '/auth/guest/register', {
    login: email,
    createPath: `${server.url}/createPassword`,
    resetPath: `${server.url}/resPassword`,
    loginPath: server.url,
    offer: 'true',
    subscription: 'true',
  });
  const link = await server.mail.linkFor(email, '/createPassword/');
  const hash = decodeURIComponent(new URL(link).pathname.split('/').at(-1) ?? '');
  const session = await call(server, 'POST', '/auth/guest/set-new-password', {
    hash,
    password,
    confirm: password,
  });
  const token = String(session.access_token);
  const user = await call(server, 'GET', '/auth/v1/check', undefined, token);
  const userId = Number(user.id);
  const teamId = Number((user.TeamsRender as { id: number }[])[0]?.id);
  await call(
    server,
    'PUT',
    `/auth/v1/user/${userId}`,
    {
      id: String(userId),
      name: options.name ?? 'Ada',
      surname: options.surname ?? 'Lovelace',
    },
    token,
  );
  await call(
    server,
    'PUT',
    `/auth/v1/teams/${teamId}`,
    { id: String(teamId), name: options.workspace ?? 'Analytical Engines' },
    token,
  );
  return { email, password, token, userId, teamId };
}

/** Signs in through the login screen as a person would, and waits for My NODR. */
export async function signInThroughUi(
  page: Page,
  server: RunningServer,
  account: { email: string; password: string },
) {
  await page.goto(`${server.url}/`);
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(`${server.url}/myNodr`);
}
