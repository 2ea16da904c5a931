import { type ChildProcess, spawn } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlertPayloadBody } from '../../contracts/alert-channels.ts';
import {
  type ApiAccount,
  expectNoAxeViolations,
  launchBrowser,
  newPage,
  type RunningServer,
  screenshot,
  signInPage,
  signUpViaApi,
  startServer,
  viewports,
} from './harness.ts';

/**
 * The alert journey with the real agent (`agent/main.ts --simulate`) and local receivers: an Admin adds a webhook,
 * Slack, Discord, Telegram (a stand-in for its API) and E-mail channel in Settings > Alerts, sends each a test (each
 * gets its own format); the agent is killed, and each channel is told `node.offline` within 90 s; started again,
 * `node.online`. Discord answers 500 to its first offline message, which is retried. The latency from the agent's
 * death to each channel is printed per episode; ALERT_JOURNEY_EPISODES=6 gives the median of five (the first, with its retry, is not counted; docs/performance.md).
 */
const OFFLINE_AFTER_S = 6;
const HEARTBEAT_S = 2;
const EPISODES = Number(process.env.ALERT_JOURNEY_EPISODES ?? 2);
const NODE_NAME = 'Lisbon Alfama';
const BOT_TOKEN = '123456:ABCdefGhIJKlmNoPQRsTUVwxyZ012345';
const CHANNELS = ['Webhook', 'Slack', 'Discord', 'Telegram', 'E-mail'] as const;
type ChannelName = (typeof CHANNELS)[number];
const root = path.resolve(import.meta.dirname, '../..');
const within90s = { timeout: 90_000, interval: 100 };

interface Hit {
  path: string;
  body: Record<string, unknown>;
  at: number;
}

/** One local HTTP server for the four HTTP channels, telling them apart by path; `failNext` answers 500 once. */
async function startReceivers() {
  const hits: Hit[] = [];
  const failNext = new Set<string>();
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const at = Date.now();
      const where = request.url ?? '';
      if (failNext.delete(where)) {
        response.writeHead(500).end('not now');
        return;
      }
      hits.push({ path: where, body: JSON.parse(body) as Record<string, unknown>, at });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, hits, failNext, close: () => server.close() };
}

const PATHS: Record<Exclude<ChannelName, 'E-mail'>, string> = {
  Webhook: '/webhook',
  Slack: '/slack',
  Discord: '/discord',
  Telegram: `/telegram/bot${BOT_TOKEN}/sendMessage`,
};

/** The words every channel's body carries for an event about the node. */
const SAYS = { 'node.offline': 'is offline', 'node.online': 'is back online' } as const;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

