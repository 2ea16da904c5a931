import { type ChildProcess, spawn } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATIONS_PATH } from '../../contracts/notifications.ts';
import { sweepIntervalMs } from '../../server/nodes/health-sweep.ts';
import { formatBits } from '../../src/lib/bits.ts';
import {
  type ApiAccount,
  launchBrowser,
  newPage,
  type RunningServer,
  signInPage,
  signInThroughUi,
  signUpViaApi,
  startServer,
} from './harness.ts';
import type { CaughtMail } from './mail-catcher.ts';

/**
 * Node health end to end, with the real agent (`agent/main.ts --simulate`) as a child process
 * against the real server. The agent heartbeats every 2 s, so a 6 s threshold never flaps while it runs.
 */
const OFFLINE_AFTER_S = 6;
const HEARTBEAT_S = 2;
const SWEEP_MS = sweepIntervalMs(OFFLINE_AFTER_S);
const NODE_NAME = 'Porto Ribeira';
/** How long a test below keeps the agent down, with a margin. */
const DOWN_WINDOW_MS = 20_000;
const root = path.resolve(import.meta.dirname, '../..');

interface DayStats {
  total_result: { nodrUpLink: number; deliveredToViewers: number; inputFromCdn: number };
}

const offlineMail = (mail: CaughtMail) => mail.subject === `NODR ${NODE_NAME} is offline`;
const backMail = (mail: CaughtMail) => mail.subject === `NODR ${NODE_NAME} is back online`;
const isAlert = (mail: CaughtMail) => offlineMail(mail) || backMail(mail);

