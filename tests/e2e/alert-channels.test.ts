import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
 * An Admin adds a webhook channel in Settings > Alerts pointing at a receiver on this machine, sends a test (the
 * receiver gets a signed alert.test and the row shows the answer), renames the channel and removes it.
 */

const eventually = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000 });

/** Where this branch's screenshots go for review, beside the suite's own artifacts. */
const SHOTS = process.env.SHOTS_DIR;
/** The review widths: a common laptop and a phone. */
const SIZES = { desktop: { width: 1440, height: 900 }, phone: viewports.phone } as const;

async function shot(page: Page, region: Locator, name: string): Promise<void> {
  await screenshot(page, name);
  if (!SHOTS) return;
  const size = page.viewportSize();
  const tag = size && size.width < 600 ? 'phone' : 'desktop';
  fs.mkdirSync(SHOTS, { recursive: true });
  await region.screenshot({ path: path.join(SHOTS, `${name}-${tag}.png`) });
}

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A webhook receiver on 127.0.0.1 that answers 200 and keeps every request. */
async function startReceiver(): Promise<{ url: string; received: Received[]; server: Server }> {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.writeHead(200, { 'content-type': 'text/plain' }).end('thanks');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hook`, received, server };
}

/** The check docs/alerts.md gives receivers, by hand. */
function signed(secret: string, { headers, body }: Received): boolean {
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const expected = createHmac('sha256', key)
    .update(`${headers['webhook-id']}.${headers['webhook-timestamp']}.${body}`)
    .digest('base64');
  return String(headers['webhook-signature']).split(' ').includes(`v1,${expected}`);
}

describe('Alert channels in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let account: ApiAccount;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    // The receiver is on loopback, which the outbound guard refuses unless told otherwise.
    [server, browser, receiver] = await Promise.all([
      startServer({ WEBHOOK_ALLOW_PRIVATE: '1' }),
      launchBrowser(),
      startReceiver(),
    ]);
    account = await signUpViaApi(server);
    page = await newPage(browser, 'desktop');
    await page.setViewportSize(SIZES.desktop);
    await signInPage(page, server, account);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    receiver?.server.close();
  });

  it('adds a webhook, sends a signed test, shows its result, edits it, rotates its secret and removes it', async () => {
    await page.goto(`${server.url}/settings/alerts`);
    const section = page.getByRole('region', { name: 'Alert channels' });
    await eventually(() => section.getByText('This team has no alert channels.').isVisible()).toBe(true);

    await section.getByRole('button', { name: 'Add channel' }).click();
    await section.getByLabel('Name').fill('Ops receiver');
    await section.getByLabel('URL').fill(receiver.url);
    for (const viewport of ['phone', 'desktop'] as const) {
      await page.setViewportSize(SIZES[viewport]);
      await expectNoAxeViolations(page, `settings alert channels, form (${viewport})`);
      await shot(page, section, 'settings-alert-channel-form');
    }
    await section.getByRole('button', { name: 'Save' }).click();

    const secretField = section.getByRole('textbox', { name: 'Signing secret' });
    await eventually(() => secretField.isVisible()).toBe(true);
    const secret = await secretField.inputValue();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]+$/);
    for (const viewport of ['phone', 'desktop'] as const) {
      await page.setViewportSize(SIZES[viewport]);
      await expectNoAxeViolations(page, `settings alert channels, secret shown (${viewport})`);
      await shot(page, section, 'settings-alert-channel-secret');
    }
    await section.getByRole('button', { name: 'I have copied it' }).click();
    await eventually(() => secretField.count()).toBe(0);

    const rows = section.getByRole('list', { name: 'Alert channels' }).getByRole('listitem');
    await eventually(() => rows.count()).toBe(1);
    await section.getByRole('button', { name: 'Send test to Ops receiver' }).click();
    await eventually(() => rows.first().textContent()).toMatch(/Last delivery: 200 in \d+ ms, just now/);
    expect(receiver.received).toHaveLength(1);
    const [test] = receiver.received;
    expect(JSON.parse(test?.body ?? '{}')).toMatchObject({
      type: 'alert.test',
      data: { channel: { name: 'Ops receiver' }, team: { id: account.teamId } },
    });
    expect(test && signed(secret, test)).toBe(true);
    for (const viewport of ['phone', 'desktop'] as const) {
      await page.setViewportSize(SIZES[viewport]);
      await expectNoAxeViolations(page, `settings alert channels, listed (${viewport})`);
      await shot(page, section, 'settings-alert-channels');
    }

    await section.getByRole('button', { name: 'Edit Ops receiver' }).click();
    await section.getByLabel('Name').fill('Ops');
    await section.getByRole('button', { name: 'Save' }).click();
    await eventually(() => rows.first().textContent()).toContain('Ops');
    await page.reload();
    await eventually(() => rows.first().textContent()).toMatch(/^Ops\s*Webhook/);
    expect(await rows.first().textContent()).toContain('Last delivery: 200');

    // Rotating asks first; once confirmed, deliveries are signed with the new secret and no longer with the old one.
    await section.getByRole('button', { name: 'Rotate secret of Ops' }).click();
    const rotation = section.getByRole('group', { name: /^Rotate the signing secret of “Ops”\?/ });
    for (const viewport of ['phone', 'desktop'] as const) {
      await page.setViewportSize(SIZES[viewport]);
      await expectNoAxeViolations(page, `settings alert channels, confirming a rotation (${viewport})`);
      await shot(page, section, 'settings-alert-channel-rotate');
    }
    await rotation.getByRole('button', { name: 'Rotate secret' }).click();
    await eventually(() => secretField.isVisible()).toBe(true);
    const rotated = await secretField.inputValue();
    expect(rotated).not.toBe(secret);
    await section.getByRole('button', { name: 'I have copied it' }).click();
    await section.getByRole('button', { name: 'Send test to Ops' }).click();
    await eventually(() => receiver.received.length).toBe(2);
    const [, afterRotation] = receiver.received;
    expect(afterRotation && signed(rotated, afterRotation)).toBe(true);
    expect(afterRotation && signed(secret, afterRotation)).toBe(false);

    await section.getByRole('button', { name: 'Remove Ops' }).click();
    await expectNoAxeViolations(page, 'settings alert channels, confirming');
    await shot(page, section, 'settings-alert-channel-remove');
    await section.getByRole('button', { name: 'Remove channel' }).click();
    await eventually(() => section.getByText('This team has no alert channels.').isVisible()).toBe(true);
    await page.reload();
    await eventually(() => section.getByText('This team has no alert channels.').isVisible()).toBe(true);
  });
});