describe('alert channels with the real agent', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let account: ApiAccount;
  let receivers: Awaited<ReturnType<typeof startReceivers>>;
  let dir: string;
  let keyFile: string;
  let node: { id: number; licenseKey: string };
  let agent: ChildProcess | undefined;
  let agentOutput = '';
  const latencies: Record<ChannelName, number[]> = {
    Webhook: [],
    Slack: [],
    Discord: [],
    Telegram: [],
    'E-mail': [],
  };

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

  const online = async () =>
    (await api<{ online: boolean | null }[]>('POST', `/api/v1/nodres/team/${account.teamId}`))[0]?.online;

  function startAgent(): ChildProcess {
    const args = ['--import', 'tsx', 'agent/main.ts', '--server', server.url, '--key', keyFile, '--simulate'];
    const child = spawn(process.execPath, [...args, '--heartbeat-s', String(HEARTBEAT_S)], {
      cwd: root,
      env: { ...process.env, NODR_LICENSE_KEY: node.licenseKey, NODR_STATE_DIR: path.join(dir, 'state') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => {
      agentOutput += chunk.toString();
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    return child;
  }

  async function killAgent(): Promise<number> {
    const current = agent!;
    const exited = new Promise((resolve) => current.once('exit', resolve));
    current.kill('SIGKILL');
    const died = Date.now();
    await exited;
    agent = undefined;
    return died;
  }

  /** The text each HTTP channel's body carries, by its own format. */
  function textOf(channel: Exclude<ChannelName, 'E-mail'>, body: Record<string, unknown>): string {
    if (channel === 'Webhook') return (body as unknown as AlertPayloadBody).data.text;
    if (channel === 'Discord') return String(body.content);
    return String(body.text);
  }

  const hitsAt = (channel: Exclude<ChannelName, 'E-mail'>, since: number) =>
    receivers.hits.filter((hit) => hit.path === PATHS[channel] && hit.at >= since);
  const mailsTo = () => server.mail.mails.filter((mail) => mail.to.includes(account.email));

  /** Waits until every channel got the event after `since`; records each one's latency from `since`. */
  async function everyChannelTold(event: keyof typeof SAYS, since: number, record: boolean) {
    const words = `NODR ${NODE_NAME} (`;
    const mailsBefore = mailsTo().length;
    const seen: Partial<Record<ChannelName, number>> = {};
    await expect
      .poll(() => {
        for (const channel of Object.keys(PATHS) as (keyof typeof PATHS)[]) {
          const hit = hitsAt(channel, since).find((each) => textOf(channel, each.body).includes(SAYS[event]));
          if (hit && seen[channel] === undefined) seen[channel] = hit.at;
        }
        const subject = event === 'node.offline' ? 'is offline' : 'is back online';
        if (
          seen['E-mail'] === undefined &&
          mailsTo()
            .slice(mailsBefore)
            .some((m) => m.subject.includes(subject))
        )
          seen['E-mail'] = Date.now();
        return CHANNELS.filter((channel) => seen[channel] === undefined);
      }, within90s)
      .toEqual([]);
    for (const channel of Object.keys(PATHS) as (keyof typeof PATHS)[]) {
      const hit = hitsAt(channel, since).find((each) => textOf(channel, each.body).includes(SAYS[event]));
      expect(textOf(channel, hit!.body)).toContain(words);
    }
    if (record) for (const channel of CHANNELS) latencies[channel].push(seen[channel]! - since);
  }

  beforeAll(async () => {
    receivers = await startReceivers();
    [server, browser] = await Promise.all([
      startServer({
        NODE_OFFLINE_AFTER_S: String(OFFLINE_AFTER_S),
        // The receivers are on loopback, which the outbound guard refuses unless told otherwise.
        WEBHOOK_ALLOW_PRIVATE: '1',
        TELEGRAM_API_URL: `${receivers.url}/telegram`,
      }),
      launchBrowser(),
    ]);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nodr-alert-journey-'));
    account = await signUpViaApi(server);
    page = await newPage(browser, 'desktop');
    await signInPage(page, server, account);
  });
  afterAll(async () => {
    agent?.kill('SIGKILL');
    await browser?.close();
    await server?.stop();
    receivers?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    if (agentOutput && !agentOutput.includes('heartbeat')) console.info(`[agent output]\n${agentOutput}`);
  });

  it('adds the five channels from Settings, and each test arrives in its own format', async () => {
    await page.goto(`${server.url}/settings/alerts`);
    const section = page.getByRole('region', { name: 'Alert channels' });
    const rows = section.getByRole('list', { name: 'Alert channels' }).getByRole('listitem');
    const add = async (type: ChannelName, fill: (form: Locator) => Promise<void>) => {
      await section.getByRole('button', { name: 'Add channel' }).click();
      await section.getByLabel('Type').selectOption({ label: type });
      await section.getByLabel('Name').fill(type);
      await fill(section);
      if (type === 'E-mail')
        for (const viewport of ['phone', 'desktop'] as const) {
          await page.setViewportSize(viewports[viewport]);
          await expectNoAxeViolations(page, `settings alert channels, E-mail form (${viewport})`);
          await screenshot(page, 'settings-alert-channel-email-form');
        }
      await section.getByRole('button', { name: 'Save' }).click();
      if (type === 'Webhook') await section.getByRole('button', { name: 'I have copied it' }).click();
      await expect.poll(() => section.getByText(type, { exact: true }).count()).toBeGreaterThan(0);
    };
    await add('Webhook', (form) => form.getByLabel('URL').fill(`${receivers.url}/webhook`));
    await add('Slack', (form) => form.getByLabel('URL').fill(`${receivers.url}/slack`));
    await add('Discord', (form) => form.getByLabel('URL').fill(`${receivers.url}/discord`));
    await add('Telegram', async (form) => {
      await form.getByLabel('Bot token', { exact: true }).fill(BOT_TOKEN);
      await form.getByLabel('Chat id').fill('-1001234');
    });
    await add('E-mail', async (form) => {
      expect(await form.getByLabel('URL').count()).toBe(0);
    });
    await expect.poll(() => rows.count()).toBe(CHANNELS.length);

    const since = Date.now();
    for (const channel of CHANNELS)
      await section.getByRole('button', { name: `Send test to ${channel}` }).click();
    await expect
      .poll(async () => (await rows.allTextContents()).filter((row) => row.includes('Last delivery:')).length)
      .toBe(CHANNELS.length);
    const [webhook] = hitsAt('Webhook', since);
    expect(webhook?.body).toMatchObject({ type: 'alert.test', data: { channel: { name: 'Webhook' } } });
    expect(hitsAt('Slack', since)[0]?.body).toMatchObject({
      text: expect.any(String),
      blocks: [{ type: 'section' }],
    });
    expect(hitsAt('Discord', since)[0]?.body).toMatchObject({ content: expect.any(String), embeds: [] });
    expect(hitsAt('Telegram', since)[0]?.body).toMatchObject({
      chat_id: '-1001234',
      text: expect.any(String),
    });
    await expect.poll(() => mailsTo().map((mail) => mail.subject), within90s).toContain('NODR test alert');
    expect(await rows.filter({ hasText: 'E-mail' }).textContent()).toContain('Admins with alerts on');
    for (const viewport of ['phone', 'desktop'] as const) {
      await page.setViewportSize(viewports[viewport]);
      await screenshot(page, 'settings-alert-channels-five');
    }
  });

  it('starts the real agent for a node, which turns Active', async () => {
    const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
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
    keyFile = path.join(dir, 'private.pem');
    fs.writeFileSync(keyFile, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
    agent = startAgent();
    await expect.poll(online, within90s).toBe(true);
  });

  it(
    'tells each channel node.offline within 90 s of the kill and node.online after the restart; a 500 is retried',
    async () => {
      for (let episode = 1; episode <= EPISODES; episode += 1) {
        // The first episode's Discord answers 500 to the offline message: the retry (10 s later) delivers it.
        if (episode === 1) receivers.failNext.add(PATHS.Discord);
        const died = await killAgent();
        await everyChannelTold('node.offline', died, episode > 1 || EPISODES === 1);
        if (episode === 1) expect(receivers.failNext.size).toBe(0);
        const started = Date.now();
        agent = startAgent();
        await everyChannelTold('node.online', started, false);
        await expect.poll(online, within90s).toBe(true);
      }
      const figures = CHANNELS.map((channel) => {
        const values = latencies[channel];
        return `${channel} median ${(median(values) / 1000).toFixed(1)} s of [${values.map((v) => (v / 1000).toFixed(1)).join(', ')}]`;
      });
      console.info(`[alert latency, agent killed -> channel] ${figures.join('; ')}`);
    },
    150_000 * EPISODES,
  );
});