describe('node health with the real agent', () => {
  let server: RunningServer;
  let browser: Browser;
  let account: ApiAccount;
  let page: Page;
  let dir: string;
  let keyFile: string;
  let node: { id: number; licenseKey: string };
  let agent: ChildProcess | undefined;
  let agentOutput = '';
  /** The Statistics page, on Playwright's clock, and its check that Day gains the agent's minute. */
  let statsPage: Page;
  let dayGainsPoint: Promise<void>;
  let totals: DayStats['total_result'] | undefined;
  /** Whether the server has the agent's first minute. */
  let delivered = false;
  /** Offline card to e-mail in the first episode: how long the second one waits for a mail that must not come. */
  let mailAfterCardMs = 0;

  async function api<T>(method: string, pathname: string, body?: Record<string, string>): Promise<T> {
    const response = await fetch(`${server.url}${pathname}`, {
      method,
      headers: {
        authorization: `Bearer ${account.token}`,
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: body ? new URLSearchParams(body).toString() : undefined,
    });
    expect(response.status, `${method} ${pathname}`).toBeLessThan(300);
    return (await response.json()) as T;
  }

  function startAgent(): ChildProcess {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'agent/main.ts',
        '--server',
        server.url,
        '--key',
        keyFile,
        '--simulate',
        '--heartbeat-s',
        String(HEARTBEAT_S),
      ],
      {
        cwd: root,
        env: { ...process.env, NODR_LICENSE_KEY: node.licenseKey, NODR_STATE_DIR: path.join(dir, 'state') },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    child.stdout?.on('data', (chunk: Buffer) => {
      agentOutput += chunk.toString();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      agentOutput += chunk.toString();
    });
    return child;
  }

  /**
   * Kills the agent (SIGKILL), but not across a minute's end before its first minute is delivered: an agent started
   * after that end reports the minute only at the next one, and the Day chart check would wait a minute longer.
   */
  async function killAgent(): Promise<number> {
    const toMinuteEnd = 60_000 - (Date.now() % 60_000);
    if (!delivered && toMinuteEnd < DOWN_WINDOW_MS)
      await expect.poll(() => delivered, { timeout: 30_000 }).toBe(true);
    const current = agent!;
    const exited = new Promise((resolve) => current.once('exit', resolve));
    current.kill('SIGKILL');
    const died = Date.now();
    await exited;
    agent = undefined;
    return died;
  }

  const card = (): Locator => page.getByRole('article', { name: `NODR ${NODE_NAME}` });
  const status = (label: string) => card().getByText(label, { exact: true }).waitFor({ timeout: 30_000 });
  const alerts = () => server.mail.mails.filter((mail) => mail.to.includes(account.email) && isAlert(mail));

  /** The Day totals of the node as the Statistics page reads them (POST {stats}v1/nodr/day, spec 7). */
  async function dayTotals(): Promise<DayStats['total_result'] | undefined> {
    const now = Math.floor(Date.now() / 1000);
    const response = await fetch(`${server.url}/stats/v1/nodr/day`, {
      method: 'POST',
      headers: { authorization: `Bearer ${account.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        startTimestamp: now - 86_400,
        endTimestamp: now,
        clientId: account.teamId,
        licenceKey: [node.licenseKey],
      }),
    }).catch(() => undefined);
    return response?.ok ? ((await response.json()) as DayStats).total_result : undefined;
  }

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startServer({ NODE_OFFLINE_AFTER_S: String(OFFLINE_AFTER_S) }),
      launchBrowser(),
    ]);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nodr-node-health-'));
    account = await signUpViaApi(server);
    page = await newPage(browser);
    await signInThroughUi(page, server, account);
  });
  afterAll(async () => {
    agent?.kill('SIGKILL');
    await browser?.close();
    await server?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    if (agentOutput) console.info(`[agent output]\n${agentOutput}`);
  });

  it('shows the node Active without a reload once its agent starts', async () => {
    const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    // The calls the add flow and the name field make (tests/e2e/my-nodr.test.ts walks the screens themselves).
    node = await api('POST', `/api/v1/nodres/team/${account.teamId}/set_public_key/config/1`, {
      teamId: String(account.teamId),
      configId: '1',
      publicKey: String(publicKey.export({ type: 'spki', format: 'pem' })),
    });
    await api('PUT', `/api/v1/nodres/team/${account.teamId}/nodr/${node.id}`, {
      teamId: String(account.teamId),
      config_id: '1',
      name: NODE_NAME,
      id: String(node.id),
    });
    await page.reload();
    await status('Configuring hardware');
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));

    keyFile = path.join(dir, 'private.pem');
    fs.writeFileSync(keyFile, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
    // As if this agent had run here before: it reports the minute it starts in at the next minute's end, instead
    // of skipping it (docs/agent.md), so the Day chart below gains a point within a minute.
    // The Statistics page must first read before that minute ends: close to a minute's end, start after it.
    const toMinuteEnd = 60_000 - (Date.now() % 60_000);
    if (toMinuteEnd < 15_000) await new Promise((resolve) => setTimeout(resolve, toMinuteEnd + 100));
    fs.mkdirSync(path.join(dir, 'state'));
    const lastMinute = Math.floor(Date.now() / 60_000) * 60 - 60;
    fs.writeFileSync(path.join(dir, 'state', 'state.json'), JSON.stringify({ lastMinute }));
    agent = startAgent();
    await status('Active');
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
  });

  it('starts watching the Day chart, which must gain the agent minute without a reload', async () => {
    statsPage = await newPage(browser);
    // The page's clock is Playwright's, so its minute refresh can be made due at once (statistics.test.ts).
    await statsPage.clock.install();
    await signInPage(statsPage, server, account);
    await statsPage.goto(`${server.url}/statistics`);
    await expect
      .poll(() => statsPage.getByRole('checkbox', { name: new RegExp(NODE_NAME) }).isChecked())
      .toBe(true);
    const traffic = statsPage.getByRole('img', { name: /^Traffic chart, Day, selected nodes/ });
    await traffic.waitFor();
    await statsPage.evaluate(() => Object.assign(window, { sameDocument: true }));
    // The node has no minute yet when the page first reads.
    expect(await traffic.getAttribute('aria-label')).toContain(`DELIVERED TO VIEWERS ${formatBits(0)}`);

    // Runs beside the next tests: the agent delivers the minute it started in about 2 s after that minute ends.
    const firstMinute = expect
      .poll(
        async () => {
          totals = await dayTotals();
          return totals?.deliveredToViewers ?? 0;
        },
        { timeout: 150_000, interval: 1_000 },
      )
      .toBeGreaterThan(0)
      .then(() => {
        delivered = true;
      });
    dayGainsPoint = firstMinute.then(async () => {
      const refresh = statsPage.waitForResponse((response) => response.url().endsWith('/stats/v1/nodr/day'));
      await statsPage.clock.fastForward(61_000);
      await refresh;
      const bits = formatBits(totals!.deliveredToViewers * 8);
      await statsPage
        .getByRole('img', { name: new RegExp(`^Traffic chart, Day.*DELIVERED TO VIEWERS ${bits}`) })
        .waitFor();
      expect(await statsPage.evaluate(() => 'sameDocument' in window)).toBe(true);
    });
    dayGainsPoint.catch(() => undefined);
  });

  it('shows Offline without a reload and mails the admin when the agent dies', async () => {
    const died = await killAgent();
    const [cardMs, mail] = await Promise.all([
      status('Offline').then(() => Date.now() - died),
      server.mail.waitFor(account.email, offlineMail, 30_000),
    ]);
    const mailMs = Date.now() - died;
    mailAfterCardMs = Math.max(0, mailMs - cardMs);
    console.info(
      `NODE_OFFLINE_AFTER_S=${OFFLINE_AFTER_S}, heartbeat ${HEARTBEAT_S} s, sweep every ${SWEEP_MS} ms: ` +
        `agent killed -> Offline card ${(cardMs / 1000).toFixed(1)} s, -> offline e-mail ${(mailMs / 1000).toFixed(1)} s`,
    );
    expect(cardMs).toBeGreaterThanOrEqual((OFFLINE_AFTER_S - HEARTBEAT_S) * 1000);
    await card()
      .getByText(/^last seen/)
      .waitFor();
    expect(mail.text).toContain(`${NODE_NAME} (`);
    expect(mail.text).toContain('is offline. Last seen:');
    expect(mail.text).toContain(`${server.url}/myNodr`);
    expect(mail.header('List-Unsubscribe')).toMatch(/^<http:\/\/\S+\/v1\/notifications\/unsubscribe\/\S+>$/);
    expect(mail.header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
  });

  it('shows Active again and mails how long the node was down when the agent restarts', async () => {
    const restarted = Date.now();
    agent = startAgent();
    const [, mail] = await Promise.all([
      status('Active'),
      server.mail.waitFor(account.email, backMail, 30_000),
    ]);
    console.info(
      `agent restarted -> Active card and back-online e-mail ${((Date.now() - restarted) / 1000).toFixed(1)} s`,
    );
    expect(mail.text).toContain(`${NODE_NAME} (`);
    expect(mail.text).toMatch(/is back online after being down for (under a minute|\d+ min)\./);
    expect(mail.text).toContain(`${server.url}/myNodr`);
    expect(
      await card()
        .getByText(/^last seen/)
        .count(),
    ).toBe(0);
    expect(alerts()).toHaveLength(2);
  });

  it('sends no alert when the dashboard restarts while the agent runs (grace)', async () => {
    // As if the dashboard had been down for longer than the threshold, and the agent (in its retry pause) reports
    // only seconds after the dashboard is back: the new process runs 30 s ahead, so every node's last report is
    // older than NODE_OFFLINE_AFTER_S when it starts, and the agent is held still past the first sweep. Only the
    // grace keeps that sweep from marking the node offline.
    agent!.kill('SIGSTOP');
    await server.restart({ timeShift: '+30 seconds' });
    const started = Date.now();
    await new Promise((resolve) => setTimeout(resolve, SWEEP_MS + 1_000));
    agent!.kill('SIGCONT');
    // Nothing must happen, so this waits a fixed time: to the end of the grace, then two sweeps past it.
    await new Promise((resolve) =>
      setTimeout(resolve, started + OFFLINE_AFTER_S * 1000 + 2 * SWEEP_MS - Date.now()),
    );
    const health = await api<{ online: boolean; transitions: unknown[] }>(
      'GET',
      `/api/v1/nodres/team/${account.teamId}/${node.id}/health`,
    );
    expect(health).toMatchObject({ online: true, transitions: [expect.anything(), expect.anything()] });
    expect(alerts()).toHaveLength(2);
    await status('Active');
  });

  it('stops alerts with the one-click unsubscribe link, so a second down mails nothing', async () => {
    // The /unsubscribe page the e-mail body links to has its own tests; this uses the one-click POST URL
    // of the e-mail's List-Unsubscribe header (RFC 8058), as a mail client does.
    const mail = server.mail.mails.find(
      (caught) => caught.to.includes(account.email) && offlineMail(caught),
    )!;
    const oneClick = mail.header('List-Unsubscribe').slice(1, -1);
    const response = await fetch(oneClick, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(response.status).toBe(200);
    expect(await api('GET', `/auth/${NOTIFICATIONS_PATH}`)).toMatchObject({ alerts: false });

    const died = await killAgent();
    await status('Offline');
    const offlineCardMs = Date.now() - died;
    // The first offline e-mail came this long after the card; wait well past that for one that must not come.
    await new Promise((resolve) => setTimeout(resolve, Math.max(3_000, 3 * mailAfterCardMs)));
    agent = startAgent();
    await status('Active');
    await new Promise((resolve) => setTimeout(resolve, Math.max(3_000, 3 * mailAfterCardMs)));
    expect(alerts()).toHaveLength(2);
    console.info(`second down: Offline card after ${(offlineCardMs / 1000).toFixed(1)} s, no e-mail`);
  });

  it('has drawn the agent minute on the Day chart without a reload', async () => {
    await dayGainsPoint;
  });
});
